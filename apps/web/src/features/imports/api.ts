import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  BankImportCommitBody,
  BankImportPreview,
  BankImportPreviewBody,
  BankImportResult,
  MeteringImportBody,
  MeteringImportPreview,
  MeteringImportResult,
  ReadingImportCommitBody,
  ReadingImportPreview,
  ReadingImportPreviewBody,
  ReadingImportResult,
} from "@nk/contract";
import { apiPost } from "../../lib/api-client";

// TanStack Query hooks of the imports (/api/imports/*, issue 28) and the billing periods they go into.

export function usePreviewBankImport() {
  return useMutation({
    mutationFn: (body: BankImportPreviewBody) =>
      apiPost<BankImportPreview>("/api/imports/bank-statements/preview", body),
  });
}

export function useCommitBankImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankImportCommitBody) =>
      apiPost<BankImportResult>("/api/imports/bank-statements", body),
    // The period's costs changed: the wizard reloads them.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function usePreviewReadingImport() {
  return useMutation({
    mutationFn: (body: ReadingImportPreviewBody) =>
      apiPost<ReadingImportPreview>("/api/imports/readings/preview", body),
  });
}

export function useCommitReadingImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReadingImportCommitBody) =>
      apiPost<ReadingImportResult>("/api/imports/readings", body),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function usePreviewMeteringImport() {
  return useMutation({
    mutationFn: (body: MeteringImportBody) =>
      apiPost<MeteringImportPreview>("/api/imports/metering-results/preview", body),
  });
}

export function useCommitMeteringImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeteringImportBody) =>
      apiPost<MeteringImportResult>("/api/imports/metering-results", body),
    // The period's costs changed: the wizard reloads them.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
