import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { BillingPeriod, BillingPeriodDetail, CreateBillingPeriodBody } from "@nk/contract";
import { apiGet, apiPost } from "../api-client";
import {
  BILLING_PERIODS_KEY,
  billingPeriodKey,
  billingPeriodsKey,
  DASHBOARD_KEY,
  METERS_KEY,
} from "./query-keys";

/**
 * The one rule after a change to meters, readings or billing periods: they show each other's
 * figures (latest reading, reading counts per period) and the dashboard counts them.
 */
export function refreshAfterMeteringChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: METERS_KEY }),
    queryClient.invalidateQueries({ queryKey: BILLING_PERIODS_KEY }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
  ]);
}

/** GET /api/billing-periods: all of the account's periods, or one property's. */
export function useBillingPeriods(propertyId?: string, options: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingPeriodsKey(propertyId),
    queryFn: () => apiGet<BillingPeriod[]>("/api/billing-periods", { query: { propertyId } }),
    enabled: options.isEnabled ?? true,
  });
}

export function useBillingPeriod(id: string | undefined) {
  return useQuery({
    queryKey: billingPeriodKey(id ?? "none"),
    queryFn: () => apiGet<BillingPeriodDetail>(`/api/billing-periods/${id}`),
    enabled: Boolean(id),
  });
}

/** POST /api/billing-periods, from the meters area or the statement wizard alike. */
export function useCreateBillingPeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBillingPeriodBody) =>
      apiPost<BillingPeriodDetail>("/api/billing-periods", body),
    onSuccess: () => refreshAfterMeteringChange(queryClient),
  });
}
