import {
  compareDecimalText,
  METERING_EXPORT_MESSAGES as X,
  toHeatingCostSheetInput,
  type CostItemDraft,
  type MeteringExportQuery,
  type MeteringFirmNumbers,
  type meteringFirmNumbersBodySchema,
} from "@nk/contract";
import type { z } from "zod";
import {
  addDays,
  calculateHeatingCostSheet,
  proratePrepayments,
  type HeatingCostSheet,
} from "@nk/engine";
import type { Db } from "../../db/database.ts";
import { ValidationFailed } from "../../domain/domain-errors.ts";
import { assertFeature } from "../account/subscription-change-service.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  FUEL_CODES,
  getTaxClass,
  K_COLD_WATER_CODE,
  K_FUEL_INVOICE_CODE,
  K_HEATING_COMPONENTS,
  K_HEATING_TEXT_CODE,
  K_OTHER_TEXT_CODE,
} from "../imports/arge-codes.ts";
import {
  writeARecord,
  writeBRecord,
  writeKRecord,
  writeLRecord,
  writeMRecord,
  type Address,
  type CostOrigin,
  type KRecordInput,
} from "../imports/arge-export-records.ts";
import { encodeArgeFile } from "../imports/arge-record-writer.ts";
import { listFlatMappings } from "../imports/metering-import-queries.ts";
import { buildUnitLines } from "../imports/metering-lines.ts";
import type { AssemblyTenant, AssemblyUnit } from "../statements/assembly/assembly-data.ts";
import {
  loadAssemblyData,
  type OwnedBillingPeriod,
} from "../statements/assembly/assembly-queries.ts";
import {
  loadStoredCosts,
  requireOwnedBillingPeriod,
  type StoredCosts,
} from "../statements/costs-service.ts";
import {
  findMeteringFirmNumbers,
  findPropertyAddress,
  upsertMeteringFirmNumbers,
} from "./metering-export-queries.ts";

// The files for the metering company (issue 28, item 2; decision 1600): DTM305 with the L
// record of the property and one M record per user of each flat (tenancies and vacancies as
// the statement cuts them, with their prepayments, area and persons), DTK305 with the B record
// of the fuel (stocks at the start and the end) and one K record per fuel delivery, invoice of
// the heating system and cost item (§ 35a EStG class and labour share). Record layouts:
// docs/imports/arge-heiwako.md. Plan feature bulkImportExport (decision 1402).

export interface MeteringExportFile {
  bytes: Uint8Array;
  fileName: string;
}

type Mapping = Awaited<ReturnType<typeof listFlatMappings>>[number];

/** The Liegenschaftsnummer of the flats mapped at an import: one, none (undefined) or several (null). */
function getImportedPropertyNumber(mappings: readonly Mapping[]): string | null | undefined {
  const numbers = new Set(
    mappings
      .filter((mapping) => mapping.unitId !== null)
      .map((mapping) => mapping.firmFlat.slice(0, 9)),
  );
  if (numbers.size > 1) return null;
  return [...numbers][0];
}

/** The firm's Liegenschaftsnummer: the one given, else the one remembered, else the one of the flats mapped at an import. */
function resolvePropertyNumber(given: string | null, mappings: readonly Mapping[]): string {
  if (given !== null) return given.padStart(9, "0");
  const number = getImportedPropertyNumber(mappings);
  if (number === null)
    throw new ValidationFailed(
      { propertyNumber: X.propertyNumberAmbiguous },
      X.propertyNumberAmbiguous,
    );
  if (number === undefined)
    throw new ValidationFailed(
      { propertyNumber: X.propertyNumberRequired },
      X.propertyNumberRequired,
    );
  return number;
}

interface Flat {
  number: string;
  managerKey: string;
}

/**
 * Each unit's flat at the firm: the Wohnungsnummer remembered at an import (decision 1404),
 * otherwise the lowest number no flat of the firm has, in the order of the units; the manager's key is
 * the one the firm printed for the flat, otherwise "WE" and the number.
 */
function assignFlats(
  units: readonly AssemblyUnit[],
  mappings: readonly Mapping[],
  propertyNumber: string,
): Map<string, Flat> {
  const flats = new Map<string, Flat>();
  const sorted = [...mappings].sort((a, b) => a.firmFlat.localeCompare(b.firmFlat));
  for (const unit of units) {
    const mapping = sorted.find(
      (candidate) => candidate.unitId === unit.id && candidate.firmFlat.startsWith(propertyNumber),
    );
    if (mapping)
      flats.set(unit.id, {
        number: mapping.firmFlat.slice(9),
        managerKey: mapping.managerKey?.trim() || `WE${mapping.firmFlat.slice(9)}`,
      });
  }
  // A flat marked "not this property" keeps its number too: the firm has it for someone else.
  const used = new Set(
    [...flats.values()]
      .map((flat) => flat.number)
      .concat(
        mappings
          .filter((mapping) => mapping.firmFlat.startsWith(propertyNumber))
          .map((mapping) => mapping.firmFlat.slice(9)),
      ),
  );
  let next = 1;
  for (const unit of units) {
    if (flats.has(unit.id)) continue;
    while (used.has(String(next).padStart(4, "0"))) next += 1;
    if (next > 9999) throw new ValidationFailed({ units: X.tooManyUnits }, X.tooManyUnits);
    const number = String(next).padStart(4, "0");
    used.add(number);
    flats.set(unit.id, { number, managerKey: `WE${number}` });
  }
  return flats;
}

/** Persons of the tenancy on a day: its occupant period, else the unit's (as the statement counts, decision 1140 aside). */
function getPersonsOn(tenant: AssemblyTenant, unit: AssemblyUnit, day: string): number {
  const period = tenant.occupants.find(
    (occupant) =>
      occupant.validFrom <= day && (occupant.validUntil === null || occupant.validUntil >= day),
  );
  return period?.persons ?? unit.persons;
}

/** DTA305 (decision 1702): one A record per unit, its flat at the firm and the manager's key for it. */
async function buildMappingRecords(
  db: Db,
  userId: string,
  period: OwnedBillingPeriod,
  head: Head,
  mappings: readonly Mapping[],
): Promise<string[]> {
  const data = await loadAssemblyData(db, userId, period, addDays(period.start, -1));
  const flats = assignFlats(data.units, mappings, head.propertyNumber);
  return data.units.map((unit) => {
    const flat = flats.get(unit.id)!;
    return writeARecord({
      customerNumber: head.customerNumber,
      firmFlat: `${head.propertyNumber}${flat.number}`,
      managerKey: flat.managerKey,
    });
  });
}

async function buildUserRecords(
  db: Db,
  userId: string,
  period: OwnedBillingPeriod,
  head: Head,
  address: Address,
  mappings: readonly Mapping[],
  stored: StoredCosts,
): Promise<string[]> {
  const data = await loadAssemblyData(db, userId, period, addDays(period.start, -1));
  const flats = assignFlats(data.units, mappings, head.propertyNumber);
  const records = [
    writeLRecord({
      ...head,
      address,
      start: period.start,
      end: period.end,
      hasLaborShares: stored.costItems.some(
        (item) => item.key !== "direct" && item.laborCosts !== null && item.taxCategory !== null,
      ),
    }),
  ];
  for (const unit of data.units) {
    const flat = flats.get(unit.id)!;
    const tenants = data.tenants.filter((tenant) => tenant.unitId === unit.id);
    for (const line of buildUnitLines(tenants, period.start, period.end)) {
      const tenant = tenants.find((candidate) => candidate.id === line.tenancyId);
      records.push(
        writeMRecord({
          customerNumber: head.customerNumber,
          firmFlat: `${head.propertyNumber}${flat.number}`,
          managerKey: flat.managerKey,
          name: line.tenantName,
          address,
          from: line.from,
          to: line.to,
          // docs/rules/prepayments.md#prepayment-rules: the prepayments of the user's days, as the statement counts them.
          prepayments: tenant
            ? proratePrepayments(tenant.prepayments, { from: line.from, to: line.to }).total
            : "0.00",
          area: unit.area,
          persons: tenant ? getPersonsOn(tenant, unit, line.to) : 0,
          isVacant: tenant === undefined,
        }),
      );
    }
  }
  return records;
}

interface Head {
  customerNumber: string;
  propertyNumber: string;
}

const HEATING_TYPES = new Set(["heizung", "warmwasser"]);

function calculateSheet(stored: StoredCosts): HeatingCostSheet | null {
  if (stored.heatingCosts === null) return null;
  const outcome = calculateHeatingCostSheet(toHeatingCostSheetInput(stored.heatingCosts));
  if (!outcome.ok)
    throw new ValidationFailed(
      { heatingCosts: X.heatingSheet(outcome.errors[0] ?? "") },
      X.heatingSheet(outcome.errors[0] ?? ""),
    );
  return outcome.sheet;
}

/** An item's K 7-8 and K 6: heating and hot water as free text, cold water by key, the rest as other operating costs. */
function describeItem(costType: string): { code: string; origin: CostOrigin } {
  const type = costType.trim().toLowerCase();
  if (type === "heizung") return { code: K_HEATING_TEXT_CODE, origin: "H" };
  if (type === "warmwasser") return { code: K_HEATING_TEXT_CODE, origin: "W" };
  if (type === "kaltwasser") return { code: K_COLD_WATER_CODE, origin: "K" };
  return { code: K_OTHER_TEXT_CODE, origin: "B" };
}

function hasTaxShare(item: CostItemDraft): boolean {
  return (
    item.laborCosts !== null &&
    item.taxCategory !== null &&
    compareDecimalText(item.laborCosts, "0") > 0
  );
}

async function buildCostRecords(
  period: OwnedBillingPeriod,
  head: Head,
  stored: StoredCosts,
): Promise<string[]> {
  const sheet = calculateSheet(stored);
  const records: string[] = [];
  const invoices: KRecordInput[] = [];
  const base = {
    customerNumber: head.customerNumber,
    propertyNumber: head.propertyNumber,
    text: null,
    taxClass: "00",
    laborCosts: null,
  };
  if (sheet !== null && stored.heatingCosts !== null) {
    const heating = stored.heatingCosts;
    const fuel = FUEL_CODES[`${sheet.fuel}/${sheet.quantityUnit}`] ?? null;
    records.push(
      writeBRecord({
        ...head,
        start: period.start,
        end: period.end,
        fuel,
        opening: sheet.stock ? sheet.stock.opening : null,
        closing: sheet.stock
          ? { quantity: sheet.stock.closing.quantity, amount: sheet.stock.closing.amount }
          : null,
        hotWaterTemperatureCelsius: heating.isCombined ? heating.hotWaterTemperatureCelsius : null,
        hotWaterVolumeM3: heating.isCombined ? heating.hotWaterVolumeM3 : null,
      }),
    );
    // One generator for rooms and water (§ 9 HeizkV): the costs arose jointly.
    const origin: CostOrigin = heating.isCombined ? "E" : "H";
    if (sheet.stock) {
      for (const purchase of sheet.stock.purchases)
        invoices.push({
          ...base,
          code: K_FUEL_INVOICE_CODE,
          origin,
          invoiceDate: purchase.date,
          quantity: purchase.quantity,
          amount: purchase.amount,
        });
    } else if (heating.quantity !== null || heating.fuelCost !== null) {
      invoices.push({
        ...base,
        code: K_FUEL_INVOICE_CODE,
        origin,
        invoiceDate: period.end,
        quantity: heating.quantity,
        amount: sheet.fuelCost,
      });
    }
    const components: KRecordInput[] = [];
    for (const component of K_HEATING_COMPONENTS) {
      const amount = sheet.components[component.field];
      if (compareDecimalText(amount, "0") > 0)
        components.push({
          ...base,
          code: component.code,
          origin,
          invoiceDate: period.end,
          quantity: null,
          amount,
        });
    }
    // The § 35a share of the heating items sits in an invoice of the system: the first that holds it.
    for (const item of stored.costItems) {
      if (
        !HEATING_TYPES.has(item.costType.trim().toLowerCase()) ||
        item.key === "direct" ||
        !hasTaxShare(item)
      )
        continue;
      const target = components.find(
        (candidate) =>
          candidate.laborCosts === null &&
          compareDecimalText(candidate.amount, item.laborCosts!) >= 0,
      );
      if (!target)
        throw new ValidationFailed(
          { heatingCosts: X.laborWithoutInvoice(item.costType) },
          X.laborWithoutInvoice(item.costType),
        );
      Object.assign(target, {
        taxClass: getTaxClass(item.taxCategory),
        laborCosts: item.laborCosts,
      });
    }
    invoices.push(...components);
  }
  for (const item of stored.costItems) {
    // Direct items are per-flat amounts already (the firm's own results among them): nothing to distribute.
    if (item.key === "direct") continue;
    // With a cost sheet, heating and hot water are its invoices above.
    if (sheet !== null && HEATING_TYPES.has(item.costType.trim().toLowerCase())) continue;
    if (item.amount === null) {
      if (item.mode === "rate")
        throw new ValidationFailed(
          { costItems: X.amountMissing(item.costType) },
          X.amountMissing(item.costType),
        );
      continue;
    }
    if (compareDecimalText(item.amount, "0") === 0) continue;
    const { code, origin } = describeItem(item.costType);
    const isTaxed = hasTaxShare(item);
    invoices.push({
      ...base,
      code,
      text: item.costType,
      origin,
      invoiceDate: period.end,
      quantity: item.mode === "rate" ? item.consumptionAmount : null,
      amount: item.amount,
      taxClass: isTaxed ? getTaxClass(item.taxCategory) : "00",
      laborCosts: isTaxed ? item.laborCosts : null,
    });
  }
  if (records.length === 0 && invoices.length === 0)
    throw new ValidationFailed({ costItems: X.noCosts }, X.noCosts);
  return [...records, ...invoices.map(writeKRecord)];
}

const COUNTRY_CODES: Readonly<Record<string, string>> = {
  deutschland: "DEU",
  germany: "DEU",
  de: "DEU",
  deu: "DEU",
};

/** "JJJJMMTThhmmss" of now in Germany: the creation time the standard puts in the file name. */
function formatFileStamp(now: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Berlin",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`;
}

/** The file name's prefix (the standard's names) and the activity's label of each part. */
const PART_FILES: Record<MeteringExportQuery["part"], { prefix: string; label: string }> = {
  users: { prefix: "DTM305", label: "Nutzer (L/M)" },
  costs: { prefix: "DTK305", label: "Kosten (B/K)" },
  mapping: { prefix: "DTA305", label: "Zuordnung (A)" },
};

export async function exportMeteringFile(
  db: Db,
  userId: string,
  billingPeriodId: string,
  query: MeteringExportQuery,
  now = new Date(),
): Promise<MeteringExportFile> {
  // Another account's period is not found, whatever the plan (decision 1402); then the plan.
  const period = await requireOwnedBillingPeriod(db, userId, billingPeriodId);
  await assertFeature(db, userId, "bulkImportExport");
  const property = await findPropertyAddress(db, userId, period.propertyId);
  const address: Address = {
    street: [property.street, property.houseNumber].filter((part) => part.trim() !== "").join(" "),
    country: COUNTRY_CODES[property.country.trim().toLowerCase()] ?? "",
    postalCode: property.postalCode,
    city: property.city,
  };
  const mappings = await listFlatMappings(db, userId, period.propertyId);
  const remembered = await findMeteringFirmNumbers(db, userId, period.propertyId);
  const customerNumber = query.customerNumber ?? remembered?.customerNumber ?? null;
  if (customerNumber === null)
    throw new ValidationFailed(
      { customerNumber: X.customerNumberRequired },
      X.customerNumberRequired,
    );
  const head: Head = {
    customerNumber,
    propertyNumber: resolvePropertyNumber(
      query.propertyNumber ?? remembered?.propertyNumber ?? null,
      mappings,
    ),
  };
  const stored = await loadStoredCosts(db, userId, period.id);
  const records =
    query.part === "users"
      ? await buildUserRecords(db, userId, period, head, address, mappings, stored)
      : query.part === "costs"
        ? await buildCostRecords(period, head, stored)
        : await buildMappingRecords(db, userId, period, head, mappings);
  const label = PART_FILES[query.part].label;
  await logActivity(db, {
    userId,
    key: "system.export",
    entityId: period.id,
    entityName: period.name,
    description: `Datei für den Messdienst erstellt (ARGE Heiwako, ${label}): ${period.propertyName}, ${records.length} Sätze`,
    metadata: { format: "arge-heiwako", part: query.part, records: records.length },
  });
  return {
    bytes: encodeArgeFile(records),
    fileName: `${PART_FILES[query.part].prefix}_${formatFileStamp(now)}.DAT`,
  };
}

/** GET /api/billing-periods/:id/metering-numbers (decision 1701): the numbers remembered for the period's property. */
export async function getMeteringFirmNumbers(
  db: Db,
  userId: string,
  billingPeriodId: string,
): Promise<MeteringFirmNumbers> {
  const period = await requireOwnedBillingPeriod(db, userId, billingPeriodId);
  await assertFeature(db, userId, "bulkImportExport");
  const remembered = await findMeteringFirmNumbers(db, userId, period.propertyId);
  const imported = getImportedPropertyNumber(await listFlatMappings(db, userId, period.propertyId));
  return {
    propertyId: period.propertyId,
    customerNumber: remembered?.customerNumber ?? null,
    propertyNumber: remembered?.propertyNumber ?? null,
    propertyNumberFromImport: imported ?? null,
  };
}

/** PUT /api/billing-periods/:id/metering-numbers: remembers the numbers for the period's property. */
export async function saveMeteringFirmNumbers(
  db: Db,
  userId: string,
  billingPeriodId: string,
  body: z.output<typeof meteringFirmNumbersBodySchema>,
): Promise<MeteringFirmNumbers> {
  const period = await requireOwnedBillingPeriod(db, userId, billingPeriodId);
  await assertFeature(db, userId, "bulkImportExport");
  await upsertMeteringFirmNumbers(db, userId, period.propertyId, body);
  await logActivity(db, {
    userId,
    key: "property.updated",
    entityId: period.propertyId,
    entityName: period.propertyName,
    description: `Nummern des Messdienstes gespeichert: Kundennummer ${body.customerNumber}${
      body.propertyNumber ? `, Liegenschaftsnummer ${body.propertyNumber}` : ""
    }`,
    metadata: { source: "meteringFirmNumbers" },
  });
  return getMeteringFirmNumbers(db, userId, billingPeriodId);
}
