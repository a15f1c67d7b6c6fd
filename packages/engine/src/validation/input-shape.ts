import { readAnnualInformation } from "./annual-information-shape.ts";
import { readHeatingCostSheet } from "./heating-sheet-shape.ts";
import {
  EFFICIENCY_CLASSES,
  FUELS,
  isDistributionKey,
  ITEM_METERS,
  METER_KINDS,
  PROPERTY_TYPES,
  TAX_CATEGORIES,
} from "../constants/domain.ts";
import { MESSAGES } from "../messages/messages.ts";
import type {
  Co2Input,
  ConsumptionInput,
  CostItemInput,
  DirectAmountInput,
  MeterReadingsInput,
  ReadingPointInput,
  OccupantInput,
  PrepaymentInput,
  QuantityValue,
  StatementInput,
  TenancyInput,
  UnitInput,
  ValidationIssue,
} from "../types.ts";
import { isPlainObject, ListFieldPath, QUANTITY_TEXT, ShapeReader } from "./shape-reader.ts";

export type ShapeOutcome =
  { ok: true; input: StatementInput } | { ok: false; issues: ValidationIssue[] };

/**
 * Checks that untrusted JSON has the contract's shape and returns it typed. Every problem
 * gets a German message naming the field (`Feld "units[0].area" muss eine Zahl sein`);
 * the distribution key's problems use the specification's texts. References between the
 * lists (a tenancy's unit, an excluded unit, a reading's tenancy) are checked here too,
 * because they name a field. Never throws.
 */
export function validateStatementInputShape(value: unknown): ShapeOutcome {
  if (!isPlainObject(value)) return { ok: false, issues: [{ message: MESSAGES.inputNotObject() }] };
  const reader = new ShapeReader();

  const periodValue = reader.readObject(value.period, "period");
  const start = periodValue
    ? reader.readDate(periodValue.start, "period.start", { isRequired: true })
    : undefined;
  const end = periodValue
    ? reader.readDate(periodValue.end, "period.end", { isRequired: true })
    : undefined;
  const propertyType = reader.readChoice(value.propertyType, "propertyType", PROPERTY_TYPES, false);
  const efficiencyClass = reader.readChoice(
    value.efficiencyClass,
    "efficiencyClass",
    EFFICIENCY_CLASSES,
    false,
  );

  // Ids are collected even from entries with other problems, so that one bad field does not
  // also turn every reference to its entry into an error.
  const unitIds = new Set<string>();
  const units = readUnits(reader, value.units, unitIds);
  const tenancyUnits = new Map<string, string>();
  const tenancies = readTenancies(reader, value.tenancies, unitIds, tenancyUnits);
  const consumption = readConsumption(reader, value.consumption, unitIds, tenancyUnits);
  const meterReadings = readMeterReadings(reader, value.meterReadings, unitIds, consumption);
  const vacancyPersons = reader.readNumber(value.vacancyPersons, "vacancyPersons", {
    isRequired: false,
  });
  const costItems = readCostItems(reader, value.costItems, unitIds);
  const co2 = value.co2 === undefined || value.co2 === null ? null : readCo2(reader, value.co2);
  const heatingCosts =
    value.heatingCosts === undefined || value.heatingCosts === null
      ? null
      : readHeatingCostSheet(reader, value.heatingCosts);
  const annualInformation =
    value.annualInformation === undefined || value.annualInformation === null
      ? null
      : readAnnualInformation(reader, value.annualInformation);

  if (reader.issues.length > 0 || !start || !end) return { ok: false, issues: reader.issues };
  const input: StatementInput = {
    period: { start, end },
    propertyType: propertyType ?? "residential",
    efficiencyClass: efficiencyClass ?? null,
    units,
    tenancies,
    consumption,
    costItems,
    co2,
    ...(heatingCosts ? { heatingCosts } : {}),
    ...(annualInformation ? { annualInformation } : {}),
  };
  if (meterReadings.length > 0) input.meterReadings = meterReadings;
  if (vacancyPersons !== undefined) input.vacancyPersons = vacancyPersons;
  return { ok: true, input };
}

function readUnits(reader: ShapeReader, value: unknown, seen: Set<string>): UnitInput[] {
  const list = reader.readList(value, "units", true) ?? [];
  const units: UnitInput[] = [];
  const path = new ListFieldPath("units");
  list.forEach((entry, index) => {
    const unit = reader.readObject(entry, path.entry(index));
    if (!unit) return;
    const id = reader.readText(unit.id, path.at("id"), true);
    const area = reader.readQuantity(unit.area, path.at("area"), { isRequired: true });
    const persons = reader.readNumber(unit.persons, path.at("persons"), { isRequired: false });
    const decentralizedHotWater = reader.readBoolean(
      unit.decentralizedHotWater,
      path.at("decentralizedHotWater"),
    );
    if (id !== undefined) {
      if (seen.has(id))
        reader.report(`units[${index}].id`, MESSAGES.duplicateId(`units[${index}].id`, id));
      seen.add(id);
    }
    if (id === undefined || area === undefined) return;
    units.push({
      id,
      area,
      persons: persons ?? 0,
      decentralizedHotWater: decentralizedHotWater ?? false,
    });
  });
  return units;
}

function readTenancies(
  reader: ShapeReader,
  value: unknown,
  unitIds: ReadonlySet<string>,
  tenancyUnits: Map<string, string>,
): TenancyInput[] {
  const list = reader.readList(value, "tenancies", true) ?? [];
  const tenancies: TenancyInput[] = [];
  const fieldPath = new ListFieldPath("tenancies");
  list.forEach((entry, index) => {
    const tenancy = reader.readObject(entry, fieldPath.entry(index));
    if (!tenancy) return;
    const id = reader.readText(tenancy.id, fieldPath.at("id"), true);
    const unitId = reader.readText(tenancy.unitId, fieldPath.at("unitId"), true);
    const start = reader.readDate(tenancy.start, fieldPath.at("start"), { isRequired: true });
    const end = reader.readDate(tenancy.end, fieldPath.at("end"), { isRequired: false });
    const persons = reader.readNumber(tenancy.persons, fieldPath.at("persons"), {
      isRequired: false,
    });
    // The texts of the rarer problems below, and of the nested lists (one per tenancy).
    const path = `tenancies[${index}]`;
    const occupants = readOccupants(reader, tenancy.occupants, `${path}.occupants`);
    const prepayments = readPrepayments(reader, tenancy.prepayments, `${path}.prepayments`);
    if (unitId !== undefined && !unitIds.has(unitId))
      reader.report(`${path}.unitId`, MESSAGES.unknownUnit(`${path}.unitId`, unitId));
    if (start && end && end < start)
      reader.report(`${path}.end`, MESSAGES.tenancyEndBeforeStart(`${path}.end`));
    if (id !== undefined) {
      if (tenancyUnits.has(id)) reader.report(`${path}.id`, MESSAGES.duplicateId(`${path}.id`, id));
      else if (unitId !== undefined) tenancyUnits.set(id, unitId);
    }
    if (id === undefined || unitId === undefined || start === undefined) return;
    const result: TenancyInput = { id, unitId, start, end: end ?? null, prepayments };
    if (persons !== undefined) result.persons = persons;
    if (occupants.length > 0) result.occupants = occupants;
    tenancies.push(result);
  });
  return tenancies;
}

// Contract v1.1: the tenant's occupant periods; whether they overlap is a rule.
function readOccupants(reader: ShapeReader, value: unknown, listPath: string): OccupantInput[] {
  const list = reader.readList(value, listPath, false) ?? [];
  const occupants: OccupantInput[] = [];
  list.forEach((entry, index) => {
    const path = `${listPath}[${index}]`;
    const occupant = reader.readObject(entry, path);
    if (!occupant) return;
    const from = reader.readDate(occupant.from, `${path}.from`, { isRequired: true });
    const to = reader.readDate(occupant.to, `${path}.to`, { isRequired: false });
    const persons = reader.readNumber(occupant.persons, `${path}.persons`, { isRequired: true });
    if (from && to && to < from)
      reader.report(`${path}.to`, MESSAGES.occupantEndBeforeStart(`${path}.to`));
    if (from === undefined || persons === undefined) return;
    occupants.push({ from, to: to ?? null, persons });
  });
  return occupants;
}

function readPrepayments(reader: ShapeReader, value: unknown, listPath: string): PrepaymentInput[] {
  const list = reader.readList(value, listPath, false) ?? [];
  const prepayments: PrepaymentInput[] = [];
  const path = new ListFieldPath(listPath);
  list.forEach((entry, index) => {
    const prepayment = reader.readObject(entry, path.entry(index));
    if (!prepayment) return;
    const monthlyAmount = reader.readMoney(
      prepayment.monthlyAmount,
      path.at("monthlyAmount"),
      true,
    );
    const validFrom = reader.readDate(prepayment.validFrom, path.at("validFrom"), {
      isRequired: true,
      invalidMessage: MESSAGES.fieldInvalidStartDate,
    });
    const validUntil = reader.readDate(prepayment.validUntil, path.at("validUntil"), {
      isRequired: false,
      invalidMessage: MESSAGES.fieldInvalidEndDate,
    });
    if (monthlyAmount === undefined || validFrom === undefined) return;
    prepayments.push({ monthlyAmount, validFrom, validUntil: validUntil ?? null });
  });
  return prepayments;
}

function readConsumption(
  reader: ShapeReader,
  value: unknown,
  unitIds: ReadonlySet<string>,
  tenancyUnits: ReadonlyMap<string, string>,
): ConsumptionInput[] {
  const list = reader.readList(value, "consumption", false) ?? [];
  const readings: ConsumptionInput[] = [];
  const fieldPath = new ListFieldPath("consumption");
  list.forEach((entry, index) => {
    const reading = reader.readObject(entry, fieldPath.entry(index));
    if (!reading) return;
    const unitId = reader.readText(reading.unitId, fieldPath.at("unitId"), true);
    const tenancyId = reader.readText(reading.tenancyId, fieldPath.at("tenancyId"), false);
    const meter = reader.readChoice(reading.meter, fieldPath.at("meter"), METER_KINDS, true);
    const readingValue = reader.readQuantity(reading.value, fieldPath.at("value"), {
      isRequired: true,
    });
    if (unitId !== undefined && !unitIds.has(unitId)) {
      const unitPath = String(fieldPath.at("unitId"));
      reader.report(unitPath, MESSAGES.unknownUnit(unitPath, unitId));
    }
    if (tenancyId !== undefined) {
      const tenancyUnit = tenancyUnits.get(tenancyId);
      const tenancyPath = (): string => String(fieldPath.at("tenancyId"));
      if (tenancyUnit === undefined)
        reader.report(tenancyPath(), MESSAGES.unknownTenancy(tenancyPath(), tenancyId));
      else if (unitId !== undefined && tenancyUnit !== unitId) {
        reader.report(tenancyPath(), MESSAGES.tenancyOfOtherUnit(tenancyPath(), tenancyId, unitId));
      }
    }
    const estimated = reader.readBoolean(reading.estimated, fieldPath.at("estimated"));
    if (unitId === undefined || meter === undefined || readingValue === undefined) return;
    const result: ConsumptionInput = {
      unitId,
      tenancyId: tenancyId ?? null,
      meter,
      value: readingValue,
    };
    if (estimated) result.estimated = estimated;
    readings.push(result);
  });
  return readings;
}

function readReadingPoint(
  reader: ShapeReader,
  value: unknown,
  path: string,
  isRequired: boolean,
): ReadingPointInput | undefined {
  if (value === undefined || value === null) {
    if (isRequired) reader.report(path, MESSAGES.fieldMissing(path));
    return undefined;
  }
  const point = reader.readObject(value, path);
  if (!point) return undefined;
  const date = reader.readDate(point.date, `${path}.date`, { isRequired: true });
  const text = reader.readText(point.value, `${path}.value`, true);
  if (text !== undefined && !QUANTITY_TEXT.test(text))
    reader.report(`${path}.value`, MESSAGES.fieldNotQuantityText(`${path}.value`));
  const estimated = reader.readBoolean(point.estimated, `${path}.estimated`);
  if (date === undefined || text === undefined || !QUANTITY_TEXT.test(text)) return undefined;
  return { date, value: text, estimated: estimated ?? false };
}

/**
 * Issue 24: unit meters with their readings. A unit and meter kind is given by readings or by
 * consumption values, never both (the values would count twice).
 */
function readMeterReadings(
  reader: ShapeReader,
  value: unknown,
  unitIds: ReadonlySet<string>,
  consumption: readonly ConsumptionInput[],
): MeterReadingsInput[] {
  const list = reader.readList(value, "meterReadings", false) ?? [];
  const result: MeterReadingsInput[] = [];
  // Most inputs have no readings: no key per consumption value to build for them.
  if (list.length === 0) return result;
  const byValue = new Set(consumption.map((entry) => `${entry.unitId}\u0000${entry.meter}`));
  const meterIds = new Set<string>();
  list.forEach((entry, index) => {
    const path = `meterReadings[${index}]`;
    const meterEntry = reader.readObject(entry, path);
    if (!meterEntry) return;
    const meterId = reader.readText(meterEntry.meterId, `${path}.meterId`, true);
    if (meterId !== undefined && meterIds.has(meterId))
      reader.report(`${path}.meterId`, MESSAGES.duplicateMeter(`${path}.meterId`, meterId));
    if (meterId !== undefined) meterIds.add(meterId);
    const unitId = reader.readText(meterEntry.unitId, `${path}.unitId`, true);
    if (unitId !== undefined && !unitIds.has(unitId))
      reader.report(`${path}.unitId`, MESSAGES.unknownUnit(`${path}.unitId`, unitId));
    const meter = reader.readChoice(meterEntry.meter, `${path}.meter`, METER_KINDS, true);
    const cumulative = reader.readBoolean(meterEntry.cumulative, `${path}.cumulative`) ?? true;
    const start = readReadingPoint(reader, meterEntry.start, `${path}.start`, cumulative);
    const end = readReadingPoint(reader, meterEntry.end, `${path}.end`, true);
    const readingList = reader.readList(meterEntry.readings, `${path}.readings`, false) ?? [];
    const readings = readingList.flatMap((reading, readingIndex) => {
      const point = readReadingPoint(reader, reading, `${path}.readings[${readingIndex}]`, true);
      return point ? [point] : [];
    });
    if (
      start &&
      end &&
      (end.date < start.date || compareQuantityTexts(end.value, start.value) < 0)
    ) {
      reader.report(`${path}.end`, MESSAGES.meterEndBeforeStart(`${path}.end`));
    }
    if (unitId !== undefined && meter !== undefined && byValue.has(`${unitId}\u0000${meter}`)) {
      reader.report(path, MESSAGES.readingsAndValueForUnit(path, unitId, meter));
    }
    if (
      meterId === undefined ||
      unitId === undefined ||
      meter === undefined ||
      end === undefined ||
      (cumulative && start === undefined)
    )
      return;
    result.push({
      meterId,
      unitId,
      meter,
      cumulative,
      start: cumulative ? (start ?? null) : null,
      end,
      readings,
    });
  });
  return result;
}

/** Compares two decimal texts of QUANTITY_TEXT's form. */
function compareQuantityTexts(a: string, b: string): number {
  const [aWhole = "", aFraction = ""] = a.split(".");
  const [bWhole = "", bFraction = ""] = b.split(".");
  const width = Math.max(aFraction.length, bFraction.length);
  const aScaled = BigInt(aWhole + aFraction.padEnd(width, "0"));
  const bScaled = BigInt(bWhole + bFraction.padEnd(width, "0"));
  return aScaled < bScaled ? -1 : aScaled > bScaled ? 1 : 0;
}

function readCostItems(
  reader: ShapeReader,
  value: unknown,
  unitIds: ReadonlySet<string>,
): CostItemInput[] {
  const list = reader.readList(value, "costItems", true) ?? [];
  const items: CostItemInput[] = [];
  list.forEach((entry, index) => {
    const path = `costItems[${index}]`;
    const item = reader.readObject(entry, path);
    if (!item) return;
    const costType = reader.readText(item.costType, `${path}.costType`, true);
    const amount = reader.readMoney(item.amount, `${path}.amount`, true);
    if (amount !== undefined && amount.startsWith("-"))
      reader.report(`${path}.amount`, MESSAGES.fieldNegative(`${path}.amount`));
    // The specification's own texts for a missing or unknown key (docs/rules/statements.md#statement-messages).
    let key: CostItemInput["key"] | undefined;
    if (item.key === undefined || item.key === null || item.key === "") {
      reader.report(`${path}.key`, MESSAGES.keyMissing(costType ?? `#${index + 1}`));
    } else if (!isDistributionKey(item.key)) {
      reader.report(
        `${path}.key`,
        MESSAGES.keyUnknown(
          String(typeof item.key === "string" ? item.key : JSON.stringify(item.key)),
        ),
      );
    } else {
      key = item.key;
    }
    // The share's range is a rule (HeizkV 50-70 % for heating), checked with the other rules.
    const consumptionShare = readShare(reader, item.consumptionShare, `${path}.consumptionShare`);
    const meter = reader.readChoice(item.meter, `${path}.meter`, ITEM_METERS, false);
    const excludedList = reader.readList(item.excludedUnits, `${path}.excludedUnits`, false) ?? [];
    const excludedUnits: string[] = [];
    excludedList.forEach((unitId, unitIndex) => {
      const unitPath = `${path}.excludedUnits[${unitIndex}]`;
      const id = reader.readText(unitId, unitPath, true);
      if (id === undefined) return;
      if (!unitIds.has(id)) reader.report(unitPath, MESSAGES.unknownUnit(unitPath, id));
      excludedUnits.push(id);
    });
    // Contract v1.1: the labour part (§ 35a EStG); its range is a rule with the contract's text.
    const laborCosts = reader.readMoney(item.laborCosts, `${path}.laborCosts`, false);
    const taxCategory = reader.readChoice(
      item.taxCategory,
      `${path}.taxCategory`,
      TAX_CATEGORIES,
      false,
    );
    // Issue 24: the § 12 (1) HeizkV cut up front and the last allocable day (checked as rules).
    const heizkvReduction =
      item.heizkvReduction === null
        ? undefined
        : reader.readBoolean(item.heizkvReduction, `${path}.heizkvReduction`);
    const remoteReadingCut =
      item.heizkvRemoteReadingCut === null
        ? undefined
        : reader.readBoolean(item.heizkvRemoteReadingCut, `${path}.heizkvRemoteReadingCut`);
    const remoteReadingMissing =
      item.heizkvRemoteReadingMissing === null
        ? undefined
        : reader.readBoolean(item.heizkvRemoteReadingMissing, `${path}.heizkvRemoteReadingMissing`);
    const allocableUntil = reader.readDate(item.allocableUntil, `${path}.allocableUntil`, {
      isRequired: false,
    });
    const allocationNote =
      item.allocationNote === null
        ? undefined
        : reader.readText(item.allocationNote, `${path}.allocationNote`, false);
    // Contract v1.4: the direct key's amounts per tenancy and the vacancy's amount.
    const directAmounts = readDirectAmounts(reader, item.directAmounts, `${path}.directAmounts`);
    const vacancyAmount = reader.readMoney(item.vacancyAmount, `${path}.vacancyAmount`, false);
    if (costType === undefined || amount === undefined || key === undefined) return;
    const result: CostItemInput = {
      costType,
      amount,
      key,
      consumptionShare: consumptionShare ?? null,
      meter: meter ?? null,
      excludedUnits,
    };
    if (laborCosts !== undefined) result.laborCosts = laborCosts;
    if (taxCategory !== undefined) result.taxCategory = taxCategory;
    if (heizkvReduction) result.heizkvReduction = true;
    if (remoteReadingCut) result.heizkvRemoteReadingCut = true;
    if (remoteReadingMissing) result.heizkvRemoteReadingMissing = true;
    if (allocableUntil !== undefined) result.allocableUntil = allocableUntil;
    if (allocationNote !== undefined && allocationNote !== "")
      result.allocationNote = allocationNote;
    if (directAmounts !== undefined) result.directAmounts = directAmounts;
    if (vacancyAmount !== undefined) result.vacancyAmount = vacancyAmount;
    items.push(result);
  });
  return items;
}

// Contract v1.4: [{ tenancyId, amount, laborCosts? }]; which tenancies and the sums are rules.
function readDirectAmounts(
  reader: ShapeReader,
  value: unknown,
  path: string,
): DirectAmountInput[] | undefined {
  const list = reader.readList(value, path, false);
  if (list === undefined) return undefined;
  const entries: DirectAmountInput[] = [];
  list.forEach((entry, index) => {
    const entryPath = `${path}[${index}]`;
    const object = reader.readObject(entry, entryPath);
    if (!object) return;
    const tenancyId = reader.readText(object.tenancyId, `${entryPath}.tenancyId`, true);
    const amount = reader.readMoney(object.amount, `${entryPath}.amount`, true);
    const laborCosts = reader.readMoney(object.laborCosts, `${entryPath}.laborCosts`, false);
    if (tenancyId === undefined || amount === undefined) return;
    entries.push(
      laborCosts === undefined ? { tenancyId, amount } : { tenancyId, amount, laborCosts },
    );
  });
  return entries;
}

// A percentage may be any finite number here; its range is checked as a rule.
// v1.5 (decision 1640): a share as decimal text (not negative, checked like a quantity) or, as
// before, a JSON number; its range is a rule (statement-checks.ts) with the contract's text.
function readShare(reader: ShapeReader, value: unknown, path: string): QuantityValue | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return reader.readQuantity(value, path, { isRequired: false });
  if (typeof value !== "number" || !Number.isFinite(value)) {
    reader.report(path, MESSAGES.fieldNotNumber(path));
    return undefined;
  }
  return value;
}

function readCo2(reader: ShapeReader, value: unknown): Co2Input | null {
  const co2 = reader.readObject(value, "co2");
  if (!co2) return null;
  const result: Co2Input = {
    emissionsKg:
      reader.readQuantity(co2.emissionsKg, "co2.emissionsKg", { isRequired: false }) ?? null,
    fuel: reader.readChoice(co2.fuel, "co2.fuel", FUELS, false) ?? null,
    consumptionKwh:
      reader.readQuantity(co2.consumptionKwh, "co2.consumptionKwh", { isRequired: false }) ?? null,
    heatingValue:
      reader.readChoice(co2.heatingValue, "co2.heatingValue", ["upper", "lower"] as const, false) ??
      null,
    emissionFactor:
      reader.readQuantity(co2.emissionFactor, "co2.emissionFactor", { isRequired: false }) ?? null,
    pricePerTonne:
      reader.readQuantity(co2.pricePerTonne, "co2.pricePerTonne", { isRequired: false }) ?? null,
    cost: reader.readMoney(co2.cost, "co2.cost", false) ?? null,
    vatPercent:
      reader.readQuantity(co2.vatPercent, "co2.vatPercent", { isRequired: false }) ?? null,
    area:
      reader.readQuantity(co2.area, "co2.area", { isRequired: false, isPositive: true }) ?? null,
  };
  if (result.cost !== null && result.cost !== undefined && result.cost.startsWith("-")) {
    reader.report("co2.cost", MESSAGES.fieldNegative("co2.cost"));
  }
  return result;
}
