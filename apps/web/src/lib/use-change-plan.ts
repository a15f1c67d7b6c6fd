import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SelectablePlanKey, SubscriptionResponse } from "@nk/contract";
import { apiPost } from "./api-client";
import { invalidateMe } from "./use-me";

/** TanStack Query key of GET /api/subscription (the settings' billing tab). */
export const SUBSCRIPTION_QUERY_KEY = ["subscription"] as const;

/**
 * POST /api/subscription/plan. Shared by the billing tab and the in-place upgrade dialog
 * (issue 27): the answer is the new subscription, and /api/me (limits, usage) follows, so a
 * page waiting at a limit goes on with what was typed.
 */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: SelectablePlanKey) =>
      apiPost<SubscriptionResponse>("/api/subscription/plan", { plan }),
    onSuccess: async (data) => {
      queryClient.setQueryData(SUBSCRIPTION_QUERY_KEY, data);
      await invalidateMe(queryClient);
    },
  });
}
