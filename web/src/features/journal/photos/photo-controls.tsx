import { useRef, useState, type ChangeEvent } from "react";
import { ImageIcon, ImagePlusIcon, Trash2Icon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import {
  isSavedEntryId,
  useDeletePhoto,
  usePhotos,
  useUploadPhoto,
  type JournalPhoto,
} from "@/features/journal/photos/photo-api";
import { toast } from "@/hooks/use-toast";
import { ApiError, serverMessage } from "@/lib/api/client";
import { PHOTO_MAX_BYTES } from "@/lib/constants";

export const UPLOAD_FAILED = "There was a problem uploading your photo. Please try again.";
/** The server's words for the same refusals, said before the upload when the browser can tell. */
export const PHOTO_TOO_LARGE = "That photo is too large. The limit is 10 MB.";
export const NOT_AN_IMAGE = "That file is not an image. Please choose a JPEG, PNG, WebP or GIF photo.";

/** 'Upload Failed' with its reason: the browser's check, or the server's message; the spec's
 * 'Please try again' only where trying again may help (no answer, or no reason given). */
function uploadFailed(reason?: string) {
  toast({ variant: "destructive", title: "Upload Failed", description: reason ?? UPLOAD_FAILED });
}

/**
 * Photo controls for one journal entry (spec part 1, sections 2, 5 and 8): 'Add photo' (images
 * only; 'Photos (n)' once some exist) and, when photos exist, 'Gallery'. An unsaved entry (no id,
 * or a 'temp-' id) cannot take photos: the button is marked disabled but stays focusable, and
 * pressing it explains 'Save Required'.
 */
export function PhotoControls({ entryId }: { entryId: string | null }) {
  const saved = isSavedEntryId(entryId);
  const inputRef = useRef<HTMLInputElement>(null);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const photos = usePhotos(entryId);
  const upload = useUploadPhoto(entryId);
  const list = saved ? (photos.data ?? []) : [];

  function onAddClick() {
    if (!saved) {
      toast({ title: "Save Required", description: "Please finish writing and save your entry before adding photos." });
      return;
    }
    inputRef.current?.click();
  }

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) return uploadFailed(NOT_AN_IMAGE);
    if (file.size > PHOTO_MAX_BYTES) return uploadFailed(PHOTO_TOO_LARGE);
    // A refusal (4xx) says why; a 5xx's 'Internal server error' would tell the writer nothing.
    const reason = (error: unknown) => (error instanceof ApiError && error.status < 500 ? serverMessage(error) : undefined);
    upload.mutate({ file }, { onError: (error) => uploadFailed(reason(error)) });
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={onAddClick}
        aria-disabled={!saved || undefined}
        disabled={upload.isPending}
        className={saved ? undefined : "opacity-50"}
      >
        <ImagePlusIcon aria-hidden="true" />
        {upload.isPending ? "Uploading..." : list.length > 0 ? `Photos (${list.length})` : "Add photo"}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="hidden"
        data-testid="photo-file-input"
        onChange={onFileChosen}
        tabIndex={-1}
        aria-hidden="true"
      />
      {list.length > 0 && (
        <Button variant="ghost" size="sm" onClick={() => setGalleryOpen(true)}>
          <ImageIcon aria-hidden="true" />
          Gallery
        </Button>
      )}
      <PhotoGallery entryId={entryId} photos={list} open={galleryOpen} onOpenChange={setGalleryOpen} />
    </div>
  );
}

interface PhotoGalleryProps {
  entryId: string | null;
  photos: JournalPhoto[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The 'Photos from this entry' modal: thumbnails, optional captions, a delete control per photo. */
export function PhotoGallery({ entryId, photos, open, onOpenChange }: PhotoGalleryProps) {
  const remove = useDeletePhoto(entryId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Photos from this entry</DialogTitle>
          <DialogDescription className="sr-only">The photos attached to this journal entry.</DialogDescription>
        </DialogHeader>
        {photos.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No photos attached to this entry yet</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {photos.map((photo) => (
              <li key={photo.id} className="group relative overflow-hidden rounded-lg border">
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    src={photo.thumbnailUrl}
                    alt={photo.caption ?? "Journal photo"}
                    loading="lazy"
                    className="aspect-square w-full object-cover"
                  />
                </a>
                {photo.caption && <p className="truncate px-2 py-1 text-xs text-muted-foreground">{photo.caption}</p>}
                <Button
                  variant="destructive"
                  size="icon-sm"
                  aria-label="Delete photo"
                  className="absolute top-1 right-1"
                  disabled={remove.isPending && remove.variables === photo.id}
                  onClick={() => remove.mutate(photo.id)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
