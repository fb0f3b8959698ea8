/**
 * The Danger Zone's confirmation (spec part 2, "Account delete: confirm, deleted, toast, after 2 s
 * logout and go to /"), asking for the account's password: the server refuses a deletion without it,
 * so a session left open on a shared computer cannot delete the account. A wrong password, or the
 * last admin's 409, is said in the dialog, which stays open.
 */
import { useState, type FormEvent } from "react";
import { Loader2Icon } from "lucide-react";

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, serverMessage } from "@/lib/api/client";

export const DELETE_ACCOUNT_TEXT =
  "This action cannot be undone. This will permanently delete your account and remove all of your data from our servers.";
export const DELETE_PASSWORD_LABEL = "Your password";
export const DELETE_PASSWORD_HINT = "Enter your password to confirm.";

export function DeleteAccountDialog({
  open,
  busy,
  onOpenChange,
  onDelete,
}: {
  open: boolean;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  /** Deletes with the password; rejects with the server's error. */
  onDelete: (currentPassword: string) => Promise<unknown>;
}) {
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState("");

  function change(next: boolean) {
    if (busy) return;
    if (!next) {
      setPassword("");
      setProblem("");
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setProblem(DELETE_PASSWORD_HINT);
      return;
    }
    setProblem("");
    try {
      await onDelete(password);
    } catch (error) {
      // 400 (a wrong password) and 409 (the last admin) are the server's own words; anything else is
      // the caller's toast.
      if (error instanceof ApiError && (error.status === 400 || error.status === 409 || error.status === 429)) {
        setProblem(serverMessage(error) ?? DELETE_PASSWORD_HINT);
      }
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogContent>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Are you absolutely sure?</AlertDialogTitle>
            <AlertDialogDescription>{DELETE_ACCOUNT_TEXT}</AlertDialogDescription>
          </AlertDialogHeader>
          <FormField label={DELETE_PASSWORD_LABEL} error={problem} alert>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                value={password}
                maxLength={1024}
                onChange={(event) => setPassword(event.target.value)}
                disabled={busy}
              />
            )}
          </FormField>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy || !password}>
              {busy && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              Delete Account
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
