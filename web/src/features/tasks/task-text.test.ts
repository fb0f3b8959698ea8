import { describe, expect, it } from "vitest";

import { splitTaskText } from "@/features/tasks/task-text";

describe("splitTaskText", () => {
  it("does not end the headline after a title or an abbreviation", () => {
    expect(splitTaskText("Email Dr. Patel about your blood test results")).toEqual({
      headline: "Email Dr. Patel about your blood test results",
      detail: "",
    });
    expect(splitTaskText("Call Mrs. Tan. Ask about the consult, e.g. the date.")).toEqual({
      headline: "Call Mrs. Tan",
      detail: "Ask about the consult, e.g. the date.",
    });
    expect(splitTaskText("Pick up shoes, boots etc. from St. Albans. Before Friday")).toEqual({
      headline: "Pick up shoes, boots etc. from St. Albans",
      detail: "Before Friday",
    });
  });

  it("still splits an ordinary sentence end, even one ending in a short word", () => {
    expect(splitTaskText("Call Marta. Ask how it went.")).toEqual({ headline: "Call Marta", detail: "Ask how it went." });
    expect(splitTaskText("Book the room for Sam. Then rest")).toEqual({ headline: "Book the room for Sam", detail: "Then rest" });
  });
});
