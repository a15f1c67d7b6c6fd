import { readStoredResult } from "@nk/contract";
import { DISTRIBUTION_KEY_LABELS } from "@nk/engine";
import type { Db } from "../../db/database.ts";
import { NotFound } from "../../domain/domain-errors.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import { assertFeature } from "../account/subscription-change-service.ts";
import { logActivity } from "../activity/activity-log.ts";
import { writeCsv, type CsvCell } from "./csv-writer.ts";
import { findRunOfAccount, findRunResult, listRunStatementRows } from "./run-results-queries.ts";

// The results of a saved statement run as CSV (issue 28, item 6; decision 1402): one line per
// tenancy and cost item with the tenancy's share, then per tenancy its total, prepayments and
// result, as the run stored them. Plan feature bulkImportExport.

const RUN_NOT_FOUND = "Abrechnung nicht gefunden";

export interface CsvFile {
  bytes: Uint8Array;
  fileName: string;
}

const HEADER = [
  "Einheit",
  "Mieter",
  "Zeitraum von",
  "Zeitraum bis",
  "Zeile",
  "Kostenart",
  "Verteilerschlüssel",
  "Betrag (EUR)",
];

/** A file name without the characters file systems refuse. */
function toFileName(parts: readonly string[]): string {
  return `${parts
    .join(" ")
    .replace(/[\\/:*?"<>|]+/g, "-")
    .replace(/\s+/g, " ")
    .trim()}.csv`;
}

export async function exportRunResultsCsv(
  db: Db,
  userId: string,
  statementRunId: string,
): Promise<CsvFile> {
  requireResourceId(statementRunId, RUN_NOT_FOUND);
  const run = await findRunOfAccount(db, userId, statementRunId);
  // Another account's id is not found, whatever the plan (docs/rules/accounts-and-plans.md#account-data); then the plan.
  if (!run) throw new NotFound(RUN_NOT_FOUND);
  await assertFeature(db, userId, "bulkImportExport");
  const rows = await listRunStatementRows(db, userId, statementRunId);
  // Each tenancy's lines are the stored result's allocations, in their order (decision 1740).
  const result = readStoredResult(await findRunResult(db, userId, statementRunId));
  const allocationsOf = new Map(
    result.tenancies.map((tenancy) => [
      `${tenancy.tenancyId}|${tenancy.unitId}|${tenancy.from}`,
      tenancy.allocations,
    ]),
  );
  const lines: CsvCell[][] = [];
  for (const row of rows) {
    const base: CsvCell[] = [
      { text: row.unitName ?? "" },
      { text: row.tenantName ?? "" },
      { date: row.periodFrom ?? run.billingPeriodStart },
      { date: row.periodTo ?? run.billingPeriodEnd },
    ];
    const allocations =
      allocationsOf.get(`${row.tenantId}|${row.unitId}|${row.periodFrom ?? ""}`) ?? [];
    for (const allocation of allocations) {
      lines.push([
        ...base,
        { text: "Kosten" },
        { text: allocation.costType },
        { text: DISTRIBUTION_KEY_LABELS[allocation.key] },
        { amount: allocation.amount },
      ]);
    }
    lines.push([
      ...base,
      { text: "Summe Kosten" },
      { text: "" },
      { text: "" },
      { amount: row.totalCostsShare },
    ]);
    lines.push([
      ...base,
      { text: "Vorauszahlungen" },
      { text: "" },
      { text: "" },
      { amount: row.prepaymentAmount },
    ]);
    // docs/rules/prepayments.md#prepayment-rules: positive is a back-payment, negative a credit.
    lines.push([
      ...base,
      { text: "Ergebnis (+ Nachzahlung / − Guthaben)" },
      { text: "" },
      { text: "" },
      { amount: row.finalBalance },
    ]);
  }
  if (lines.length === 0) throw new NotFound(RUN_NOT_FOUND);
  await logActivity(db, {
    userId,
    key: "system.export",
    entityId: statementRunId,
    entityName: run.propertyName,
    description: `Ergebnisse exportiert (CSV): ${run.propertyName}`,
    metadata: { format: "csv", rows: lines.length },
  });
  const period = `${run.billingPeriodStart.slice(0, 4)}${run.billingPeriodEnd.slice(0, 4) !== run.billingPeriodStart.slice(0, 4) ? `-${run.billingPeriodEnd.slice(0, 4)}` : ""}`;
  return {
    bytes: writeCsv(HEADER, lines),
    fileName: toFileName([
      "Ergebnisse",
      period,
      run.propertyName,
      ...(run.isFinal ? [] : ["ENTWURF"]),
    ]),
  };
}
