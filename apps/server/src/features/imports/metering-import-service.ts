import {
  compareDecimalText,
  formatCalendarDateDe,
  formatEuroDe,
  MAX_COST_ITEMS,
  MAX_METERING_RECORDS,
  METERING_IMPORT_MESSAGES as M,
  sumDecimalTexts,
  type CostItemDraft,
  type MeteringFlat,
  type MeteringImportPreview,
  type MeteringImportResult,
  type MeteringItem,
  type MeteringResultRow,
  type MeteringTaxRow,
  type meteringImportBodySchema,
  type TaxCategory,
} from "@nk/contract";
import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { Conflict, NotFound, ValidationFailed } from "../../domain/domain-errors.ts";
import { assertFeature } from "../account/subscription-change-service.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  findOwnedBillingPeriod,
  type OwnedBillingPeriod,
} from "../statements/assembly/assembly-queries.ts";
import { replaceCosts } from "../statements/costs-queries.ts";
import { loadStoredCosts, requireOwnedBillingPeriod } from "../statements/costs-service.ts";
import {
  D_COST_TYPE_LABELS,
  D_COST_TYPE_TARGETS,
  D_OVERLAPS,
  D_TOTAL_CODE,
  getTaxCategory,
  getTaxTargetCandidates,
  isEstimateCode,
  READING_LABELS,
  UNIT_LABELS,
} from "./arge-codes.ts";
import {
  parseARecord,
  parseDRecord,
  parseE835Record,
  readArgeFile,
  type ArgeText,
  type DRecord,
} from "./arge-records.ts";
import {
  listFlatMappings,
  listMeteringResults,
  listPropertyTenancies,
  listPropertyUnits,
  replaceMeteringResults,
  upsertFlatMappings,
  type StoredMeteringResult,
} from "./metering-import-queries.ts";
import { IGNORE_PROGRESS, type ReportProgress } from "./import-progress.ts";
import { buildUnitLines, type UnitLine } from "./metering-lines.ts";

// The metering company's results (issue 28, item 2; decision 1404). The preview reads the
// files and answers the flats to map, every D and E835 record with its status and the cost items
// the statement would get, writing nothing. The commit reads the files again inside the account
// transaction, refuses anything unmapped or wrong (German message per record, nothing written),
// remembers the mappings, keeps the results and turns the heating and water results into cost
// items with the key "direct" (decision 1403); the § 35a shares ride on them into the letters.

type Body = z.output<typeof meteringImportBodySchema>;

interface DirectEntry {
  tenancyId: string;
  amount: string;
  laborCosts: string | null;
}

interface PlannedItem {
  costType: string;
  entries: Map<string, DirectEntry>;
  vacancyAmounts: string[];
  categories: Set<TaxCategory>;
}

interface Analysis {
  preview: MeteringImportPreview;
  /** Mappings of the body to remember (valid ones). */
  newMappings: { firmFlat: string; managerKey: string | null; unitId: string | null }[];
  results: StoredMeteringResult[];
  planned: PlannedItem[];
  mappingErrors: Record<string, string>;
}

function readFiles(body: Body, maxBytes: number): Map<ArgeText["kind"], ArgeText> {
  const byKind = new Map<ArgeText["kind"], ArgeText>();
  for (const file of body.files) {
    const text = readArgeFile(file, maxBytes);
    if (byKind.has(text.kind))
      throw new ValidationFailed({ files: M.fileTwice(text.kind) }, M.fileTwice(text.kind));
    byKind.set(text.kind, text);
  }
  if (!byKind.has("D")) throw new ValidationFailed({ files: M.noResults }, M.noResults);
  const total = [...byKind.values()].reduce((sum, text) => sum + text.records.length, 0);
  if (total > MAX_METERING_RECORDS)
    throw new ValidationFailed(
      { files: M.tooManyRecords(MAX_METERING_RECORDS) },
      M.tooManyRecords(MAX_METERING_RECORDS),
    );
  return byKind;
}

/** "DTD305_20250314093000.DAT" -> "2025-03-14T09:30:00": the creation time the standard puts in the name. */
function readCreatedAt(fileName: string): string | null {
  const match = /_(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\.DAT$/i.exec(fileName);
  return match ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}` : null;
}

async function analyse(
  db: Db,
  userId: string,
  period: OwnedBillingPeriod,
  body: Body,
  maxBytes: number,
  report: ReportProgress,
): Promise<Analysis> {
  await report({ phase: "read", unit: "records", done: 0, total: 0 });
  const files = readFiles(body, maxBytes);
  const dFile = files.get("D")!;
  const aRecords = (files.get("A")?.records ?? []).flatMap(
    (record, index) => parseARecord(record, index + 1) ?? [],
  );
  const dRecords = dFile.records.map((record, index) => parseDRecord(record, index + 1));
  const eFile = files.get("E835");
  const eRecords = (eFile?.records ?? []).map((record, index) =>
    parseE835Record(record, index + 1),
  );

  // A property's results are a few hundred records: checked in one step.
  const recordCount = aRecords.length + dRecords.length + eRecords.length;
  await report({ phase: "check", unit: "records", done: 0, total: recordCount });
  const units = await listPropertyUnits(db, userId, period.propertyId);
  const unitNames = new Map(units.map((unit) => [unit.id, unit.name]));
  const tenancies = await listPropertyTenancies(db, userId, period.propertyId);
  const linesByUnit = new Map<string, UnitLine[]>();
  for (const unit of units)
    linesByUnit.set(
      unit.id,
      buildUnitLines(
        tenancies.filter((t) => t.unitId === unit.id),
        period.start,
        period.end,
      ),
    );

  // The firm's flats: from D and A; the manager's ids lead E835 records to them.
  const flatByManagerKey = new Map<string, string>();
  const flats = new Map<string, { managerKeys: Set<string>; names: Set<string> }>();
  const noteFlat = (firmFlat: string, managerKey: string, name: string | null) => {
    const flat = flats.get(firmFlat) ?? {
      managerKeys: new Set<string>(),
      names: new Set<string>(),
    };
    if (managerKey !== "") {
      flat.managerKeys.add(managerKey);
      flatByManagerKey.set(managerKey, firmFlat);
    }
    if (name) flat.names.add(name);
    flats.set(firmFlat, flat);
  };
  for (const record of dRecords)
    if (record.firmFlat !== null) noteFlat(record.firmFlat, record.managerKey, record.name || null);
  for (const record of aRecords) noteFlat(record.firmFlat, record.managerKey, null);

  // Mappings: remembered, then the user's choices on the mapping screen.
  const remembered = new Map(
    (await listFlatMappings(db, userId, period.propertyId)).map((row) => [
      row.firmFlat,
      row.unitId,
    ]),
  );
  const chosen = new Map<string, string | null>();
  const mappingErrors: Record<string, string> = {};
  body.mappings.forEach((mapping, index) => {
    if (mapping.unitId !== null && !unitNames.has(mapping.unitId))
      mappingErrors[`mappings.${index}.unitId`] = M.unitInvalid;
    else chosen.set(mapping.firmFlat, mapping.unitId);
  });
  const unitOf = (
    firmFlat: string,
  ): { unitId: string | null; state: MeteringFlat["state"]; isRemembered: boolean } => {
    if (chosen.has(firmFlat)) {
      const unitId = chosen.get(firmFlat)!;
      return { unitId, state: unitId === null ? "excluded" : "mapped", isRemembered: false };
    }
    if (remembered.has(firmFlat)) {
      const unitId = remembered.get(firmFlat)!;
      return { unitId, state: unitId === null ? "excluded" : "mapped", isRemembered: true };
    }
    return { unitId: null, state: "open", isRemembered: false };
  };
  const flatList: MeteringFlat[] = [...flats.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([firmFlat, flat]) => ({
      firmFlat,
      managerKeys: [...flat.managerKeys],
      names: [...flat.names],
      ...unitOf(firmFlat),
    }));

  // D records: each user's result per cost type.
  const planned = new Map<string, PlannedItem>();
  const results: StoredMeteringResult[] = [];
  const seen = new Map<string, Set<string>>();
  const rows: MeteringResultRow[] = dRecords.map((record) => {
    const row = describeD(record, dFile.fileName);
    const fail = (message: string) =>
      Object.assign(row, { status: "error" as const, message, costType: null });
    const skip = (message: string) =>
      Object.assign(row, { status: "skipped" as const, message, costType: null });
    if (record.error !== null) return fail(record.error);
    if (record.costTypeCode === D_TOTAL_CODE) return skip(M.totalRecord);
    if (!(record.costTypeCode in D_COST_TYPE_LABELS))
      return fail(M.costTypeUnknown(record.costTypeCode));
    const target = D_COST_TYPE_TARGETS[record.costTypeCode];
    if (target === undefined)
      return skip(M.notCharged(record.costTypeCode, D_COST_TYPE_LABELS[record.costTypeCode]!));
    const mapping = unitOf(record.firmFlat!);
    if (mapping.state === "open") return skip(M.flatNotMapped);
    if (mapping.state === "excluded") return skip(M.flatOtherProperty);
    const unitId = mapping.unitId!;
    row.unitName = unitNames.get(unitId) ?? null;
    const line = linesByUnit.get(unitId)?.find((candidate) => candidate.to === record.lastDay);
    if (!line)
      return fail(M.noTenancyEnds(row.unitName ?? "", formatCalendarDateDe(record.lastDay!)));
    if (record.costs === null) return fail(M.costsMissing);
    const userKey = `${record.firmFlat}|${record.lastDay}`;
    const codes = seen.get(userKey) ?? new Set<string>();
    if (codes.has(record.costTypeCode)) return fail(M.recordTwice);
    for (const [combined, split] of D_OVERLAPS) {
      const clash =
        record.costTypeCode === combined
          ? split.find((code) => codes.has(code))
          : split.includes(record.costTypeCode) && codes.has(combined)
            ? combined
            : undefined;
      if (clash !== undefined) return fail(M.combinedAndSplit(record.costTypeCode, clash));
    }
    codes.add(record.costTypeCode);
    seen.set(userKey, codes);
    Object.assign(row, {
      tenancyId: line.tenancyId,
      tenantName: line.tenantName,
      isVacancy: line.tenancyId === null,
      costType: target,
      status: "ok" as const,
    });
    const item: PlannedItem = planned.get(target) ?? {
      costType: target,
      entries: new Map(),
      vacancyAmounts: [],
      categories: new Set(),
    };
    planned.set(target, item);
    if (line.tenancyId === null) item.vacancyAmounts.push(record.costs);
    else {
      const entry = item.entries.get(line.tenancyId) ?? {
        tenancyId: line.tenancyId,
        amount: "0.00",
        laborCosts: null,
      };
      entry.amount = sumDecimalTexts([entry.amount, record.costs], 2);
      item.entries.set(line.tenancyId, entry);
    }
    const readingCode = record.readingCode === null ? null : Number(record.readingCode);
    results.push({
      unitId,
      tenantId: line.tenancyId,
      firmFlat: record.firmFlat!,
      lastDay: record.lastDay!,
      costTypeCode: record.costTypeCode,
      costType: target,
      costs: record.costs,
      prepayments: record.prepayments,
      balance: record.balance,
      consumption: record.consumption,
      consumptionUnit: row.consumptionUnit,
      readingCode,
      isEstimated: row.isEstimated,
      laborCosts: null,
      taxCategory: null,
      fileName: dFile.fileName,
    });
    return row;
  });

  // E835 records: the users' § 35a shares, onto the item their cost position is part of.
  const taxRows: MeteringTaxRow[] = eRecords.map((record) => {
    const row: MeteringTaxRow = {
      fileName: eFile!.fileName,
      line: record.line,
      firmFlat: flatByManagerKey.get(record.managerKey) ?? null,
      tenancyId: null,
      tenantName: null,
      costTypeCode: record.costTypeCode,
      costType: null,
      taxClass: record.taxClass,
      taxCategory: null,
      userShare: record.userShare,
      laborShare: record.userLaborShare,
      status: "ok",
      message: null,
    };
    const fail = (message: string) => Object.assign(row, { status: "error" as const, message });
    const skip = (message: string) => Object.assign(row, { status: "skipped" as const, message });
    if (record.error !== null) return fail(record.error);
    const category = getTaxCategory(record.taxClass);
    if (category === "none") return skip(M.taxClassNone);
    if (category === "old") return skip(M.taxClassOld(record.taxClass));
    row.taxCategory = category;
    if (row.firmFlat === null) return fail(M.userNotFound);
    const mapping = unitOf(row.firmFlat);
    if (mapping.state === "open") return skip(M.flatNotMapped);
    if (mapping.state === "excluded") return skip(M.flatOtherProperty);
    const line = linesByUnit
      .get(mapping.unitId!)
      ?.find((candidate) => candidate.to === record.lastDay);
    if (!line)
      return fail(
        M.noTenancyEnds(
          unitNames.get(mapping.unitId!) ?? "",
          formatCalendarDateDe(record.lastDay!),
        ),
      );
    if (line.tenancyId === null) return skip(M.taxVacancy);
    Object.assign(row, { tenancyId: line.tenancyId, tenantName: line.tenantName });
    const target = getTaxTargetCandidates(record.costTypeCode).find((costType) =>
      planned.get(costType)?.entries.has(line.tenancyId!),
    );
    if (target === undefined) return skip(M.taxNoItem(record.costTypeCode));
    row.costType = target;
    const item = planned.get(target)!;
    const entry = item.entries.get(line.tenancyId)!;
    entry.laborCosts = sumDecimalTexts([entry.laborCosts ?? "0", record.userLaborShare ?? "0"], 2);
    item.categories.add(category);
    return row;
  });
  // One item carries one § 35a category (decision 1403); labour above the tenancy's amount is wrong.
  for (const row of taxRows) {
    if (row.status !== "ok" || row.costType === null) continue;
    const item = planned.get(row.costType)!;
    if (item.categories.size > 1)
      Object.assign(row, { status: "error", message: M.taxTwoCategories(row.costType) });
    const entry = item.entries.get(row.tenancyId!)!;
    if (entry.laborCosts !== null && compareDecimalText(entry.laborCosts, entry.amount) > 0)
      Object.assign(row, { status: "error", message: M.laborAboveAmount(row.costType) });
  }
  for (const result of results) {
    if (result.tenantId === null) continue;
    const item = planned.get(result.costType)!;
    const entry = item.entries.get(result.tenantId)!;
    // The labour is kept once per tenancy and item: on its first result row.
    if (
      entry.laborCosts !== null &&
      !results.some(
        (other) =>
          other !== result &&
          other.costType === result.costType &&
          other.tenantId === result.tenantId &&
          other.laborCosts !== null,
      )
    ) {
      result.laborCosts = entry.laborCosts;
      result.taxCategory = [...item.categories][0] ?? null;
    }
  }

  const stored = await loadStoredCosts(db, userId, period.id);
  // Heating first, then hot and cold water, as the firm's bill and the letters order them.
  const targetOrder = [...new Set(Object.values(D_COST_TYPE_TARGETS))];
  const plannedItems = [...planned.values()].sort(
    (a, b) => targetOrder.indexOf(a.costType) - targetOrder.indexOf(b.costType),
  );
  const items: MeteringItem[] = plannedItems.map((item) => {
    const vacancyAmount = sumDecimalTexts(item.vacancyAmounts, 2);
    const entries = [...item.entries.values()];
    const labor = entries.some((entry) => entry.laborCosts !== null)
      ? sumDecimalTexts(
          entries.map((entry) => entry.laborCosts ?? "0"),
          2,
        )
      : null;
    return {
      costType: item.costType,
      amount: sumDecimalTexts([...entries.map((entry) => entry.amount), vacancyAmount], 2),
      vacancyAmount,
      laborCosts: labor,
      taxCategory: labor === null ? null : ([...item.categories][0] ?? null),
      tenancies: entries.length,
      replacesExisting: stored.costItems.some(
        (existing) => existing.costType.toLowerCase() === item.costType.toLowerCase(),
      ),
    };
  });
  const counts = { ok: 0, skipped: 0, error: 0 };
  for (const row of [...rows, ...taxRows]) counts[row.status] += 1;
  const isUnchanged = isSameResults(await listMeteringResults(db, userId, period.id), results);
  await report({ phase: "check", unit: "records", done: recordCount, total: recordCount });
  const newMappings = [...chosen.entries()].map(([firmFlat, unitId]) => ({
    firmFlat,
    unitId,
    managerKey: [...(flats.get(firmFlat)?.managerKeys ?? [])][0] ?? null,
  }));
  return {
    preview: {
      billingPeriodId: period.id,
      files: [...files.values()].map((text) => ({
        fileName: text.fileName,
        kind: text.kind,
        records: text.records.length,
        createdAt: readCreatedAt(text.fileName),
      })),
      flats: flatList,
      units: units.map((unit) => ({ id: unit.id, name: unit.name })),
      rows,
      taxRows,
      items,
      counts,
      needsMapping: flatList.some((flat) => flat.state === "open"),
      isUnchanged,
    },
    newMappings,
    results,
    planned: plannedItems,
    mappingErrors,
  };
}

function describeD(record: DRecord, fileName: string): MeteringResultRow {
  const readingCode = record.readingCode === null ? null : Number(record.readingCode);
  return {
    fileName,
    line: record.line,
    firmFlat: record.firmFlat,
    unitName: null,
    tenancyId: null,
    tenantName: null,
    isVacancy: false,
    lastDay: record.lastDay,
    costTypeCode: record.costTypeCode,
    costTypeLabel: D_COST_TYPE_LABELS[record.costTypeCode] ?? `Kostenart ${record.costTypeCode}`,
    costType: null,
    costs: record.costs,
    prepayments: record.prepayments,
    balance: record.balance,
    consumption: record.consumption,
    consumptionUnit:
      record.consumptionUnitCode === null
        ? null
        : (UNIT_LABELS[record.consumptionUnitCode] ?? record.consumptionUnitCode),
    // § 9a HeizkV: an estimated consumption is marked (table S 1-8, 15).
    isEstimated: readingCode !== null && isEstimateCode(readingCode),
    readingNote: readingCode === null ? null : (READING_LABELS[readingCode] ?? null),
    status: "ok",
    message: null,
  };
}

// Are the stored results exactly these (same users, cost types, amounts and labour shares)?
function isSameResults(
  stored: Awaited<ReturnType<typeof listMeteringResults>>,
  next: readonly StoredMeteringResult[],
): boolean {
  if (stored.length !== next.length || next.length === 0) return false;
  const norm = (value: string | null) => (value === null ? "" : sumDecimalTexts([value], 3));
  const key = (r: {
    firmFlat: string;
    lastDay: string;
    costTypeCode: string;
    costs: string;
    prepayments: string | null;
    balance: string | null;
    consumption: string | null;
    laborCosts: string | null;
    tenantId: string | null;
  }) =>
    [
      r.firmFlat,
      r.lastDay,
      r.costTypeCode,
      r.tenantId ?? "",
      norm(r.costs),
      norm(r.prepayments),
      norm(r.balance),
      norm(r.consumption),
      norm(r.laborCosts),
    ].join("|");
  const storedKeys = new Set(stored.map(key));
  return next.every((result) => storedKeys.has(key(result)));
}

export async function previewMeteringImport(
  db: Db,
  userId: string,
  body: Body,
  maxBytes: number,
  report: ReportProgress = IGNORE_PROGRESS,
): Promise<MeteringImportPreview> {
  await assertFeature(db, userId, "bulkImportExport");
  const period = await requireOwnedBillingPeriod(db, userId, body.billingPeriodId);
  if (period.isFinal) throw new Conflict(M.costsLocked);
  const analysis = await analyse(db, userId, period, body, maxBytes, report);
  if (Object.keys(analysis.mappingErrors).length > 0)
    throw new ValidationFailed(analysis.mappingErrors);
  return analysis.preview;
}

/** The item of the statement for a cost type: key "direct", the amounts per tenancy and the vacancy. */
function toDirectItem(
  item: PlannedItem,
  summary: MeteringItem,
  existing: CostItemDraft | undefined,
): CostItemDraft {
  return {
    costType: existing?.costType ?? item.costType,
    amount: summary.amount,
    key: "direct",
    consumptionShare: null,
    meter: null,
    excludedUnits: [],
    energySource: existing?.energySource ?? null,
    laborCosts: summary.laborCosts,
    taxCategory: summary.taxCategory,
    mode: "manual",
    rateId: null,
    consumptionAmount: null,
    allocationNote: existing?.allocationNote ?? null,
    heizkvReduction: false,
    heizkvRemoteReadingCut: false,
    directAmounts: [...item.entries.values()].map((entry) => ({
      tenancyId: entry.tenancyId,
      amount: entry.amount,
      laborCosts: entry.laborCosts,
    })),
    vacancyAmount: summary.vacancyAmount,
  };
}

export async function commitMeteringImport(
  db: Db,
  userId: string,
  body: Body,
  maxBytes: number,
  report: ReportProgress = IGNORE_PROGRESS,
): Promise<MeteringImportResult> {
  await assertFeature(db, userId, "bulkImportExport");
  const period = await requireOwnedBillingPeriod(db, userId, body.billingPeriodId);
  return inAccountTransaction(db, userId, async (trx) => {
    const current = await findOwnedBillingPeriod(trx, userId, period.id);
    if (!current) throw new NotFound(M.billingPeriodNotFound);
    if (current.isFinal) throw new Conflict(M.costsLocked);
    const { preview, newMappings, results, planned, mappingErrors } = await analyse(
      trx,
      userId,
      current,
      body,
      maxBytes,
      report,
    );
    if (Object.keys(mappingErrors).length > 0) throw new ValidationFailed(mappingErrors);
    const open = preview.flats.filter((flat) => flat.state === "open");
    if (open.length > 0) {
      throw new ValidationFailed(
        Object.fromEntries(open.map((flat) => [`flats.${flat.firmFlat}`, M.flatNotMapped])),
        M.needsMapping(open.length),
      );
    }
    const errors = [...preview.rows, ...preview.taxRows].filter((row) => row.status === "error");
    if (errors.length > 0) {
      throw new ValidationFailed(
        Object.fromEntries(errors.map((row) => [`rows.${row.fileName}.${row.line}`, row.message!])),
        M.rowsHaveErrors(errors.length),
      );
    }
    const stored = await loadStoredCosts(trx, userId, current.id);
    const fields: Record<string, string> = {};
    for (const item of preview.items) {
      const existing = stored.costItems.find(
        (candidate) => candidate.costType.toLowerCase() === item.costType.toLowerCase(),
      );
      if (existing?.mode === "rate")
        fields[`items.${item.costType}`] = M.costTypeByRate(existing.costType);
    }
    if (Object.keys(fields).length > 0)
      throw new ValidationFailed(fields, Object.values(fields)[0]);
    await upsertFlatMappings(trx, userId, current.propertyId, newMappings);
    if (preview.isUnchanged)
      return {
        billingPeriodId: current.id,
        imported: 0,
        isUnchanged: true,
        items: preview.items,
        message: M.nothingNew,
      };

    const costItems = [...stored.costItems];
    planned.forEach((item, index) => {
      const summary = preview.items[index]!;
      const position = costItems.findIndex(
        (candidate) => candidate.costType.toLowerCase() === item.costType.toLowerCase(),
      );
      if (position === -1) costItems.push(toDirectItem(item, summary, undefined));
      else costItems[position] = toDirectItem(item, summary, costItems[position]);
    });
    if (costItems.length > MAX_COST_ITEMS)
      throw new ValidationFailed({ items: "Zu viele Kostenpositionen." });
    await report({ phase: "save", unit: "records", done: 0, total: results.length });
    await replaceMeteringResults(trx, userId, current.id, results);
    await replaceCosts(trx, userId, current.id, {
      costItems,
      co2: stored.co2,
      consumptionOverrides: stored.consumptionOverrides,
      climateFactor: stored.climateFactor,
      heatingCosts: stored.heatingCosts,
      annualInformation: stored.annualInformation,
    });
    await report({ phase: "save", unit: "records", done: results.length, total: results.length });
    const message = M.imported(
      results.length,
      preview.items.map((item) => `${item.costType} ${formatEuroDe(item.amount)}`).join(", "),
    );
    await logActivity(trx, {
      userId,
      key: "cost.added",
      entityId: current.id,
      entityName: current.name,
      description: `Ergebnisse des Messdienstes importiert (${body.files.map((file) => file.fileName).join(", ")}): ${message}`,
      metadata: { source: "meteringImport", results: results.length, items: preview.items.length },
    });
    return {
      billingPeriodId: current.id,
      imported: results.length,
      isUnchanged: false,
      items: preview.items,
      message,
    };
  });
}
