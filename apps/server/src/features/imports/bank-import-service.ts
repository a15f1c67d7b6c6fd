import {
  ALLOCABILITY_MESSAGES,
  BANK_IMPORT_MESSAGES,
  classifyCostType,
  compareDecimalText,
  formatCalendarDateDe,
  formatEuroDe,
  getTenancyLaw,
  MAX_COST_ITEMS,
  QUICK_SETUP_TEMPLATES,
  sumBookingParts,
  sumDecimalTexts,
  type BankBookingRow,
  type BankImportPreview,
  type BankImportResult,
  type bankImportCommitBodySchema,
  type bankImportPreviewBodySchema,
  type CostItemDraft,
  type ImportFile,
} from "@nk/contract";
import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { Conflict, NotFound, ValidationFailed } from "../../domain/domain-errors.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  findOwnedBillingPeriod,
  type OwnedBillingPeriod,
} from "../statements/assembly/assembly-queries.ts";
import { findPropertyType, replaceCosts } from "../statements/costs-queries.ts";
import { loadStoredCosts, requireOwnedBillingPeriod } from "../statements/costs-service.ts";
import {
  computeBookingFingerprints,
  getCounterpartyKey,
  getIgnoreReason,
  getPurposeSignature,
  type ParsedBankFile,
  type ParsedBooking,
} from "./bank-booking.ts";
import {
  insertBankBookings,
  listBookingRules,
  listImportedFingerprints,
  upsertBookingRules,
  type NewBankBooking,
} from "./bank-import-queries.ts";
import { readBankCsv } from "./bank-csv-reader.ts";
import { isCamtText, readCamt053 } from "./camt053-reader.ts";
import { decodeImportBytes, readImportText } from "./import-file-reader.ts";
import {
  forEachWithProgress,
  IGNORE_PROGRESS,
  PROGRESS_STEP,
  type ReportProgress,
} from "./import-progress.ts";

// Bank statements to costs (issue 28, item 3; decision 1400). The preview reads the file and
// says row by row what would happen, writing nothing. The commit reads the same file again (the
// server never trusts a client's copy of the bookings), checks every assignment, and in one
// account transaction stores the bookings, adds their amounts to the billing period's cost items
// (creating the items that are missing, with the usual key of the cost type) and remembers the
// rules. Bookings imported before are skipped, so importing a file twice changes nothing.

type PreviewBody = z.output<typeof bankImportPreviewBodySchema>;
type CommitBody = z.output<typeof bankImportCommitBodySchema>;

interface ClassifiedRow {
  booking: ParsedBooking;
  row: BankBookingRow;
  fingerprint: string | null;
}

interface ReadFile {
  parsed: ParsedBankFile;
  encoding: BankImportPreview["encoding"];
  rows: ClassifiedRow[];
}

function parseBankFile(
  file: ImportFile,
  maxBytes: number,
): { parsed: ParsedBankFile; encoding: BankImportPreview["encoding"] } {
  const { text, encoding } = readImportText(decodeImportBytes(file, maxBytes));
  if (isCamtText(text)) return { parsed: readCamt053(text), encoding };
  // Text with separators is taken for a CSV (its reader names the missing columns); other text is no bank file.
  if (!/[;,\t]/.test(text.slice(0, 10_000)))
    throw new ValidationFailed(
      { file: BANK_IMPORT_MESSAGES.unknownFormat },
      BANK_IMPORT_MESSAGES.unknownFormat,
    );
  return { parsed: readBankCsv(text), encoding };
}

function periodText(period: OwnedBillingPeriod): string {
  return `${formatCalendarDateDe(period.start)} – ${formatCalendarDateDe(period.end)}`;
}

/** Suggestion for a booking: the rule for its counterparty and purpose, else the counterparty's latest rule. */
function suggestCostType(
  booking: ParsedBooking,
  rulesByCounterparty: Map<string, { purposeSignature: string; costType: string }[]>,
): string | null {
  const key = getCounterpartyKey(booking);
  const rules = key ? rulesByCounterparty.get(key) : undefined;
  if (!rules || rules.length === 0) return null;
  const signature = getPurposeSignature(booking.purpose);
  return (rules.find((rule) => rule.purposeSignature === signature) ?? rules[0]!).costType;
}

async function classifyBookings(
  db: Db,
  userId: string,
  period: OwnedBillingPeriod,
  file: ImportFile,
  maxBytes: number,
  report: ReportProgress,
): Promise<ReadFile> {
  await report({ phase: "read", unit: "bookings", done: 0, total: 0 });
  const { parsed, encoding } = parseBankFile(file, maxBytes);
  const fingerprints = computeBookingFingerprints(parsed.bookings);
  const imported = await listImportedFingerprints(db, userId, [...fingerprints.values()]);
  const counterpartyKeys = [
    ...new Set(parsed.bookings.flatMap((booking) => getCounterpartyKey(booking) ?? [])),
  ];
  const rulesByCounterparty = new Map<string, { purposeSignature: string; costType: string }[]>();
  for (const rule of await listBookingRules(db, userId, counterpartyKeys)) {
    const rules = rulesByCounterparty.get(rule.counterpartyKey) ?? [];
    rules.push(rule);
    rulesByCounterparty.set(rule.counterpartyKey, rules);
  }
  const rows: ClassifiedRow[] = [];
  const classify = (booking: ParsedBooking): ClassifiedRow => {
    const fingerprint = fingerprints.get(booking.row) ?? null;
    const ignoreReason = booking.error === null ? getIgnoreReason(booking) : null;
    let status: BankBookingRow["status"] = "new";
    let message: string | null = null;
    if (booking.error !== null) [status, message] = ["error", booking.error];
    else if (ignoreReason !== null) [status, message] = ["ignored", ignoreReason];
    else if (fingerprint !== null && imported.has(fingerprint))
      [status, message] = ["duplicate", BANK_IMPORT_MESSAGES.rowDuplicateImported];
    const warnings: string[] = [];
    if (
      status === "new" &&
      booking.bookingDate !== null &&
      (booking.bookingDate < period.start || booking.bookingDate > period.end)
    ) {
      warnings.push(BANK_IMPORT_MESSAGES.rowOutsidePeriod(periodText(period)));
    }
    return {
      booking,
      fingerprint,
      row: {
        row: booking.row,
        bookingDate: booking.bookingDate,
        amount: booking.amount,
        direction: booking.direction,
        currency: booking.currency,
        counterpartyName: booking.counterpartyName,
        counterpartyIban: booking.counterpartyIban,
        purpose: booking.purpose,
        status,
        message,
        warnings,
        suggestedCostType: status === "new" ? suggestCostType(booking, rulesByCounterparty) : null,
      },
    };
  };
  await forEachWithProgress(
    parsed.bookings,
    { report, phase: "check", unit: "bookings" },
    (booking) => rows.push(classify(booking)),
  );
  return { parsed, encoding, rows };
}

function countRows(rows: readonly ClassifiedRow[]): BankImportPreview["counts"] {
  const counts = { new: 0, duplicate: 0, ignored: 0, error: 0 };
  for (const { row } of rows) counts[row.status] += 1;
  return counts;
}

export async function previewBankImport(
  db: Db,
  userId: string,
  body: PreviewBody,
  maxBytes: number,
  report: ReportProgress = IGNORE_PROGRESS,
): Promise<BankImportPreview> {
  const period = await requireOwnedBillingPeriod(db, userId, body.billingPeriodId);
  if (period.isFinal) throw new Conflict(BANK_IMPORT_MESSAGES.costsLocked);
  const { parsed, encoding, rows } = await classifyBookings(
    db,
    userId,
    period,
    body.file,
    maxBytes,
    report,
  );
  const newRows = rows.filter(({ row }) => row.status === "new");
  const stored = await loadStoredCosts(db, userId, period.id);
  const periodCostTypes = [
    ...new Set([
      ...stored.costItems.map((item) => item.costType).filter((name) => name !== ""),
      ...newRows.flatMap(({ row }) => row.suggestedCostType ?? []),
    ]),
  ];
  return {
    billingPeriodId: period.id,
    format: parsed.format,
    encoding,
    accountIban: parsed.accountIban,
    rows: rows.map(({ row }) => row),
    counts: countRows(rows),
    newTotal: sumDecimalTexts(
      newRows.map(({ row }) => row.amount!),
      2,
    ),
    periodCostTypes,
  };
}

/** The usual key of a cost type (the standard template), else none: the wizard asks for it. */
function newCostItem(costType: string, amount: string): CostItemDraft {
  const template = QUICK_SETUP_TEMPLATES.standard.items.find(
    (entry) => entry.costType.toLowerCase() === costType.toLowerCase(),
  );
  return {
    costType,
    amount,
    key: template?.key ?? null,
    // The template's whole percent as the decimal text a cost item holds (decision 1640).
    consumptionShare:
      template?.consumptionShare === null || template?.consumptionShare === undefined
        ? null
        : String(template.consumptionShare),
    meter: template?.meter ?? null,
    excludedUnits: [],
    energySource: null,
    laborCosts: null,
    taxCategory: null,
    mode: "manual",
    rateId: null,
    consumptionAmount: null,
    allocationNote: null,
    heizkvReduction: false,
    heizkvRemoteReadingCut: false,
    directAmounts: [],
    vacancyAmount: null,
  };
}

export async function commitBankImport(
  db: Db,
  userId: string,
  body: CommitBody,
  maxBytes: number,
  report: ReportProgress = IGNORE_PROGRESS,
): Promise<BankImportResult> {
  const period = await requireOwnedBillingPeriod(db, userId, body.billingPeriodId);
  return inAccountTransaction(db, userId, async (trx) => {
    const current = await findOwnedBillingPeriod(trx, userId, period.id);
    if (!current) throw new NotFound(BANK_IMPORT_MESSAGES.billingPeriodNotFound);
    if (current.isFinal) throw new Conflict(BANK_IMPORT_MESSAGES.costsLocked);
    // Read inside the transaction: a concurrent import of the same file sees these bookings.
    const { rows } = await classifyBookings(trx, userId, current, body.file, maxBytes, report);
    const rowsByNumber = new Map(rows.map((entry) => [entry.row.row, entry]));
    const stored = await loadStoredCosts(trx, userId, current.id);
    const law = getTenancyLaw(await findPropertyType(trx, userId, current.propertyId));
    const fields: Record<string, string> = {};
    const seenRows = new Set<number>();
    const bookings: NewBankBooking[] = [];
    let skippedDuplicates = 0;
    body.assignments.forEach((assignment, index) => {
      const entry = rowsByNumber.get(assignment.row);
      const at = `assignments.${index}`;
      if (!entry) return void (fields[`${at}.row`] = BANK_IMPORT_MESSAGES.assignmentRowUnknown);
      if (seenRows.has(assignment.row))
        return void (fields[`${at}.row`] = BANK_IMPORT_MESSAGES.assignmentRowTwice);
      seenRows.add(assignment.row);
      // Imported before (this file again): skipped, not an error; that is what makes a repeat harmless.
      if (entry.row.status === "duplicate") return void (skippedDuplicates += 1);
      if (entry.row.status !== "new")
        return void (fields[`${at}.row`] = BANK_IMPORT_MESSAGES.assignmentRowNotNew);
      const partsTotal = sumBookingParts(assignment.parts);
      if (compareDecimalText(partsTotal, entry.row.amount!) !== 0) {
        return void (fields[`${at}.parts`] = BANK_IMPORT_MESSAGES.partsSumMismatch(
          formatEuroDe(partsTotal),
          formatEuroDe(entry.row.amount!),
        ));
      }
      assignment.parts.forEach((part, partIndex) => {
        const verdict = classifyCostType(part.costType, law, current);
        if (verdict.status === "notAllocable")
          fields[`${at}.parts.${partIndex}.costType`] = ALLOCABILITY_MESSAGES.notAllocable(
            part.costType,
            law,
            verdict.reason,
            verdict.source,
          );
        const existing = stored.costItems.find(
          (item) => item.costType.toLowerCase() === part.costType.toLowerCase(),
        );
        if (existing?.mode === "rate")
          fields[`${at}.parts.${partIndex}.costType`] = BANK_IMPORT_MESSAGES.costTypeByRate(
            existing.costType,
          );
      });
      bookings.push({
        billingPeriodId: current.id,
        fingerprint: entry.fingerprint!,
        bookingDate: entry.row.bookingDate!,
        amount: entry.row.amount!,
        counterpartyName: entry.row.counterpartyName,
        counterpartyIban: entry.row.counterpartyIban,
        purpose: entry.row.purpose,
        parts: assignment.parts.map((part) => ({ costType: part.costType, amount: part.amount })),
        fileName: body.file.fileName,
      });
    });
    if (Object.keys(fields).length > 0)
      throw new ValidationFailed(fields, Object.values(fields)[0]);

    // Add the amounts to the cost items, by cost type (compared without case).
    const added = new Map<string, { costType: string; amounts: string[] }>();
    for (const booking of bookings) {
      for (const part of booking.parts) {
        const existing = stored.costItems.find(
          (item) => item.costType.toLowerCase() === part.costType.toLowerCase(),
        );
        const name = existing?.costType ?? part.costType;
        const entry = added.get(name.toLowerCase()) ?? { costType: name, amounts: [] };
        entry.amounts.push(part.amount);
        added.set(name.toLowerCase(), entry);
      }
    }
    const costItems = [...stored.costItems];
    const summary: BankImportResult["costItems"] = [];
    for (const { costType, amounts } of added.values()) {
      const sum = sumDecimalTexts(amounts, 2);
      const index = costItems.findIndex(
        (item) => item.costType.toLowerCase() === costType.toLowerCase(),
      );
      if (index === -1) {
        costItems.push(newCostItem(costType, sum));
        summary.push({ costType, added: sum, amount: sum, isNew: true });
      } else {
        const amount = sumDecimalTexts([costItems[index]!.amount ?? "0", sum], 2);
        costItems[index] = { ...costItems[index]!, amount };
        summary.push({ costType, added: sum, amount, isNew: false });
      }
    }
    if (costItems.length > MAX_COST_ITEMS)
      throw new ValidationFailed(
        { assignments: BANK_IMPORT_MESSAGES.tooManyCostItems },
        BANK_IMPORT_MESSAGES.tooManyCostItems,
      );
    const importedTotal = sumDecimalTexts(
      bookings.map((booking) => booking.amount),
      2,
    );
    if (bookings.length === 0) {
      return {
        billingPeriodId: current.id,
        imported: 0,
        skippedDuplicates,
        importedTotal,
        costItems: [],
        message: BANK_IMPORT_MESSAGES.nothingNew,
      };
    }
    for (let start = 0; start < bookings.length; start += PROGRESS_STEP) {
      const end = Math.min(bookings.length, start + PROGRESS_STEP);
      await report({ phase: "save", unit: "bookings", done: start, total: bookings.length });
      await insertBankBookings(trx, userId, bookings.slice(start, end));
    }
    await replaceCosts(trx, userId, current.id, {
      costItems,
      co2: stored.co2,
      consumptionOverrides: stored.consumptionOverrides,
      climateFactor: stored.climateFactor,
      heatingCosts: stored.heatingCosts,
      annualInformation: stored.annualInformation,
    });
    // Rules: the cost type of every booking that went to one cost type, by counterparty and purpose.
    const rules = new Map<
      string,
      { counterpartyKey: string; purposeSignature: string; costType: string }
    >();
    for (const booking of bookings) {
      const counterpartyKey = getCounterpartyKey(booking);
      if (counterpartyKey === null || booking.parts.length !== 1) continue;
      const purposeSignature = getPurposeSignature(booking.purpose);
      rules.set(`${counterpartyKey}|${purposeSignature}`, {
        counterpartyKey,
        purposeSignature,
        costType: booking.parts[0]!.costType,
      });
    }
    await upsertBookingRules(trx, userId, [...rules.values()]);
    await report({
      phase: "save",
      unit: "bookings",
      done: bookings.length,
      total: bookings.length,
    });
    const message = BANK_IMPORT_MESSAGES.imported(bookings.length, formatEuroDe(importedTotal));
    await logActivity(trx, {
      userId,
      key: "cost.added",
      entityId: current.id,
      entityName: current.name,
      description: `Kontoauszug importiert (${body.file.fileName}): ${message}`,
      metadata: {
        source: "bankImport",
        bookings: bookings.length,
        total: importedTotal,
        skippedDuplicates,
      },
    });
    return {
      billingPeriodId: current.id,
      imported: bookings.length,
      skippedDuplicates,
      importedTotal,
      costItems: summary,
      message,
    };
  });
}
