import { useState } from "react";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { serverErrorText, useUpdateEntry, type Entry } from "@/features/journal/queries";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api/client";

export const ENTRY_UPDATED_TITLE = "Entry updated";
export const ENTRY_UPDATED_MESSAGE = "Your journal entry has been updated successfully.";
export const ENTRY_UPDATE_FAILED_MESSAGE = "Failed to update journal entry. Please try again.";

interface EditEntryDialogProps {
  /** The entry being edited; the dialog is open while set. */
  entry: Entry | null;
  onClose: () => void;
}

/** Edit an entry's date (free text) and content; PATCH /api/journal/{id}. */
export function EditEntryDialog({ entry, onClose }: EditEntryDialogProps) {
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        {/* Keyed so the fields start from the entry each time it opens. */}
        {entry && <EditEntryForm key={entry.id} entry={entry} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditEntryForm({ entry, onClose }: { entry: Entry; onClose: () => void }) {
  const [date, setDate] = useState(entry.date ?? "");
  const [content, setContent] = useState(entry.content);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateEntry();

  function save() {
    setError(null);
    update.mutate(
      { id: entry.id, content, date },
      {
        onSuccess: () => {
          toast({ title: ENTRY_UPDATED_TITLE, description: ENTRY_UPDATED_MESSAGE });
          onClose();
        },
        onError: (err) => {
          // A 400 (e.g. a date the server cannot read) carries its own explanation.
          const text = err instanceof ApiError && err.status === 400 ? serverErrorText(err.body) : undefined;
          if (text) setError(text);
          else toast({ title: "Error", description: ENTRY_UPDATE_FAILED_MESSAGE, variant: "destructive" });
        },
      },
    );
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (content.trim()) save();
      }}
    >
      <DialogHeader>
        <DialogTitle>Edit Journal Entry</DialogTitle>
        <DialogDescription>Change the date or the text of this entry.</DialogDescription>
      </DialogHeader>
      <FormField id="edit-entry-date" label="Date">
        {(control) => (
          <Input {...control} value={date} placeholder="MM/DD/YYYY" onChange={(event) => setDate(event.target.value)} />
        )}
      </FormField>
      <FormField id="edit-entry-content" label="Content">
        {(control) => (
          <Textarea
            {...control}
            className="min-h-48"
            value={content}
            onChange={(event) => setContent(event.target.value)}
          />
        )}
      </FormField>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!content.trim() || update.isPending}>
          Save Changes
        </Button>
      </DialogFooter>
    </form>
  );
}
