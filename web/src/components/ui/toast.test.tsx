import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ToastAction } from "@/components/ui/toast";
import { Toaster } from "@/components/ui/toaster";
import { dismiss, toast, useToast } from "@/hooks/use-toast";
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX } from "@/lib/constants";

/** Shows how many toasts the store holds, open or closing. */
function StoreSize() {
  const { toasts } = useToast();
  return <output data-testid="store-size">{toasts.length}</output>;
}

function renderToaster() {
  render(
    <>
      <Toaster />
      <StoreSize />
    </>,
  );
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

describe("toasts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    act(() => {
      dismiss();
      vi.runOnlyPendingTimers();
    });
    vi.useRealTimers();
  });

  it("shows only one toast at a time: a new toast replaces the visible one", () => {
    const viewport = renderToaster();

    act(() => {
      toast({ title: "Saved successfully", description: "Your journal entry has been saved." });
    });
    expect(within(viewport).getByText("Saved successfully")).toBeInTheDocument();

    act(() => {
      toast({ title: "Entry deleted", description: "Your journal entry has been deleted successfully." });
    });

    expect(within(viewport).getAllByRole("listitem")).toHaveLength(1);
    expect(within(viewport).getByText("Entry deleted")).toBeInTheDocument();
    expect(within(viewport).queryByText("Saved successfully")).not.toBeInTheDocument();
    expect(screen.getByTestId("store-size")).toHaveTextContent("1");
  });

  it("closes after the 5000 ms default duration and is removed 5000 ms after dismissal", () => {
    const viewport = renderToaster();

    act(() => {
      toast({ title: "Logged Out" });
    });
    expect(within(viewport).getByText("Logged Out")).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(within(viewport).getByText("Logged Out")).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(viewport).queryByText("Logged Out")).not.toBeInTheDocument();
    // Dismissed but kept in the store (closed) so an exit animation can run...
    expect(screen.getByTestId("store-size")).toHaveTextContent("1");

    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    });
    expect(screen.getByTestId("store-size")).toHaveTextContent("1");

    // ...then removed.
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId("store-size")).toHaveTextContent("0");
  });

  it("renders the destructive variant with a working action, and the close button dismisses", () => {
    const retry = vi.fn();
    const viewport = renderToaster();

    act(() => {
      toast({
        variant: "destructive",
        title: "Save failed",
        description: "Your content is saved locally. Tap to retry saving to the cloud.",
        action: (
          <ToastAction altText="Retry saving" onClick={retry}>
            Retry
          </ToastAction>
        ),
      });
    });

    const item = within(viewport).getByRole("listitem");
    expect(item).toHaveAttribute("data-variant", "destructive");

    fireEvent.click(within(item).getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledTimes(1);

    act(() => {
      toast({ title: "Entry updated" });
    });
    fireEvent.click(within(viewport).getByRole("button", { name: "Close" }));
    expect(within(viewport).queryByText("Entry updated")).not.toBeInTheDocument();
  });

  it("is dismissed by a swipe to the right beyond 50 px, and only then", () => {
    const viewport = renderToaster();
    act(() => {
      toast({ title: "Entry deleted" });
    });

    function swipe(dx: number) {
      const item = within(viewport).getByRole("listitem");
      fireEvent.pointerDown(item, { button: 0, clientX: 100, clientY: 10, pointerId: 1 });
      fireEvent.pointerMove(item, { clientX: 100 + dx / 2, clientY: 10, pointerId: 1 });
      fireEvent.pointerMove(item, { clientX: 100 + dx, clientY: 10, pointerId: 1 });
      fireEvent.pointerUp(item, { clientX: 100 + dx, clientY: 10, pointerId: 1 });
    }

    swipe(-120);
    expect(within(viewport).getByText("Entry deleted")).toBeInTheDocument();

    swipe(TOAST_SWIPE_THRESHOLD_PX - 10);
    expect(within(viewport).getByText("Entry deleted")).toBeInTheDocument();

    swipe(TOAST_SWIPE_THRESHOLD_PX + 10);
    expect(within(viewport).queryByText("Entry deleted")).not.toBeInTheDocument();
  });

  it("labels the viewport with the F8 hotkey and focuses it when F8 is pressed", () => {
    const viewport = renderToaster();
    act(() => {
      toast({ title: "Terms Accepted" });
    });

    const list = within(viewport).getByRole("list");
    expect(list).not.toHaveFocus();

    fireEvent.keyDown(document, { key: "F8", code: "F8" });

    expect(list).toHaveFocus();
  });
});
