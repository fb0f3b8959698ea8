/** Server state of the admin panel: queryOptions on the typed client; mutations refresh what they change. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";

import { api, type Schemas } from "@/lib/api/client";

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

export const adminQueries = {
  users: () => queryOptions({ queryKey: adminKeys.users, queryFn: async () => (await api.GET("/api/admin/users")).data! }),
  waitlist: () =>
    queryOptions({ queryKey: adminKeys.waitlist, queryFn: async () => (await api.GET("/api/admin/waitlist")).data! }),
  promoCodes: () =>
    queryOptions({
      queryKey: adminKeys.promoCodes,
      queryFn: async () => (await api.GET("/api/admin/promo-codes")).data!,
    }),
  stats: () => queryOptions({ queryKey: adminKeys.stats, queryFn: async () => (await api.GET("/api/admin/stats")).data! }),
  auditLog: () =>
    queryOptions({ queryKey: adminKeys.auditLog, queryFn: async () => (await api.GET("/api/admin/audit-log")).data! }),
};

/** Every admin change can move the statistics and adds to the audit log: refresh the whole panel. */
function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useSetAdmin() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: async ({ id, isAdmin }: { id: string; isAdmin: boolean }) =>
      (await api.POST("/api/admin/users/{user_id}/set-admin", { params: { path: { user_id: id } }, body: { isAdmin } }))
        .data!,
    onSuccess: () => void refresh(),
  });
}

export function useSetPremiumAccess() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: string; enabled: boolean }) =>
      (
        await api.POST("/api/admin/users/{user_id}/premium-access", {
          params: { path: { user_id: id } },
          body: { enabled },
        })
      ).data!,
    onSuccess: () => void refresh(),
  });
}

export function useDeleteUser() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.DELETE("/api/admin/users/{user_id}", { params: { path: { user_id: id } } })).data!,
    onSuccess: () => void refresh(),
  });
}

export function useDeleteWaitlistEntry() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.DELETE("/api/admin/waitlist/{entry_id}", { params: { path: { entry_id: id } } })).data!,
    onSuccess: () => void refresh(),
  });
}

export function useGeneratePromoCode() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: async (body: Schemas["GeneratePromoCodeIn"]) =>
      (await api.POST("/api/admin/generate-promo-code", { body })).data!,
    onSuccess: () => void refresh(),
  });
}
