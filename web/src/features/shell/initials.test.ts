import { describe, expect, it } from "vitest";

import { getInitials } from "@/features/shell/initials";

describe("getInitials", () => {
  it("takes the first two letters of the username in capitals", () => {
    expect(getInitials("ana")).toBe("AN");
    expect(getInitials("Bob_Smith")).toBe("BO");
    expect(getInitials("  élodie ")).toBe("ÉL");
  });

  it("copes with short, empty and astral usernames", () => {
    expect(getInitials("a")).toBe("A");
    expect(getInitials("")).toBe("?");
    expect(getInitials(null)).toBe("?");
    expect(getInitials("😀xyz")).toBe("😀X");
  });
});
