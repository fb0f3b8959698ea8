/**
 * Entry photos (spec part 1, section 7): GET /api/journal-photos/{entryId}, POST the same path
 * (multipart: `photo`, optional `caption`), DELETE /api/journal-photos/{photoId}. Plain fetch:
 * the typed client does not carry these routes (and multipart is awkward through it).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { CSRF_HEADERS, toApiError } from "@/lib/api/client";
import { TEMP_ENTRY_ID_PREFIX } from "@/lib/constants";

export interface JournalPhoto {
  id: string;
  url: string;
  thumbnailUrl: string;
  caption: string | null;
  createdAt: string;
  width: number | null;
  height: number | null;
}

export const photoKeys = {
  list: (entryId: string) => ["journal", "photos", entryId] as const,
};

/** Photos belong to saved entries only: not to a missing id or a temporary 'temp-' one. */
export function isSavedEntryId(entryId: string | null | undefined): entryId is string {
  return !!entryId && !entryId.startsWith(TEMP_ENTRY_ID_PREFIX);
}

function url(path: string): string {
  return new URL(path, window.location.origin).toString();
}

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url(path), {
    ...init,
    credentials: "include",
    headers: { Accept: "application/json", ...CSRF_HEADERS },
  });
  if (!response.ok) throw await toApiError(response);
  return response;
}

export async function listPhotos(entryId: string): Promise<JournalPhoto[]> {
  const response = await send(`/api/journal-photos/${encodeURIComponent(entryId)}`);
  const body: unknown = await response.json();
  return Array.isArray(body) ? (body as JournalPhoto[]) : [];
}

export async function uploadPhoto(entryId: string, file: File, caption?: string): Promise<JournalPhoto> {
  const form = new FormData();
  form.append("photo", file);
  if (caption?.trim()) form.append("caption", caption.trim());
  const response = await send(`/api/journal-photos/${encodeURIComponent(entryId)}`, { method: "POST", body: form });
  return (await response.json()) as JournalPhoto;
}

export async function deletePhoto(photoId: string): Promise<void> {
  await send(`/api/journal-photos/${encodeURIComponent(photoId)}`, { method: "DELETE" });
}

export function usePhotos(entryId: string | null) {
  const saved = isSavedEntryId(entryId);
  return useQuery({
    queryKey: photoKeys.list(saved ? entryId : ""),
    queryFn: () => listPhotos(entryId as string),
    enabled: saved,
  });
}

export function useUploadPhoto(entryId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, caption }: { file: File; caption?: string }) => {
      if (!isSavedEntryId(entryId)) throw new Error("The entry is not saved yet");
      return uploadPhoto(entryId, file, caption);
    },
    onSuccess: (photo) => {
      if (!isSavedEntryId(entryId)) return;
      queryClient.setQueryData<JournalPhoto[]>(photoKeys.list(entryId), (old) => [...(old ?? []), photo]);
    },
  });
}

export function useDeletePhoto(entryId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: (_result, photoId) => {
      if (!isSavedEntryId(entryId)) return;
      queryClient.setQueryData<JournalPhoto[]>(photoKeys.list(entryId), (old) =>
        (old ?? []).filter((photo) => photo.id !== photoId),
      );
    },
    // Spec part 1, section 8: a failed deletion is only logged.
    onError: (error) => console.error("Failed to delete photo", error),
  });
}
