/** Server state of the admin panel: queryOptions on the typed client; mutations refresh what they change. */
import { useEffect } from "react";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";

import { useAuth } from "@/features/auth/auth-context";
import { api, ApiError, type Schemas } from "@/lib/api/client";
import type { operations } from "@/lib/api/schema";

export type AdminUser = Schemas["AdminUserOut"];
export type WaitlistEntry = Schemas["WaitlistEntryOut"];
export type PromoCode = Schemas["PromoCodeOut"];
export type AuditEntry = Schemas["AuditEntryOut"];
export type AdminUserDetail = Schemas["AdminUserDetailOut"];

/** The audit log's filters (none: every line). */
export interface AuditFilter {
  action?: string;
  adminId?: string;
  targetId?: string;
}

/** Lines of the audit log per page (the server allows up to 200). */
export const AUDIT_PAGE = 50;

export const adminKeys = {
  all: ["admin"] as const,
  users: ["admin", "users"] as const,
  user: (id: string) => ["admin", "user", id] as const,
  waitlist: ["admin", "waitlist"] as const,
  promoCodes: ["admin", "promo-codes"] as const,
  stats: ["admin", "stats"] as const,
  auditLog: (filter: AuditFilter = {}) => ["admin", "audit-log", filter] as const,
};

export interface AuditPage {
  lines: AuditEntry[];
  total: number;
  next: string | null;
}

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
  user: (id: string) =>
    queryOptions({
      queryKey: adminKeys.user(id),
      queryFn: async () => (await api.GET("/api/admin/users/{user_id}", { params: { path: { user_id: id } } })).data!,
      ...FRESH,
    }),
  /** The audit log, newest first, AUDIT_PAGE lines at a time (X-Next-Cursor gives the next page). */
  auditLog: (filter: AuditFilter = {}) =>
    infiniteQueryOptions({
      queryKey: adminKeys.auditLog(filter),
      queryFn: async ({ pageParam }): Promise<AuditPage> => {
        const query = { ...filter, limit: AUDIT_PAGE, ...(pageParam ? { before: pageParam } : {}) };
        const { data, response } = await api.GET("/api/admin/audit-log", { params: { query } });
        const total = Number(response.headers.get("X-Total-Count") ?? Number.NaN);
        const lines = data ?? [];
        return {
          lines,
          total: Number.isFinite(total) ? total : lines.length,
          next: response.headers.get("X-Next-Cursor") || null,
        };
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last: AuditPage) => last.next,
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

export function useChangePromoCode() {
  const refreshing = useRefreshing();
  return useMutation({
    mutationFn: async ({ id, ...body }: Schemas["PromoCodeChangeIn"] & { id: string }) =>
      (await api.PATCH("/api/admin/promo-codes/{code_id}", { params: { path: { code_id: id } }, body })).data!,
    ...refreshing,
  });
}

export function useDeletePromoCode() {
  const refreshing = useRefreshing();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.DELETE("/api/admin/promo-codes/{code_id}", { params: { path: { code_id: id } } })).data!,
    ...refreshing,
  });
}

export function useEndSessions() {
  const refreshing = useRefreshing();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.POST("/api/admin/users/{user_id}/end-sessions", { params: { path: { user_id: id } } })).data!,
    ...refreshing,
  });
}

export function useResendVerification() {
  const refreshing = useRefreshing();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.POST("/api/admin/users/{user_id}/resend-verification", { params: { path: { user_id: id } } }))
        .data!,
    ...refreshing,
  });
}

export type UsersExportQuery = NonNullable<operations["adminExportUsers"]["parameters"]["query"]>;

/** GET /api/admin/users/export: the CSV text of the users the panel shows (its filters and order). */
export async function fetchUsersCsv(query: UsersExportQuery): Promise<string> {
  const { data } = await api.GET("/api/admin/users/export", { params: { query }, parseAs: "text" });
  return data ?? "";
}
