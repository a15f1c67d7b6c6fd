import { useMemo, useState } from "react";
import {
  classifyCostType,
  getTenancyLaw,
  OFFERED_COST_TYPES,
  type BankImportPreview,
  type BankImportResult,
  type BillingPeriod,
  type BookingPart,
  type ImportProgress,
} from "@nk/contract";
import { ApiError, getErrorMessage } from "../../../lib/api-error";
import { useProperties } from "../../../lib/use-properties";
import { useBillingPeriods } from "../../../lib/queries/billing-period-queries";
import { useCommitBankImport, usePreviewBankImport } from "../api";
import {
  getInitialAssignments,
  sumAssigned,
  toAssignmentList,
  type Assignments,
} from "./assignments";
import { toImportFileBody, useImportFile } from "./use-import-file";

// The state and steps of the bank import (bank-import-page.tsx; issue 28, item 3; decision 1400):
// the period, the file, the dry run, what the user assigns per booking, and the confirmed import.

export const BANK_PAGE_SIZE = 100;
export type BookingFilter = "new" | "all";

/** Errors of the confirm request by row: 'assignments.3.parts.0.costType' -> the row sent at index 3. */
export function mapErrorsToRows(
  error: unknown,
  sentRows: readonly number[],
): Record<number, string> {
  if (!(error instanceof ApiError)) return {};
  const byRow: Record<number, string> = {};
  for (const [field, message] of Object.entries(error.fields)) {
    const match = /^assignments\.(\d+)/.exec(field);
    const row = match ? sentRows[Number(match[1])] : undefined;
    if (row !== undefined) byRow[row] ??= message;
  }
  return byRow;
}

/** The period's own cost types first, then the code list, without the types the law forbids. */
function getCostTypeOptions(
  periodCostTypes: readonly string[],
  propertyType: string | null | undefined,
  period: Pick<BillingPeriod, "billingPeriodStart" | "billingPeriodEnd"> | undefined,
): { value: string; label: string }[] {
  const law = getTenancyLaw(propertyType);
  const range = period
    ? { start: period.billingPeriodStart, end: period.billingPeriodEnd }
    : { start: "2000-01-01", end: "2000-12-31" };
  const names = [...periodCostTypes, ...OFFERED_COST_TYPES].filter(
    (name, index, all) => all.indexOf(name) === index,
  );
  return names
    .filter((name) => classifyCostType(name, law, range).status !== "notAllocable")
    .map((name) => ({ value: name, label: name }));
}

export function useBankImport() {
  const periods = useBillingPeriods();
  const properties = useProperties();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const previewImport = usePreviewBankImport(setProgress);
  const commitImport = useCommitBankImport(setProgress);
  const picked = useImportFile("Bitte teilen Sie sie auf, z. B. nach Monaten.");
  const { file } = picked;
  const [periodId, setPeriodId] = useState("");
  const [preview, setPreview] = useState<BankImportPreview | null>(null);
  const [assignments, setAssignments] = useState<Assignments>({});
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [filter, setFilter] = useState<BookingFilter>("new");
  const [shown, setShown] = useState(BANK_PAGE_SIZE);
  const [splitRow, setSplitRow] = useState<number | null>(null);
  const [result, setResult] = useState<BankImportResult | null>(null);
  const [commitError, setCommitError] = useState<string | null>(null);

  const openPeriods = (periods.data ?? []).filter((entry) => !entry.isFinal);
  const period = periods.data?.find((entry) => entry.id === periodId);
  const property = properties.data?.find((entry) => entry.id === period?.propertyId);

  const costTypeOptions = useMemo(
    () => getCostTypeOptions(preview?.periodCostTypes ?? [], property?.propertyType, period),
    [preview, property, period],
  );

  const rows = preview?.rows ?? [];
  const visibleRows = filter === "new" ? rows.filter((row) => row.status === "new") : rows;
  const assignedList = toAssignmentList(assignments);
  const assignedTotal = sumAssigned(assignments);
  const splitting = splitRow === null ? undefined : rows.find((row) => row.row === splitRow);

  function reset(): void {
    picked.clear();
    setPreview(null);
    setAssignments({});
    setRowErrors({});
    setResult(null);
    setCommitError(null);
    setShown(BANK_PAGE_SIZE);
    previewImport.reset();
  }

  async function chooseFile(chosen: File | undefined): Promise<void> {
    setPreview(null);
    setResult(null);
    previewImport.reset();
    await picked.choose(chosen);
  }

  function choosePeriod(id: string): void {
    setPeriodId(id);
    setPreview(null);
    previewImport.reset();
  }

  async function runPreview(): Promise<void> {
    if (!file || !periodId) return;
    setResult(null);
    setCommitError(null);
    setRowErrors({});
    setProgress(null);
    try {
      const answer = await previewImport.mutateAsync({
        billingPeriodId: periodId,
        file: toImportFileBody(file),
      });
      setPreview(answer);
      setAssignments(getInitialAssignments(answer.rows));
      setFilter(answer.counts.new > 0 ? "new" : "all");
      setShown(BANK_PAGE_SIZE);
    } catch {
      setPreview(null);
    }
  }

  async function confirm(): Promise<void> {
    if (!file || !preview) return;
    setCommitError(null);
    setProgress(null);
    const sent = assignedList;
    try {
      setResult(
        await commitImport.mutateAsync({
          billingPeriodId: preview.billingPeriodId,
          file: toImportFileBody(file),
          assignments: sent,
        }),
      );
      setPreview(null);
      setRowErrors({});
    } catch (error) {
      setRowErrors(
        mapErrorsToRows(
          error,
          sent.map((entry) => entry.row),
        ),
      );
      setCommitError(getErrorMessage(error));
    }
  }

  function assign(row: number, parts: BookingPart[]): void {
    setAssignments((current) => ({ ...current, [row]: parts }));
    setRowErrors(({ [row]: _removed, ...rest }) => rest);
  }

  function changeFilter(next: BookingFilter): void {
    setFilter(next);
    setShown(BANK_PAGE_SIZE);
  }

  return {
    periods,
    openPeriods,
    period,
    periodId,
    choosePeriod,
    file,
    fileError: picked.error,
    fileInput: picked.inputRef,
    chooseFile,
    progress,
    previewImport,
    commitImport,
    preview,
    runPreview,
    rows,
    visibleRows,
    filter,
    changeFilter,
    shown,
    showMore: () => setShown((current) => current + BANK_PAGE_SIZE),
    assignments,
    assign,
    assignedList,
    assignedTotal,
    rowErrors,
    costTypeOptions,
    splitting,
    setSplitRow,
    commitError,
    confirm,
    result,
    reset,
  };
}

export type BankImport = ReturnType<typeof useBankImport>;
