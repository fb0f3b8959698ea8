/**
 * Server state of the settings screen: TanStack Query options and mutations on the typed client.
 * Mutations refresh what they change (the journal after an import, the resume banner after an
 * upload, the session user after a profile update).
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";

import { useAuth } from "@/features/auth/auth-context";
import { resumeKey } from "@/features/journal/banners/resume";
import { useRefreshJournal } from "@/features/journal/queries";
import { api, fileField, formDataBody, type Schemas } from "@/lib/api/client";

export type ImportFormat = "text" | "csv" | "json";
export type ImportResult = Schemas["ImportOut"];
export type ImportProgress = Schemas["ImportProgressOut"];
export type ProfileChanges = Schemas["ProfileIn"];

/** While imported entries are still being analysed, the progress is polled this often. */
const IMPORT_PROGRESS_POLL_MS = 1500;

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
  importProgress: () =>
    queryOptions({
      queryKey: settingsKeys.importProgress,
      queryFn: async () => (await api.GET("/api/journal/import/progress")).data!,
      refetchInterval: (query) => ((query.state.data?.waiting ?? 0) > 0 ? IMPORT_PROGRESS_POLL_MS : false),
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

function useResumeChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.resume }),
      queryClient.invalidateQueries({ queryKey: resumeKey }),
    ]);
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
    onSuccess: () => void changed(),
  });
}

export function useDeleteResume() {
  const changed = useResumeChanged();
  return useMutation({
    mutationFn: async () => (await api.DELETE("/api/resume")).data!,
    onSuccess: () => void changed(),
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

/** GET /api/export: the whole account as Reverie's own JSON document. */
export async function fetchFullExport(): Promise<unknown> {
  return (await api.GET("/api/export")).data;
}

export { useRefreshJournal };
