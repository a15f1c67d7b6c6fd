import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BankImportCommitBody,
  BankImportPreview,
  BankImportPreviewBody,
  BankImportResult,
  ImportProgress,
  MeteringFirmNumbers,
  MeteringFirmNumbersBody,
  MeteringImportBody,
  MeteringImportPreview,
  MeteringImportResult,
  ReadingImportCommitBody,
  ReadingImportPreview,
  ReadingImportPreviewBody,
  ReadingImportResult,
} from "@nk/contract";
import { apiGet, apiPostWithProgress, apiPut } from "../../lib/api-client";

// TanStack Query hooks of the imports (/api/imports/*, issue 28) and the billing periods they go
// into. Every import reports its progress (decision 1700) to `onProgress`.

type OnProgress = (progress: ImportProgress) => void;

export function usePreviewBankImport(onProgress: OnProgress) {
  return useMutation({
    mutationFn: (body: BankImportPreviewBody) =>
      apiPostWithProgress<BankImportPreview>(
        "/api/imports/bank-statements/preview",
        body,
        onProgress,
      ),
  });
}

export function useCommitBankImport(onProgress: OnProgress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankImportCommitBody) =>
      apiPostWithProgress<BankImportResult>("/api/imports/bank-statements", body, onProgress),
    // The period's costs changed: the wizard reloads them.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function usePreviewReadingImport(onProgress: OnProgress) {
  return useMutation({
    mutationFn: (body: ReadingImportPreviewBody) =>
      apiPostWithProgress<ReadingImportPreview>("/api/imports/readings/preview", body, onProgress),
  });
}

export function useCommitReadingImport(onProgress: OnProgress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReadingImportCommitBody) =>
      apiPostWithProgress<ReadingImportResult>("/api/imports/readings", body, onProgress),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function usePreviewMeteringImport(onProgress: OnProgress) {
  return useMutation({
    mutationFn: (body: MeteringImportBody) =>
      apiPostWithProgress<MeteringImportPreview>(
        "/api/imports/metering-results/preview",
        body,
        onProgress,
      ),
  });
}

export function useCommitMeteringImport(onProgress: OnProgress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeteringImportBody) =>
      apiPostWithProgress<MeteringImportResult>("/api/imports/metering-results", body, onProgress),
    // The period's costs changed: the wizard reloads them.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Decision 1701: the metering company's numbers remembered for the period's property. */
export function useMeteringFirmNumbers(billingPeriodId: string) {
  return useQuery({
    queryKey: ["metering-numbers", billingPeriodId],
    queryFn: () =>
      apiGet<MeteringFirmNumbers>(`/api/billing-periods/${billingPeriodId}/metering-numbers`),
    enabled: billingPeriodId !== "",
  });
}

export function useSaveMeteringFirmNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      billingPeriodId,
      body,
    }: {
      billingPeriodId: string;
      body: MeteringFirmNumbersBody;
    }) =>
      apiPut<MeteringFirmNumbers>(`/api/billing-periods/${billingPeriodId}/metering-numbers`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["metering-numbers"] }),
  });
}
