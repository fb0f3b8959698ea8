/**
 * Server state of the /subscription screen: the plan, promo access and the waitlist entry.
 * Redeeming a code or switching promo access changes `isPremium`, so both also re-read the
 * session (the user the rest of the app reads it from).
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";

import { useAuth } from "@/features/auth/auth-context";
import { api, type Schemas } from "@/lib/api/client";

export type Subscription = Schemas["SubscriptionOut"];
export type SubscriptionDetails = Schemas["SubscriptionDetailsOut"];

export const subscriptionKeys = {
  all: ["subscription"] as const,
  plan: ["subscription", "plan"] as const,
  details: ["subscription", "details"] as const,
};

export const subscriptionQueries = {
  plan: () =>
    queryOptions({
      queryKey: subscriptionKeys.plan,
      queryFn: async () => (await api.GET("/api/subscription")).data!,
    }),
  details: () =>
    queryOptions({
      queryKey: subscriptionKeys.details,
      queryFn: async () => (await api.GET("/api/subscription/details")).data!,
    }),
};

/** After a change of premium: the plan, the details and the session's user are read again. */
function useRefreshPremium() {
  const queryClient = useQueryClient();
  const { refreshSession } = useAuth();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }), refreshSession()]);
}

export function useApplyPromoCode() {
  const refresh = useRefreshPremium();
  return useMutation({
    mutationFn: async (code: string) => (await api.POST("/api/subscription/promo-code", { body: { code } })).data!,
    onSuccess: () => refresh(),
  });
}

export function useTogglePromo() {
  const refresh = useRefreshPremium();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      (await api.POST("/api/subscription/toggle-promo", { body: { enabled } })).data!,
    onSettled: () => refresh(),
  });
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas["WaitlistJoinIn"]) => (await api.POST("/api/waitlist/join", { body })).data!,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.details }),
  });
}
