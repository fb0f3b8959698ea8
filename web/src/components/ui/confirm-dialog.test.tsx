import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { ConfirmDialog, type Confirmation } from "@/components/ui/confirm-dialog";

function confirmation(onConfirm: () => void): Confirmation {
  return { title: "Delete Insight", description: "This action cannot be undone.", action: "Delete", destructive: true, onConfirm };
}

describe("ConfirmDialog", () => {
  it("is closed while nothing asks", () => {
    render(<ConfirmDialog confirmation={null} onClose={() => {}} />);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("confirms once with its action, then closes", async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog confirmation={confirmation(onConfirm)} onClose={onClose} />);
    const dialog = screen.getByRole("alertdialog", { name: "Delete Insight" });
    expect(dialog).toHaveTextContent("This action cannot be undone.");
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalled();
  });

  it("Cancel closes without confirming", async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog confirmation={confirmation(onConfirm)} onClose={onClose} />);
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it("names its dismissing button and tells Cancel and Escape apart from the action", async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const asked: Confirmation = {
      title: "Unsaved changes", description: "You have unsaved changes.", action: "Leave", cancel: "Stay", onConfirm, onCancel,
    };
    const { rerender } = render(<ConfirmDialog confirmation={asked} onClose={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Stay" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(<ConfirmDialog confirmation={{ ...asked }} onClose={() => {}} />);
    await userEvent.keyboard("{Escape}");
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
    rerender(<ConfirmDialog confirmation={{ ...asked }} onClose={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Leave" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(2); // the action is not a cancel
  });
});
