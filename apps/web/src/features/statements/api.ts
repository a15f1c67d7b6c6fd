import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BillingPeriod,
  BillingPeriodCosts,
  BillingPeriodCostsBody,
  BillingPeriodDetail,
  CreateBillingPeriodBody,
  Rate,
  StatementPreview,
  StatementPreviewBody,
  StatementRun,
  StatementSaveBody,
  StatementConsumption,
  StatementSaveResult,
  Tenant,
} from "@nk/contract";
import { apiGet, apiPost, apiPut } from "../../lib/api-client";
import { invalidateMe } from "../../lib/use-me";

// TanStack Query hooks of the new-statement wizard: the property's tenants, tariffs and billing
// periods, the period's saved cost inputs, preview, save and the saved run.

const BILLING_PERIODS_KEY = ["billing-periods"] as const;
const STATEMENTS_KEY = ["statements"] as const;

export const costsKey = (billingPeriodId: string) => [...BILLING_PERIODS_KEY, "costs", billingPeriodId] as const;
const consumptionKey = (billingPeriodId: string) => [...BILLING_PERIODS_KEY, "consumption", billingPeriodId] as const;

export function usePropertyTenants(propertyId: string | undefined) {
  return useQuery({
    queryKey: ["tenants", "list", propertyId ?? "all"],
    queryFn: () => apiGet<Tenant[]>("/api/tenants", { query: { propertyId } }),
    enabled: Boolean(propertyId),
  });
}

export function useRates() {
  return useQuery({ queryKey: ["rates", "list"], queryFn: () => apiGet<Rate[]>("/api/rates") });
}

export function usePropertyBillingPeriods(propertyId: string | undefined) {
  return useQuery({
    queryKey: [...BILLING_PERIODS_KEY, "list", propertyId ?? "all"],
    queryFn: () => apiGet<BillingPeriod[]>("/api/billing-periods", { query: { propertyId } }),
    enabled: Boolean(propertyId),
  });
}

export function useCreateBillingPeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBillingPeriodBody) => apiPost<BillingPeriodDetail>("/api/billing-periods", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_PERIODS_KEY }),
  });
}

export function useBillingPeriodCosts(billingPeriodId: string | null) {
  return useQuery({
    queryKey: costsKey(billingPeriodId ?? "none"),
    queryFn: () => apiGet<BillingPeriodCosts>(`/api/billing-periods/${billingPeriodId}/costs`),
    enabled: Boolean(billingPeriodId),
    // The form owns the values once loaded: no refetch may reset what the user types, and a
    // period left and opened again loads afresh (nothing cached from before its autosaves).
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useSaveCosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ billingPeriodId, body }: { billingPeriodId: string; body: BillingPeriodCostsBody }) =>
      apiPut<BillingPeriodCosts>(`/api/billing-periods/${billingPeriodId}/costs`, body),
    // Which readings block depends on the saved items and manual values.
    onSuccess: (_saved, { billingPeriodId }) => queryClient.invalidateQueries({ queryKey: consumptionKey(billingPeriodId) }),
  });
}

/** GET /api/billing-periods/:id/consumption: values per unit and meter kind, readings used, missing ones. */
export function useBillingPeriodConsumption(billingPeriodId: string | null) {
  return useQuery({
    queryKey: consumptionKey(billingPeriodId ?? "none"),
    queryFn: () => apiGet<StatementConsumption>(`/api/billing-periods/${billingPeriodId}/consumption`),
    enabled: Boolean(billingPeriodId),
  });
}

export function usePreviewStatement() {
  return useMutation({ mutationFn: (body: StatementPreviewBody) => apiPost<StatementPreview>("/api/statements/preview", body) });
}

export function useSaveStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StatementSaveBody) => apiPost<StatementSaveResult>("/api/statements", body),
    onSuccess: () =>
      Promise.all([
        invalidateMe(queryClient),
        queryClient.invalidateQueries({ queryKey: STATEMENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: BILLING_PERIODS_KEY }),
        queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
      ]),
  });
}

export function useStatementRun(statementId: string | undefined) {
  return useQuery({
    queryKey: [...STATEMENTS_KEY, "one", statementId ?? "none"],
    queryFn: () => apiGet<StatementRun>(`/api/statements/${statementId}`),
    enabled: Boolean(statementId),
    retry: false,
  });
}
