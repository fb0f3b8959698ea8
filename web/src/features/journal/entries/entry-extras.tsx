/**
 * What an entry carries besides its text, shown wherever a saved entry is: its related goal and
 * project chips (10 characters plus '...') and its photos (thumbnails and the gallery).
 */
import { useState } from "react";
import { FolderKanbanIcon, ImageIcon, TargetIcon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PhotoGallery } from "@/features/journal/photos/photo-controls";
import type { Entry } from "@/features/journal/queries";
import { ENTRY_PHOTO_THUMBNAILS } from "@/lib/constants";

import { chipLabel } from "./entry-format";

/** The entry's related goals and projects, each marked with its kind. */
export function EntryChips({ entry }: { entry: Pick<Entry, "relatedGoals" | "relatedProjects"> }) {
  const chips = [
    ...entry.relatedGoals.map((text) => ({ kind: "Goal" as const, text })),
    ...entry.relatedProjects.map((text) => ({ kind: "Project" as const, text })),
  ];
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Related goals and projects" className="flex flex-wrap gap-1">
      {chips.map((chip, index) => {
        const Icon = chip.kind === "Goal" ? TargetIcon : FolderKanbanIcon;
        return (
          <li key={index}>
            <Badge variant="outline" title={`${chip.kind}: ${chip.text}`} aria-label={`${chip.kind}: ${chip.text}`}>
              <Icon aria-hidden="true" className="size-3" />
              {chipLabel(chip.text)}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}

/** The entry's photos as a row of thumbnails (a few, then '+n'); any of them opens the gallery. */
export function EntryPhotos({ entry }: { entry: Pick<Entry, "id" | "photos"> }) {
  const [open, setOpen] = useState(false);
  const photos = entry.photos;
  if (photos.length === 0) return null;
  const shown = photos.slice(0, ENTRY_PHOTO_THUMBNAILS);
  const more = photos.length - shown.length;
  return (
    <div className="flex flex-wrap items-center gap-2" onClick={(event) => event.stopPropagation()}>
      <ul aria-label="Photos" className="flex gap-2">
        {shown.map((photo) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setOpen(true)}
              className="block overflow-hidden rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              aria-label={photo.caption ? `Photo: ${photo.caption}` : "Open photo gallery"}
            >
              <img src={photo.thumbnailUrl} alt={photo.caption ?? "Journal photo"} loading="lazy" className="size-14 object-cover" />
            </button>
          </li>
        ))}
      </ul>
      {more > 0 && <span className="text-xs text-muted-foreground">+{more}</span>}
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <ImageIcon aria-hidden="true" />
        Gallery
      </Button>
      <PhotoGallery entryId={entry.id} photos={photos} open={open} onOpenChange={setOpen} />
    </div>
  );
}
