import { useCallback } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BillingPeriodCosts,
  BillingPeriodCostsBody,
  LateExcuseResponse,
  PrepaymentAdjustmentResponse,
  PrepaymentRoundingResponse,
  MarkPostedBody,
  MarkPostedResponse,
  RunDispatch,
  RunSendResponse,
  SendStatementResponse,
  StatementPreview,
  StatementPreviewBody,
  StatementRun,
  StatementSaveBody,
  StatementConsumption,
  StatementCorrection,
  StatementSaveResult,
  StatementTransitionBody,
  StatementTransitionResult,
} from "@nk/contract";
import { apiDelete, apiGet, apiPost, apiPut } from "../../lib/api-client";
import { BILLING_PERIODS_KEY, statementRunKey } from "../../lib/queries/query-keys";
import { refreshAfterStatementChange } from "../../lib/queries/statement-queries";

// TanStack Query hooks of the new-statement wizard: the period's saved cost inputs, preview, save
// and the saved run. Tenants, tariffs and billing periods come from the shared layer (lib/queries).

const costsKey = (billingPeriodId: string) =>
  [...BILLING_PERIODS_KEY, "costs", billingPeriodId] as const;
const consumptionKey = (billingPeriodId: string) =>
  [...BILLING_PERIODS_KEY, "consumption", billingPeriodId] as const;

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
    mutationFn: ({
      billingPeriodId,
      body,
    }: {
      billingPeriodId: string;
      body: BillingPeriodCostsBody;
    }) => apiPut<BillingPeriodCosts>(`/api/billing-periods/${billingPeriodId}/costs`, body),
    // Which readings block depends on the saved items and manual values.
    onSuccess: (_saved, { billingPeriodId }) =>
      queryClient.invalidateQueries({ queryKey: consumptionKey(billingPeriodId) }),
  });
}

/** GET /api/billing-periods/:id/consumption: values per unit and meter kind, readings used, missing ones. */
export function useBillingPeriodConsumption(billingPeriodId: string | null) {
  return useQuery({
    queryKey: consumptionKey(billingPeriodId ?? "none"),
    queryFn: () =>
      apiGet<StatementConsumption>(`/api/billing-periods/${billingPeriodId}/consumption`),
    enabled: Boolean(billingPeriodId),
  });
}

export function usePreviewStatement() {
  return useMutation({
    mutationFn: (body: StatementPreviewBody) =>
      apiPost<StatementPreview>("/api/statements/preview", body),
  });
}

export function useSaveStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StatementSaveBody) => apiPost<StatementSaveResult>("/api/statements", body),
    onSuccess: () => refreshAfterStatementChange(queryClient),
  });
}

export function useStatementRun(statementId: string | undefined) {
  return useQuery({
    queryKey: statementRunKey(statementId ?? "none"),
    queryFn: () => apiGet<StatementRun>(`/api/statements/${statementId}`),
    enabled: Boolean(statementId),
    retry: false,
  });
}

export function transitionStatementRun(
  id: string,
  body: StatementTransitionBody,
): Promise<StatementTransitionResult> {
  return apiPost<StatementTransitionResult>(`/api/statements/${id}/transition`, body);
}

/**
 * Finalizes the period's open run as 'Finalisieren' in the wizard does: saved again from the
 * period's saved inputs and the current data, finalized in one step (docs/rules/statements.md#saved-runs).
 */
export function finalizeBillingPeriod(billingPeriodId: string): Promise<StatementSaveResult> {
  return apiPost<StatementSaveResult>("/api/statements", {
    billingPeriodId,
    finalize: true,
  } satisfies StatementSaveBody);
}

export function deleteStatementRun(id: string): Promise<void> {
  return apiDelete(`/api/statements/${id}`);
}

/** After a status change or deletion: the lists, the runs, the plan usage and the dashboard. */
export function useInvalidateStatements() {
  const queryClient = useQueryClient();
  return () => refreshAfterStatementChange(queryClient);
}

export function createStatementCorrection(id: string): Promise<StatementCorrection> {
  return apiPost<StatementCorrection>(`/api/statements/${id}/corrections`);
}

/** POST /api/tenant-statements/:id/send: queued; the run's page shows sent_at once the mail is out. */
export function useSendStatement(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (statementId: string) =>
      apiPost<SendStatementResponse>(`/api/tenant-statements/${statementId}/send`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statementRunKey(runId) }),
  });
}

/** POST /api/statements/:id/send: 'Alle per E-Mail senden'. */
export function useSendRun(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<RunSendResponse>(`/api/statements/${runId}/send`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statementRunKey(runId) }),
  });
}

/** POST /api/tenant-statements/:id/mark-posted: printed and posted on a day (issue 24: the letter is dated and stored with it). */
export function useMarkPosted(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ statementId, body }: { statementId: string; body: MarkPostedBody }) =>
      apiPost<MarkPostedResponse>(`/api/tenant-statements/${statementId}/mark-posted`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statementRunKey(runId) }),
  });
}

/** GET /api/statements/:id/dispatch (issue 24): deadline, late reason, each letter's recipient and what it asks for. */
export function useRunDispatch(runId: string) {
  return useQuery({
    queryKey: [...statementRunKey(runId), "dispatch"],
    queryFn: () => apiGet<RunDispatch>(`/api/statements/${runId}/dispatch`),
  });
}

/** PUT /api/statements/:id/late-excuse (§ 556 (3) Satz 3 BGB). */
export function useSetLateExcuse(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string | null) =>
      apiPut<LateExcuseResponse>(`/api/statements/${runId}/late-excuse`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statementRunKey(runId) }),
  });
}

/** PUT /api/statements/:id/prepayment-rounding (issue 30, § 560 (4) BGB). */
export function useSetPrepaymentRounding(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rounding: "euro" | "five_euros" | null) =>
      apiPut<PrepaymentRoundingResponse>(`/api/statements/${runId}/prepayment-rounding`, {
        rounding,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statementRunKey(runId) }),
  });
}

/** POST /api/statements/:id/prepayment-adjustment (issue 30): the proposed prepayments from a month on. */
export function useApplyPrepaymentAdjustment(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (validFrom: string) =>
      apiPost<PrepaymentAdjustmentResponse>(`/api/statements/${runId}/prepayment-adjustment`, {
        validFrom,
      }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Reloads the run while mails are queued, until each of them shows its sent_at. */
export function useRefreshRun(runId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: statementRunKey(runId) }),
    [queryClient, runId],
  );
}
