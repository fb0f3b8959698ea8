/**
 * Server state of the settings screen: TanStack Query options and mutations on the typed client.
 * Mutations refresh what they change (the journal after an import, the resume banner after an
 * upload, the session user after a profile update).
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";

import { useAuth } from "@/features/auth/auth-context";
import { resumeKey } from "@/features/journal/banners/resume";
import { followStoryRewrite, journalKeys, useRefreshJournal } from "@/features/journal/queries";
import { api, fileField, formDataBody, type Schemas } from "@/lib/api/client";

export type ImportFormat = "text" | "csv" | "json";
export type ImportResult = Schemas["ImportOut"];
export type ImportProgress = Schemas["ImportProgressOut"];
export type ImportJob = Schemas["ImportJobOut"];
export type ProfileChanges = Schemas["ProfileIn"];

/** While imported entries are still being analysed, the progress is polled this often. */
const IMPORT_PROGRESS_POLL_MS = 1500;
/** While a file is read and saved (the 'Importing Journal' overlay shows), more often. */
const IMPORT_READING_POLL_MS = 700;
/** The states of an import still under way on the server (GET /api/journal/import/progress's `current`). */
export const IMPORT_UNDER_WAY = ["waiting", "reading", "photos", "saving"];

export const settingsKeys = {
  resume: ["settings", "resume"] as const,
  importProgress: ["settings", "import-progress"] as const,
};

export const settingsQueries = {
  resume: () =>
    queryOptions({
      queryKey: settingsKeys.resume,
      // The spec's client: an `error` field, or any failure, means "no resume".
      queryFn: async () => {
        try {
          const { data } = await api.GET("/api/resume");
          return data && data.error == null && data.content ? data.content : null;
        } catch {
          return null;
        }
      },
    }),
  importProgress: (importing = false) =>
    queryOptions({
      queryKey: settingsKeys.importProgress,
      queryFn: async () => (await api.GET("/api/journal/import/progress")).data!,
      refetchInterval: (query) => {
        const data = query.state.data;
        if (importing || (data?.current && IMPORT_UNDER_WAY.includes(data.current.state))) return IMPORT_READING_POLL_MS;
        return (data?.waiting ?? 0) > 0 ? IMPORT_PROGRESS_POLL_MS : false;
      },
    }),
};

/** The session check the spec makes before an import or an upload: true when signed in. */
export async function sessionIsValid(): Promise<boolean> {
  try {
    const { data } = await api.GET("/api/auth/me");
    return Boolean(data);
  } catch {
    return false;
  }
}

export function useImportJournal() {
  return useMutation({
    mutationFn: async (body: { content: string; format: ImportFormat }) =>
      (await api.POST("/api/journal/import", { body })).data!,
  });
}

/** A resume saved or deleted: the settings card, the journal's banner and the story's career part
 * (at once, and again when the story's rewrite with it, `profileRunId`, is done). */
/** POST /api/journal/import/file: the file as the other app exported it, read on the server. */
export function useImportJournalFile() {
  return useMutation({
    mutationFn: async (file: File) =>
      (
        await api.POST("/api/journal/import/file", {
          body: { file: fileField(file) },
          bodySerializer: formDataBody,
        })
      ).data!,
  });
}

function useResumeChanged() {
  const queryClient = useQueryClient();
  const profile = () => queryClient.invalidateQueries({ queryKey: journalKeys.profile });
  return (answer?: { profileRunId?: string | null }) => {
    if (answer?.profileRunId) void followStoryRewrite(answer.profileRunId, profile);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.resume }),
      queryClient.invalidateQueries({ queryKey: resumeKey }),
      profile(),
    ]);
  };
}

export function useSaveResume() {
  const changed = useResumeChanged();
  return useMutation({
    mutationFn: async (upload: { content: string } | { file: File }) =>
      "file" in upload
        ? (
            await api.POST("/api/resume/file", {
              body: { file: fileField(upload.file) },
              bodySerializer: formDataBody,
            })
          ).data!
        : (await api.POST("/api/resume", { body: { content: upload.content } })).data!,
    onSuccess: (answer) => void changed(answer),
  });
}

export function useDeleteResume() {
  const changed = useResumeChanged();
  return useMutation({
    mutationFn: async () => (await api.DELETE("/api/resume")).data!,
    onSuccess: (answer) => void changed(answer),
  });
}

export function useUpdateProfile() {
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: async (body: ProfileChanges) => (await api.PUT("/api/users/profile", { body })).data!,
    onSuccess: (data) => setUser(data.user),
  });
}

export type PasswordChange = Schemas["ChangePasswordIn"];

/** POST /api/users/password: this session stays signed in, the user's other sessions end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: PasswordChange) => (await api.POST("/api/users/password", { body })).data!,
  });
}

/** POST /api/users/email: checks the password and mails a code to the new address; nothing changes yet. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: async (body: Schemas["EmailChangeIn"]) => (await api.POST("/api/users/email", { body })).data!,
  });
}

/** POST /api/users/email/confirm: the code from the new address makes it the account's. */
export function useConfirmEmailChange() {
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: async (body: Schemas["EmailConfirmIn"]) =>
      (await api.POST("/api/users/email/confirm", { body })).data!,
    onSuccess: (data) => setUser(data.user),
  });
}

/** DELETE /api/users/account with the account's password (the server refuses it without). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (body: Schemas["AccountDeleteIn"]) => (await api.DELETE("/api/users/account", { body })).data!,
  });
}

/** GET /api/export/archive: the whole account as a .zip (the JSON, the photos, a Markdown note per entry). */
export async function fetchExportArchive(): Promise<Blob> {
  const { data } = await api.GET("/api/export/archive", { parseAs: "blob" });
  if (!(data instanceof Blob)) throw new Error("The export could not be downloaded.");
  return data;
}

export { useRefreshJournal };
