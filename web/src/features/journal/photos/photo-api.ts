/**
 * Entry photos (spec part 1, section 7): GET /api/journal-photos/{entryId}, POST the same path
 * (multipart: `photo`, optional `caption`), DELETE /api/journal-photos/{photoId}, all through the
 * typed client (the upload's form is built by `formDataBody`).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { journalKeys } from "@/features/journal/queries";
import { api, fileField, formDataBody, type Schemas } from "@/lib/api/client";
import { TEMP_ENTRY_ID_PREFIX } from "@/lib/constants";

export type JournalPhoto = Schemas["PhotoOut"];

export const photoKeys = {
  list: (entryId: string) => ["journal", "photos", entryId] as const,
};

/** Photos belong to saved entries only: not to a missing id or a temporary 'temp-' one. */
export function isSavedEntryId(entryId: string | null | undefined): entryId is string {
  return !!entryId && !entryId.startsWith(TEMP_ENTRY_ID_PREFIX);
}

export async function listPhotos(entryId: string): Promise<JournalPhoto[]> {
  const { data } = await api.GET("/api/journal-photos/{entry_id}", { params: { path: { entry_id: entryId } } });
  return data ?? [];
}

export async function uploadPhoto(entryId: string, file: File, caption?: string): Promise<JournalPhoto> {
  const { data } = await api.POST("/api/journal-photos/{entry_id}", {
    params: { path: { entry_id: entryId } },
    body: { photo: fileField(file), caption: caption?.trim() || undefined },
    bodySerializer: formDataBody,
  });
  return data!;
}

export async function deletePhoto(photoId: string): Promise<void> {
  await api.DELETE("/api/journal-photos/{photo_id}", { params: { path: { photo_id: photoId } } });
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
      // Saved entries show their photos in the list too.
      void queryClient.invalidateQueries({ queryKey: journalKeys.entries });
    },
  });
}

export function useDeletePhoto(entryId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSuccess: (_result, photoId) => {
      void queryClient.invalidateQueries({ queryKey: journalKeys.entries });
      if (!isSavedEntryId(entryId)) return;
      queryClient.setQueryData<JournalPhoto[]>(photoKeys.list(entryId), (old) =>
        (old ?? []).filter((photo) => photo.id !== photoId),
      );
    },
    // Spec part 1, section 8: a failed deletion is only logged.
    onError: (error) => console.error("Failed to delete photo", error),
  });
}
