import { ConfirmDialog, type Confirmation } from "@/components/ui/confirm-dialog";
import { useDeleteEntry, type Entry } from "@/features/journal/queries";
import { toast } from "@/hooks/use-toast";

export const ENTRY_DELETED_TITLE = "Entry deleted";
export const ENTRY_DELETED_MESSAGE = "Your journal entry has been deleted successfully.";
export const ENTRY_DELETE_FAILED_MESSAGE = "Failed to delete journal entry. Please try again.";

interface DeleteEntryDialogProps {
  /** The entry to delete; the confirmation is open while set. */
  entry: Entry | null;
  onClose: () => void;
}

/** The 'Delete Journal Entry' confirmation; DELETE /api/journal/{id}. */
export function DeleteEntryDialog({ entry, onClose }: DeleteEntryDialogProps) {
  const remove = useDeleteEntry();
  const confirmation: Confirmation | null = entry && {
    title: "Delete Journal Entry",
    description: "Are you sure you want to delete this journal entry? This action cannot be undone.",
    action: "Delete",
    destructive: true,
    onConfirm: () =>
      remove.mutate(entry.id, {
        onSuccess: () => toast({ title: ENTRY_DELETED_TITLE, description: ENTRY_DELETED_MESSAGE }),
        onError: () => toast({ title: "Error", description: ENTRY_DELETE_FAILED_MESSAGE, variant: "destructive" }),
      }),
  };
  return <ConfirmDialog confirmation={confirmation} onClose={onClose} />;
}
