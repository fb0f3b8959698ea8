/** Server state of the admin panel: queryOptions on the typed client; mutations refresh what they change. */
import { useEffect } from "react";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";

import { useAuth } from "@/features/auth/auth-context";
import { api, ApiError, type Schemas } from "@/lib/api/client";

export type AdminUser = Schemas["AdminUserOut"];
export type WaitlistEntry = Schemas["WaitlistEntryOut"];
export type PromoCode = Schemas["PromoCodeOut"];
export type AuditEntry = Schemas["AuditEntryOut"];

export const adminKeys = {
  all: ["admin"] as const,
  users: ["admin", "users"] as const,
  waitlist: ["admin", "waitlist"] as const,
  promoCodes: ["admin", "promo-codes"] as const,
  stats: ["admin", "stats"] as const,
  auditLog: ["admin", "audit-log"] as const,
};

/** Fetched again whenever a part of the panel mounts (the app's default is never stale): other
 * admins, sign-ups and deletions change these lists while nobody here acts. */
const FRESH = { staleTime: 0 } as const;

export const adminQueries = {
  users: () =>
    queryOptions({ queryKey: adminKeys.users, queryFn: async () => (await api.GET("/api/admin/users")).data!, ...FRESH }),
  waitlist: () =>
    queryOptions({
      queryKey: adminKeys.waitlist,
      queryFn: async () => (await api.GET("/api/admin/waitlist")).data!,
      ...FRESH,
    }),
  promoCodes: () =>
    queryOptions({
      queryKey: adminKeys.promoCodes,
      queryFn: async () => (await api.GET("/api/admin/promo-codes")).data!,
      ...FRESH,
    }),
  stats: () =>
    queryOptions({ queryKey: adminKeys.stats, queryFn: async () => (await api.GET("/api/admin/stats")).data!, ...FRESH }),
  auditLog: () =>
    queryOptions({
      queryKey: adminKeys.auditLog,
      queryFn: async () => (await api.GET("/api/admin/audit-log")).data!,
      ...FRESH,
    }),
};

/** A 404 (the user or entry is gone: deleted in another tab or by another admin) or a 403 (this
 * admin lost their rights): the lists are out of date. */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

/** Every admin change can move the statistics and adds to the audit log: the whole panel is
 * refreshed after a success, and after a failure that shows the lists are stale (a 403 then fails
 * the users query too, which turns the panel into its Access Denied card). */
function useRefreshing<V>(skip?: (variables: V) => boolean) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  return {
    onSuccess: (_data: unknown, variables: V) => {
      if (!skip?.(variables)) refresh();
    },
    onError: (error: unknown) => {
      if (isStale(error)) refresh();
    },
  };
}

/** A 403 on any part of the panel (the waitlist, the statistics...) means this admin may have lost
 * their rights while it was open: the users are asked for again, so the panel shows Access Denied
 * rather than a stale list beside 'Please try again' errors. */
export function useAccessCheck() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "error") return;
        const key = event.query.queryKey;
        const other = key[0] === adminKeys.all[0] && key[1] !== adminKeys.users[1];
        if (other && event.action.error instanceof ApiError && event.action.error.status === 403) {
          void queryClient.invalidateQueries({ queryKey: adminKeys.users });
        }
      }),
    [queryClient],
  );
}

export function useSetAdmin() {
  const refreshing = useRefreshing();
  return useMutation({
    mutationFn: async ({ id, isAdmin }: { id: string; isAdmin: boolean }) =>
      (await api.POST("/api/admin/users/{user_id}/set-admin", { params: { path: { user_id: id } }, body: { isAdmin } }))
        .data!,
    ...refreshing,
  });
}

export function useSetPremiumAccess() {
  const refreshing = useRefreshing();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: string; enabled: boolean }) =>
      (
        await api.POST("/api/admin/users/{user_id}/premium-access", {
          params: { path: { user_id: id } },
          body: { enabled },
        })
      ).data!,
    ...refreshing,
  });
}

export function useDeleteUser() {
  // Deleting one's own account ends the session: asking the server again would only get a 401,
  // read as 'Session Expired'. The caller signs out instead.
  const { user } = useAuth();
  const refreshing = useRefreshing<string>((id) => id === user?.id);
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.DELETE("/api/admin/users/{user_id}", { params: { path: { user_id: id } } })).data!,
    ...refreshing,
  });
}

export function useDeleteWaitlistEntry() {
  const refreshing = useRefreshing();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.DELETE("/api/admin/waitlist/{entry_id}", { params: { path: { entry_id: id } } })).data!,
    ...refreshing,
  });
}

export function useGeneratePromoCode() {
  const refreshing = useRefreshing();
  return useMutation({
    mutationFn: async (body: Schemas["GeneratePromoCodeIn"]) =>
      (await api.POST("/api/admin/generate-promo-code", { body })).data!,
    ...refreshing,
  });
}
