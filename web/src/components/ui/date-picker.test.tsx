import { useState } from "react";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { format } from "date-fns";
import { describe, expect, it, vi } from "vitest";

import { DatePicker } from "@/components/ui/date-picker";
import { Label } from "@/components/ui/label";

function StartDateField({ onChange }: { onChange: (date: Date | undefined) => void }) {
  const [date, setDate] = useState<Date | undefined>();
  return (
    <>
      <Label htmlFor="start-date">Start Date</Label>
      <DatePicker
        id="start-date"
        value={date}
        onChange={(next) => {
          setDate(next);
          onChange(next);
        }}
        calendarProps={{ defaultMonth: new Date(2025, 2, 1) }}
      />
    </>
  );
}

describe("DatePicker", () => {
  it("opens a calendar and reports the selected day", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<StartDateField onChange={onChange} />);

    const trigger = screen.getByRole("button", { name: "Start Date" });
    expect(trigger).toHaveTextContent("Pick a date");
    expect(screen.queryByRole("grid")).not.toBeInTheDocument();

    await user.click(trigger);

    const calendar = await screen.findByRole("grid");
    expect(screen.getByText("March 2025")).toBeInTheDocument();

    await user.click(within(calendar).getByRole("button", { name: /March 15th, 2025/ }));

    expect(onChange).toHaveBeenCalledTimes(1);
    const chosen = onChange.mock.calls[0]?.[0] as Date;
    expect(chosen).toBeInstanceOf(Date);
    expect([chosen.getFullYear(), chosen.getMonth(), chosen.getDate()]).toEqual([2025, 2, 15]);

    // The popover closes, focus returns to the trigger, which now shows the chosen date.
    expect(screen.queryByRole("grid")).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent(format(new Date(2025, 2, 15), "PPP"));
    expect(trigger).toHaveFocus();
  });

  it("can be used uncontrolled and from the keyboard", async () => {
    const user = userEvent.setup();
    render(<DatePicker aria-label="End Date" defaultValue={new Date(2025, 0, 10)} />);

    const trigger = screen.getByRole("button", { name: "End Date" });
    expect(trigger).toHaveTextContent("January 10th, 2025");

    trigger.focus();
    await user.keyboard("{Enter}");
    const calendar = await screen.findByRole("grid");
    // The chosen day takes focus; arrow keys move by day.
    expect(within(calendar).getByRole("button", { name: /January 10th, 2025/ })).toHaveFocus();

    await user.keyboard("{ArrowRight}{Enter}");

    expect(screen.queryByRole("grid")).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent("January 11th, 2025");
  });
});
