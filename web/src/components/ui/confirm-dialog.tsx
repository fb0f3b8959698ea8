import { useRef } from "react";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";

export interface Confirmation {
  title: string;
  description: string;
  action: string;
  destructive?: boolean;
  /** The dismissing button's label: "Cancel" unless said. */
  cancel?: string;
  onConfirm: () => void;
  /** Called when the dialog closes without its action (the cancel button, Escape). */
  onCancel?: () => void;
}

/**
 * One confirmation for every destructive or account-changing action (the admin panel's per-user and
 * waitlist actions, deleting an insight or an entry, deleting the account, leaving unsaved changes):
 * open while `confirmation` is set.
 */
export function ConfirmDialog({ confirmation, onClose }: { confirmation: Confirmation | null; onClose: () => void }) {
  const confirmed = useRef(false);
  function close(open: boolean) {
    if (open) return;
    if (!confirmed.current) confirmation?.onCancel?.();
    confirmed.current = false;
    onClose();
  }
  return (
    <AlertDialog open={confirmation !== null} onOpenChange={close}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{confirmation?.title}</AlertDialogTitle>
          <AlertDialogDescription>{confirmation?.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{confirmation?.cancel ?? "Cancel"}</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: confirmation?.destructive ? "destructive" : "default" })}
            onClick={() => {
              confirmed.current = true;
              confirmation?.onConfirm();
            }}
          >
            {confirmation?.action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
