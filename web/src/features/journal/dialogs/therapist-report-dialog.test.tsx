import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { format, subDays, subMonths, startOfMonth } from "date-fns";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json } from "@/features/auth/test-support";
import { renderWithProviders } from "@/test/render";

import { TherapistReportDialog } from "./therapist-report-dialog";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

afterEach(() => {
  closeToasts();
  vi.unstubAllGlobals();
});

function renderDialog(onOpenChange = vi.fn()) {
  renderWithProviders(
    <MemoryRouter>
      <TherapistReportDialog open onOpenChange={onOpenChange} />
    </MemoryRouter>,
  );
  return onOpenChange;
}

describe("TherapistReportDialog", () => {
  it("defaults to the last 30 days and shows the premium note", async () => {
    fakeApi({});
    renderDialog();
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("button", { name: "Start Date" })).toHaveTextContent(
      format(subDays(new Date(), 30), "PPP"),
    );
    expect(within(dialog).getByRole("button", { name: "End Date" })).toHaveTextContent(format(new Date(), "PPP"));
    expect(within(dialog).getByText("This feature is only available to premium subscribers.")).toBeInTheDocument();
  });

  it("offers no day after today: the end date's calendar stops at this month", async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "End Date" }));
    expect(await screen.findByRole("button", { name: /next month/i })).toHaveAttribute("aria-disabled", "true");
    const days = screen.getAllByRole("gridcell").filter((cell) => !cell.hasAttribute("data-outside"));
    const later = days.filter((cell) => Number(cell.textContent) > new Date().getDate());
    expect(later.every((cell) => cell.hasAttribute("data-disabled"))).toBe(true);
  });

  it("opens a date's calendar from the keyboard with focus on the chosen day, which arrow keys move", async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole("dialog");
    const start = subDays(new Date(), 30);
    within(dialog).getByRole("button", { name: "Start Date" }).focus();
    await user.keyboard("{Enter}");

    await screen.findByRole("grid");
    const day = (date: Date) => screen.getByRole("button", { name: new RegExp(format(date, "MMMM do, yyyy")) });
    expect(day(start)).toHaveAccessibleName(expect.stringMatching(/, selected$/));
    expect(day(start)).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(day(subDays(start, 1))).toHaveFocus();
  });

  it("asks for all fields, a valid email and an ordered range", async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole("dialog");
    const send = within(dialog).getByRole("button", { name: "Send Report" });

    await user.click(send);
    expect(await screen.findByText("Missing information")).toBeInTheDocument();
    expect(screen.getByText("Please fill in all fields.")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Therapist Email"), "not-an-email");
    await user.click(send);
    expect(await screen.findByText("Invalid email")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid email address.")).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText("Therapist Email"));
    await user.type(within(dialog).getByLabelText("Therapist Email"), "dr@clinic.org");
    // An end date two months back is before the default start (30 days back).
    await user.click(within(dialog).getByRole("button", { name: "End Date" }));
    const calendar = await screen.findByRole("grid");
    const grid = calendar.closest("[data-slot=date-picker-content]") as HTMLElement;
    await user.click(within(grid).getByRole("button", { name: /previous month/i }));
    await user.click(within(grid).getByRole("button", { name: /previous month/i }));
    const early = startOfMonth(subMonths(new Date(), 2));
    await user.click(within(grid).getByRole("button", { name: new RegExp(format(early, "MMMM do, yyyy")) }));
    await user.click(send);
    expect(await screen.findByText("Invalid date range")).toBeInTheDocument();
    expect(screen.getByText("Start date must be before end date.")).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it("shows the server's premium message on 403", async () => {
    fakeApi({
      "POST /api/journal/therapist-report": () =>
        json(403, { error: "This feature is only available to premium subscribers." }),
    });
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Therapist Email"), "dr@clinic.org");
    await user.click(within(dialog).getByRole("button", { name: "Send Report" }));

    const banner = await within(dialog).findByRole("alert");
    expect(banner).toHaveTextContent("Failed to generate report");
    expect(banner).toHaveTextContent("This feature is only available to premium subscribers.");
    // A free journaler is shown the way to premium, not only refused.
    expect(within(banner).getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute("href", "/subscription");
    // The form stays usable for a retry.
    expect(within(dialog).getByRole("button", { name: "Send Report" })).toBeEnabled();
  });

  it("sends ISO dates and the email, shows progress, then success, and closes after 2 s", async () => {
    let answer!: (response: Response) => void;
    const api = fakeApi({
      "POST /api/journal/therapist-report": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    const onOpenChange = renderDialog();
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Therapist Email"), "dr@clinic.org");
    await user.click(within(dialog).getByRole("button", { name: "Send Report" }));

    expect(await within(dialog).findByText("Generating report, please wait...")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Generating..." })).toBeDisabled();
    await waitFor(() => expect(api.calls("POST /api/journal/therapist-report")).toHaveLength(1));
    const body = (await api.body("POST /api/journal/therapist-report")) as { startDate: string; endDate: string; therapistEmail: string };
    expect(body.therapistEmail).toBe("dr@clinic.org");
    expect(new Date(body.startDate).toISOString()).toBe(body.startDate);
    expect(new Date(body.endDate).toISOString()).toBe(body.endDate);
    answer(json(200, { success: true, message: "Report sent" }));

    expect(await within(dialog).findByText("Report sent successfully!")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false), { timeout: 3000 });
  });
});
