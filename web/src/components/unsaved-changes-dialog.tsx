import { useBlocker } from "react-router";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { UNSAVED_CHANGES_MESSAGE } from "@/lib/constants";

/**
 * In-app navigation to another page while `when` holds asks first, in the spec's words ('You have
 * unsaved changes. Are you sure you want to leave?'): Stay keeps the page, Leave goes on. The
 * journal editor and Settings share it; a reload or close is each page's own beforeunload.
 */
export function UnsavedChangesDialog({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      confirmation={
        blocker.state === "blocked"
          ? {
              title: "Unsaved changes",
              description: UNSAVED_CHANGES_MESSAGE,
              cancel: "Stay",
              action: "Leave",
              onConfirm: () => blocker.proceed?.(),
              onCancel: () => blocker.reset?.(),
            }
          : null
      }
      onClose={() => {}}
    />
  );
}
