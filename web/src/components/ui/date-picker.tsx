import * as React from "react";
import { format } from "date-fns";
import { CalendarIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Calendar, type CalendarProps } from "@/components/ui/calendar";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

type SingleCalendarOptions = Omit<
  Extract<CalendarProps, { mode: "single" }>,
  "mode" | "selected" | "onSelect" | "required"
>;

type DatePickerProps = Omit<React.ComponentProps<typeof Button>, "value" | "defaultValue" | "onChange"> & {
  /** The chosen date (controlled). */
  value?: Date;
  /** The initially chosen date when uncontrolled. */
  defaultValue?: Date;
  /** Called with the chosen day, or undefined when the chosen day is clicked again. */
  onChange?: (date: Date | undefined) => void;
  /** Shown while no date is chosen. */
  placeholder?: string;
  /** date-fns pattern for the chosen date on the button. */
  displayFormat?: string;
  /** Passed to the calendar: disabled days, start/end month, week start... */
  calendarProps?: SingleCalendarOptions;
};

/**
 * Opening starts on the calendar's day to focus (the chosen one, else today), where the arrow
 * keys work, not on "previous month". The calendar's own autoFocus is not enough inside a dialog:
 * the dialog's focus trap pulls that focus back before the popover's scope takes over.
 */
function focusDay(event: Event) {
  const day = (event.currentTarget as HTMLElement).querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]');
  if (!day) return;
  event.preventDefault();
  day.focus();
}

/** A button showing the chosen date that opens a calendar in a popover. */
function DatePicker(props: DatePickerProps) {
  const {
    value,
    defaultValue,
    onChange,
    placeholder = "Pick a date",
    displayFormat = "PPP",
    calendarProps,
    className,
    ...buttonProps
  } = props;
  const [open, setOpen] = React.useState(false);
  const [uncontrolledDate, setUncontrolledDate] = React.useState<Date | undefined>(defaultValue);
  // Controlled when the caller passes `value` at all, even `value={undefined}` for "no date yet".
  const isControlled = "value" in props;
  const date = isControlled ? value : uncontrolledDate;

  function handleSelect(next: Date | undefined) {
    if (!isControlled) setUncontrolledDate(next);
    onChange?.(next);
    setOpen(false);
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          data-slot="date-picker-trigger"
          variant="outline"
          data-empty={!date}
          className={cn(
            "w-full justify-start text-left font-normal data-[empty=true]:text-muted-foreground sm:w-60",
            className,
          )}
          {...buttonProps}
        >
          <CalendarIcon aria-hidden="true" />
          {date ? format(date, displayFormat) : <span>{placeholder}</span>}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        data-slot="date-picker-content"
        className="w-auto p-0"
        align="start"
        onOpenAutoFocus={focusDay}
      >
        <Calendar
          defaultMonth={date}
          autoFocus
          {...calendarProps}
          mode="single"
          selected={date}
          onSelect={handleSelect}
        />
      </PopoverContent>
    </Popover>
  );
}

export { DatePicker, type DatePickerProps };
