import {
  DEFAULT_TAX_CATEGORY,
  getMeterKindsOfItemMeter,
  HEATING_COST_TYPE,
  isHeizkvCostType,
  type ItemMeter,
  type MeterKind,
  type TaxCategory,
} from "../constants/domain.ts";
import { calculateCo2Split, type Co2SplitResult } from "../co2/co2-split.ts";
import { DEGREE_DAY_UNITS_PER_MILLE } from "../heating/degree-days.ts";
import { MESSAGES } from "../messages/messages.ts";
import { Decimal, ZERO } from "../money/decimal.ts";
import { formatCents, parseMoneyToCents } from "../money/money.ts";
import { sumProratedPrepaymentCents } from "../prepayments/prepayment-proration.ts";
import { allocateCentsByLargestRemainder } from "../rounding/largest-remainder.ts";
import type {
  Allocation,
  CalculateStatementOptions,
  ItemSummary,
  StatementCo2,
  StatementInput,
  StatementOutcome,
  StatementResult,
  TenancyStatement,
  ValidationIssue,
  VacancyStatement,
} from "../types.ts";
import { validateStatementInputShape } from "../validation/input-shape.ts";
import { checkStatementRules } from "../validation/statement-checks.ts";
import { type BillingLine, buildBillingLines } from "./billing-lines.ts";
import { distributeItem, type PreparedItem, prepareItem } from "./item-allocation.ts";
import {
  formatScaledQuantityText,
  QUANTITY_SCALE,
  toDisplayNumber,
  toExactScaledQuantity,
} from "./fixed-point.ts";
import {
  attachTenancyReadings,
  calculateLineConsumption,
  indexConsumption,
} from "./line-consumption.ts";
import { describeLineConsumption, type ConsumptionRecords } from "./line-consumption-records.ts";
import { calculateMeterFigures } from "./meter-reading-consumption.ts";
import { describeOccupancy } from "./billing-lines.ts";
import { LineWeightCache } from "./line-weights.ts";
import { StatementBasisBuilder } from "./statement-basis.ts";
import { AllocableWindows, getAllocableCents } from "./allocable-window.ts";
import { cutHeizkvShares, getHeizkvCutPercent } from "./heizkv-reduction.ts";
import { getAllocableUntil } from "../validation/cost-item-limits.ts";
import { checkHeatingSheetAgainstItems } from "./heating-sheet-check.ts";
import { calculateHeatingCostSheet, type HeatingCostSheet } from "../heating/heating-cost-sheet.ts";
import { buildLetterFigures } from "./letter-figures.ts";

/**
 * The statement calculation: contract v1. Checks the shape of untrusted input, then the
 * rules (docs/rules/statements.md#statement-checks; docs/rules/money-and-rounding.md#exact-money, docs/rules/tenancies-and-keys.md#who-bears-what, docs/rules/heating.md#heizkv, docs/rules/co2.md#co2-split, docs/rules/prepayments.md#prepayment-rules), then distributes every cost item over the
 * tenancies and vacancy of the units that take part, moves the CO2 landlord share off the
 * heating costs, prorates the prepayments and returns the statement. Pure and
 * deterministic; problems of the input come back as German messages, never as exceptions.
 */
export function calculateStatement(
  input: unknown,
  options: CalculateStatementOptions = {},
): StatementOutcome {
  const shape = validateStatementInputShape(input);
  if (!shape.ok) return toFailure(shape.issues);
  return calculateValidatedStatement(shape.input, options);
}

// The calculation on input that already has the contract's shape.
function calculateValidatedStatement(
  input: StatementInput,
  options: CalculateStatementOptions = {},
): StatementOutcome {
  const includeBasis = options.includeBasis ?? true;
  const rules = checkStatementRules(input);
  const issues: ValidationIssue[] = [...rules.issues];
  if (rules.isStructureBroken) return toFailure(issues);
  const warnings: string[] = [...rules.warnings];

  const units = buildBillingLines(input);
  const allLines: BillingLine[] = [];
  for (const unit of units)
    for (let index = 0; index < unit.lines.length; index += 1)
      allLines.push(unit.lines[index] as BillingLine);
  const lineCount = allLines.length;
  const weightCache = new LineWeightCache(allLines);
  const readings = input.consumption ?? [];
  const unitIndexById = new Map<string, number>();
  input.units.forEach((unit, unitIndex) => unitIndexById.set(unit.id, unitIndex));
  const consumptionIndex = indexConsumption(readings, unitIndexById, input.units.length);
  // A tenancy's own reading needs a line of that tenancy inside the period.
  const tenanciesWithReadingLines = attachTenancyReadings(consumptionIndex, allLines);
  readings.forEach((reading, index) => {
    if (reading.tenancyId && !tenanciesWithReadingLines.has(reading.tenancyId)) {
      warnings.push(
        MESSAGES.readingOutsidePeriod(`consumption[${index}].tenancyId`, reading.tenancyId),
      );
    }
  });
  // Issue 24: units given by meter readings (§ 9b HeizkV: readings on every tenancy boundary).
  const meterFigures = calculateMeterFigures(
    input.meterReadings ?? [],
    units,
    unitIndexById,
    warnings,
  );
  const consumptionByMeter = new Map<ItemMeter, bigint[]>();
  const getMeterConsumption = (meter: MeterKind): bigint[] => {
    let values = consumptionByMeter.get(meter);
    if (!values) {
      values = calculateLineConsumption(
        units,
        consumptionIndex,
        meter,
        lineCount,
        warnings,
        meterFigures,
      );
      consumptionByMeter.set(meter, values);
    }
    return values;
  };
  // Issue 24, item 9: total water is each line's cold water plus its hot water.
  const getConsumption = (meter: ItemMeter): bigint[] => {
    const kinds = getMeterKindsOfItemMeter(meter);
    if (kinds.length === 1) return getMeterConsumption(kinds[0] as MeterKind);
    let values = consumptionByMeter.get(meter);
    if (!values) {
      const series = kinds.map(getMeterConsumption);
      values = new Array<bigint>(lineCount);
      for (let position = 0; position < lineCount; position += 1)
        values[position] = series.reduce((sum, s) => sum + (s[position] as bigint), 0n);
      consumptionByMeter.set(meter, values);
    }
    return values;
  };

  // Issue 24: items charged only up to a day distribute over the days up to it.
  const windows = new AllocableWindows(input, allLines);
  const prepared = input.costItems.map((item, index) =>
    prepareItem(
      item,
      index,
      parseMoneyToCents(item.amount),
      units,
      weightCache,
      getConsumption,
      issues,
      windows.forItem(item),
    ),
  );

  let co2: { result: Co2SplitResult; area: number } | null = null;
  if (input.co2) {
    // The building's area defaults to the sum of the units' areas, added exactly; text or a
    // number, read exactly (decision 1640).
    const area = input.co2.area ?? sumUnitAreas(input.units);
    const outcome = calculateCo2Split({
      period: input.period,
      propertyType: input.propertyType ?? "residential",
      efficiencyClass: input.efficiencyClass ?? null,
      area,
      emissionsKg: input.co2.emissionsKg ?? null,
      fuel: input.co2.fuel ?? null,
      consumptionKwh: input.co2.consumptionKwh ?? null,
      heatingValue: input.co2.heatingValue ?? null,
      emissionFactor: input.co2.emissionFactor ?? null,
      pricePerTonne: input.co2.pricePerTonne ?? null,
      cost: input.co2.cost ?? null,
      vatPercent: input.co2.vatPercent ?? null,
    });
    if (outcome.ok) {
      // The result names the area as a number (contract v1.0), to show only.
      co2 = { result: outcome.result, area: new Decimal(area).toNumber() };
      warnings.push(...outcome.warnings);
    } else {
      issues.push(...outcome.errors.map((message) => ({ path: "co2", message })));
    }
  }

  // Issue 24, item 6: the heating cost sheet decides what Heizung and Warmwasser amount to.
  let heatingSheet: HeatingCostSheet | null = null;
  if (input.heatingCosts) {
    const outcome = calculateHeatingCostSheet(input.heatingCosts);
    if (outcome.ok) {
      heatingSheet = outcome.sheet;
      issues.push(
        ...checkHeatingSheetAgainstItems(outcome.sheet, input.costItems).map((message) => ({
          path: "heatingCosts",
          message,
        })),
      );
    } else {
      issues.push(...outcome.errors.map((message) => ({ path: "heatingCosts", message })));
    }
  }

  const heatingItems = prepared.filter((item) => isHeizkvCostType(item.item.costType));
  const heatingCents = heatingItems.reduce((sum, item) => sum + item.amountCents, 0);
  const co2LandlordCents = co2?.result.landlordCostCents ?? 0;
  if (co2LandlordCents > heatingCents) {
    issues.push({
      path: "co2",
      message: MESSAGES.co2LandlordShareExceedsCosts(formatCents(co2LandlordCents)),
    });
  }
  if (issues.length > 0) return toFailure(issues);

  const co2ShareByItem = splitCo2OverHeatingItems(
    prepared,
    heatingItems,
    heatingCents,
    co2LandlordCents,
  );
  // Kinds no item uses are described too (the letters print every meter), without their warnings.
  const describedConsumption = (meter: MeterKind): bigint[] =>
    consumptionByMeter.get(meter) ??
    calculateLineConsumption(units, consumptionIndex, meter, lineCount, [], meterFigures);
  const consumptionRecords = describeLineConsumption(
    units,
    consumptionIndex,
    meterFigures,
    describedConsumption,
    lineCount,
  );
  const result = assembleResult(
    input,
    allLines,
    prepared,
    co2ShareByItem,
    co2,
    warnings,
    includeBasis,
    consumptionRecords,
  );
  if (heatingSheet) result.heatingCosts = heatingSheet;
  // Contract v1.2: the figures the letters print, with the shares' rounding (decision 1040).
  if (includeBasis && options.includeLetterFigures)
    result.letters = buildLetterFigures(input, result);
  return { ok: true, result };
}

/**
 * Contract step 4 and docs/rules/co2.md#co2-split: the landlord's CO2 share comes off the items Heizung and
 * Warmwasser in proportion to their amounts, rounded to cents by largest remainder, so the
 * items' shares add up to the landlord's CO2 cost exactly.
 */
function splitCo2OverHeatingItems(
  prepared: readonly PreparedItem[],
  heatingItems: readonly PreparedItem[],
  heatingCents: number,
  landlordCents: number,
): number[] {
  const shares = new Array<number>(prepared.length).fill(0);
  if (landlordCents === 0 || heatingCents === 0) return shares;
  const landlord = new Decimal(landlordCents).dividedBy(100);
  const exact = heatingItems.map((item) =>
    landlord.times(item.amountCents).dividedBy(heatingCents),
  );
  const cents = allocateCentsByLargestRemainder(landlordCents, exact);
  heatingItems.forEach((item, index) => {
    shares[item.itemIndex] = cents[index] ?? 0;
  });
  return shares;
}

function assembleResult(
  input: StatementInput,
  lines: readonly BillingLine[],
  preparedItems: readonly PreparedItem[],
  co2ShareByItem: readonly number[],
  co2: { result: Co2SplitResult; area: number } | null,
  warnings: string[],
  includeBasis: boolean,
  consumptionRecords: ConsumptionRecords,
): StatementResult {
  const lineCount = lines.length;
  const isVacancyByPosition = new Uint8Array(lineCount);
  for (let position = 0; position < lineCount; position += 1)
    isVacancyByPosition[position] = (lines[position] as BillingLine).tenancy ? 0 : 1;
  const centsByPosition = new Float64Array(lineCount);
  // Contract v1.1: labour shares per line by § 35a EStG category.
  const householdServicesByPosition = new Float64Array(lineCount);
  const craftsmenByPosition = new Float64Array(lineCount);
  const items: ItemSummary[] = [];
  const distributed: ItemLines[] = [];
  const basis = includeBasis ? new StatementBasisBuilder(lineCount) : null;
  // First every item's cents and texts (figures by the item's line index), with the sums per
  // line and per item; the allocation objects follow line by line below.
  for (const preparedItem of preparedItems) {
    const co2Cents = co2ShareByItem[preparedItem.itemIndex] ?? 0;
    const item = distributeItem(
      preparedItem,
      preparedItem.amountCents - co2Cents - preparedItem.nonAllocableCents,
      includeBasis ? "parts" : "exact",
    );
    const { prepared } = item;
    basis?.addItem(item);
    // § 12 (1) HeizkV up front (issue 24): the tenancies' cuts come off their cents here.
    const cutPercent = getHeizkvCutPercent(prepared.item);
    const reduction =
      cutPercent > 0
        ? cutHeizkvShares(item.cents, prepared.positions, isVacancyByPosition, cutPercent)
        : null;
    const labor = distributeLaborCosts(prepared);
    const laborTarget =
      labor && labor.category === "craftsmen" ? craftsmenByPosition : householdServicesByPosition;
    const { positions } = prepared;
    let vacancyCents = 0;
    for (let index = 0; index < positions.length; index += 1) {
      const position = positions[index] as number;
      const cents = item.cents[index] as number;
      if (isVacancyByPosition[position] === 1) vacancyCents += cents;
      centsByPosition[position] = (centsByPosition[position] as number) + cents;
      if (labor)
        laborTarget[position] = (laborTarget[position] as number) + (labor.cents[index] as number);
    }
    distributed.push({
      costType: prepared.item.costType,
      key: prepared.key,
      itemIndex: prepared.itemIndex,
      cents: item.cents,
      exactTexts: item.exactTexts as string[],
      laborCents: labor ? labor.cents : null,
      reductionCents: reduction ? reduction.cuts : null,
      reductionPercent: cutPercent,
      indexByPosition: positions.length === lineCount ? null : indexPositions(positions, lineCount),
      formatAmount: prepared.parts.some((part) => part.timeWeights === null)
        ? formatCents
        : sharedAmountTexts(),
    });
    const reductionCents = reduction?.totalCents ?? 0;
    const summary: ItemSummary = {
      costType: prepared.item.costType,
      amount: formatCents(prepared.amountCents),
      distributed: formatCents(item.distributedCents),
      landlord: formatCents(vacancyCents + co2Cents + reductionCents + prepared.nonAllocableCents),
      key: prepared.key,
      vacancy: formatCents(vacancyCents),
      co2LandlordShare: formatCents(co2Cents),
      consumptionShare: prepared.consumptionShare,
      meter: prepared.meter,
    };
    if (labor) {
      summary.laborCosts = formatCents(labor.totalCents);
      summary.taxCategory = labor.category;
    }
    if (reduction) {
      summary.heizkvReduction = formatCents(reductionCents);
      summary.heizkvReductionPercent = cutPercent;
    }
    if (prepared.window) {
      summary.allocableUntil = prepared.window.until;
      summary.nonAllocable = formatCents(prepared.nonAllocableCents);
    }
    items.push(summary);
  }

  const tenancies: TenancyStatement[] = [];
  const vacancy: VacancyStatement[] = [];
  for (let position = 0; position < lines.length; position += 1) {
    const line = lines[position] as BillingLine;
    // The line's allocations are made together with its statement: young objects that point
    // to each other, promoted together, with no old list pointing into the young generation.
    const allocations = buildLineAllocations(distributed, line.position);
    const totalCents = centsByPosition[line.position] as number;
    const degreeDayPerMille = toDisplayNumber(line.degreeDayUnits, DEGREE_DAY_UNITS_PER_MILLE);
    if (line.tenancy) {
      // docs/rules/prepayments.md#prepayment-rules: prepayments of the tenancy's own days inside the period, prorated by day.
      const prepaymentCents = sumProratedPrepaymentCents(line.tenancy.prepayments ?? [], {
        from: line.from,
        to: line.to,
      });
      tenancies.push({
        position: line.position,
        tenancyId: line.tenancy.id,
        unitId: line.unit.id,
        from: line.from,
        to: line.to,
        days: line.days,
        persons: toDisplayNumber(line.persons, QUANTITY_SCALE),
        degreeDayPerMille,
        // Issue 24, item 13: the persons of each stretch, for the person-day breakdown.
        occupancy: describeOccupancy(line),
        personDays: toDisplayNumber(line.personDayUnits, QUANTITY_SCALE),
        ...(consumptionRecords.byPosition[line.position]
          ? { consumption: consumptionRecords.byPosition[line.position] }
          : {}),
        allocations,
        total: formatCents(totalCents),
        prepayments: formatCents(prepaymentCents),
        balance: formatCents(totalCents - prepaymentCents),
        taxDeductible: {
          householdServices: formatCents(householdServicesByPosition[line.position] as number),
          craftsmen: formatCents(craftsmenByPosition[line.position] as number),
        },
      });
    } else {
      vacancy.push({
        position: line.position,
        unitId: line.unit.id,
        from: line.from,
        to: line.to,
        days: line.days,
        degreeDayPerMille,
        ...(line.persons > 0n ? { persons: toDisplayNumber(line.persons, QUANTITY_SCALE) } : {}),
        ...(consumptionRecords.byPosition[line.position]
          ? { consumption: consumptionRecords.byPosition[line.position] }
          : {}),
        allocations,
        total: formatCents(totalCents),
      });
    }
  }

  const totalCostsCents = preparedItems.reduce((sum, item) => sum + item.amountCents, 0);
  return {
    period: { start: input.period.start, end: input.period.end },
    totalCosts: formatCents(totalCostsCents),
    items,
    tenancies,
    vacancy,
    ...(consumptionRecords.unitTotals.length > 0
      ? { unitConsumption: consumptionRecords.unitTotals }
      : {}),
    co2: co2 ? toStatementCo2(co2.result, co2.area) : null,
    warnings: unique(warnings),
    notes: collectNotes(input, co2?.result ?? null),
    basis: basis ? basis.build() : null,
    letters: null,
  };
}

/** An item's cents and texts by its line index, for building the lines' allocations. */
interface ItemLines {
  costType: string;
  key: Allocation["key"];
  itemIndex: number;
  cents: number[];
  exactTexts: string[];
  laborCents: number[] | null;
  /** Issue 24: the § 12 (1) HeizkV cut of each line (by the item's line index), or null. */
  reductionCents: number[] | null;
  /** Issue 30: the percent of that cut (15 or 3), 0 without one. */
  reductionPercent: number;
  /** The item's line index at each position, -1 where the line takes no part; null when every line does. */
  indexByPosition: Int32Array | null;
  /** formatCents, sharing the text of equal amounts within the item. */
  formatAmount: (cents: number) => string;
}

/**
 * formatCents with the texts of one item shared: lines of equal weight get equal cents (or
 * one more), so an item by area, persons or units has few distinct amounts; one string each
 * keeps the result smaller. Items by consumption have nearly all amounts distinct and take
 * formatCents directly.
 */
function sharedAmountTexts(): (cents: number) => string {
  const texts = new Map<number, string>();
  return (cents) => {
    let text = texts.get(cents);
    if (text === undefined) {
      text = formatCents(cents);
      texts.set(cents, text);
    }
    return text;
  };
}

function indexPositions(positions: readonly number[], lineCount: number): Int32Array {
  const indexByPosition = new Int32Array(lineCount).fill(-1);
  for (let index = 0; index < positions.length; index += 1)
    indexByPosition[positions[index] as number] = index;
  return indexByPosition;
}

// The allocations of one line, in the items' order.
function buildLineAllocations(distributed: readonly ItemLines[], position: number): Allocation[] {
  let count = 0;
  for (let itemIndex = 0; itemIndex < distributed.length; itemIndex += 1) {
    const { indexByPosition } = distributed[itemIndex] as ItemLines;
    if (!indexByPosition || (indexByPosition[position] as number) >= 0) count += 1;
  }
  const allocations = new Array<Allocation>(count);
  let filled = 0;
  for (let itemIndex = 0; itemIndex < distributed.length; itemIndex += 1) {
    const item = distributed[itemIndex] as ItemLines;
    const index = item.indexByPosition ? (item.indexByPosition[position] as number) : position;
    if (index < 0) continue;
    const allocation: Allocation = {
      costType: item.costType,
      amount: item.formatAmount(item.cents[index] as number),
      key: item.key,
      exactAmount: item.exactTexts[index] as string,
      item: item.itemIndex,
    };
    if (item.laborCents) allocation.laborCosts = formatCents(item.laborCents[index] as number);
    // Vacancy lines (-1) are the landlord's: no cut to state there.
    if (item.reductionCents && (item.reductionCents[index] as number) >= 0) {
      const cut = item.reductionCents[index] as number;
      allocation.heizkvReduction = formatCents(cut);
      allocation.amountBeforeReduction = formatCents((item.cents[index] as number) + cut);
      allocation.heizkvReductionPercent = item.reductionPercent;
    }
    allocations[filled] = allocation;
    filled += 1;
  }
  return allocations;
}

/**
 * Contract v1.1: the labour part of an item (§ 35a EStG) over the item's lines with exactly
 * the item's weights, as if it were the amount and no CO2 share were taken off, rounded by
 * largest remainder within the item. Null for an item without laborCosts.
 */
function distributeLaborCosts(
  prepared: PreparedItem,
): { category: TaxCategory; totalCents: number; cents: number[] } | null {
  const { laborCosts, taxCategory } = prepared.item;
  // Contract v1.4: the direct key's own labour parts per tenancy, as entered (or imported, E835).
  if (prepared.directLaborCents) {
    const cents = prepared.positions.map((position) => prepared.directLaborCents?.[position] ?? 0);
    return {
      category: taxCategory ?? DEFAULT_TAX_CATEGORY,
      totalCents: cents.reduce((sum, value) => sum + value, 0),
      cents,
    };
  }
  if (laborCosts === undefined || laborCosts === null) return null;
  const laborCents = parseMoneyToCents(laborCosts);
  // An item charged only up to a day (issue 24) has only that part of its labour costs.
  const totalCents = prepared.window ? getAllocableCents(laborCents, prepared.window) : laborCents;
  return {
    category: taxCategory ?? DEFAULT_TAX_CATEGORY,
    totalCents,
    cents: distributeItem(prepared, totalCents, "cents").cents,
  };
}

function toStatementCo2(result: Co2SplitResult, area: number): StatementCo2 {
  return {
    emissionsKg: result.emissionsKg,
    kgPerM2: result.kgPerM2,
    stage: result.stage,
    class: result.class,
    tenantPercent: result.tenantPercent,
    landlordPercent: result.landlordPercent,
    source: result.source,
    cost: result.cost,
    tenantCost: result.tenantCost,
    landlordCost: result.landlordCost,
    pricePerTonne: result.pricePerTonne,
    stageLimitFactor: result.stageLimitFactor,
    area,
    calculation: result.calculation,
  };
}

// Legal notes the statement must print (they do not block the calculation).
function collectNotes(input: StatementInput, co2: Co2SplitResult | null): string[] {
  const notes: string[] = [];
  for (const item of input.costItems) {
    // § 12 (1) HeizkV: heating or hot water not distributed by consumption allows a 15 % cut;
    // where the landlord applied it up front (issue 24), the letter says so instead.
    // The direct key carries the metering company's results (by consumption), not a flat key.
    if (
      isHeizkvCostType(item.costType) &&
      item.key !== "consumption" &&
      item.key !== "mixed" &&
      item.key !== "direct"
    ) {
      notes.push(
        item.heizkvReduction
          ? MESSAGES.heizkvReductionApplied(item.costType)
          : MESSAGES.heizkvReductionRight(item.costType),
      );
    }
    if (item.heizkvRemoteReadingCut && !item.heizkvReduction)
      notes.push(MESSAGES.heizkvRemoteReadingCutApplied(item.costType));
    else if (
      item.heizkvRemoteReadingMissing &&
      !item.heizkvReduction &&
      isHeizkvCostType(item.costType)
    )
      notes.push(MESSAGES.heizkvRemoteReadingRight(item.costType));
    const until = getAllocableUntil(item, input.period);
    if (until !== null) notes.push(MESSAGES.allocableUntilNote(item.costType, until));
  }
  const hasHeating = input.costItems.some((item) => item.costType === HEATING_COST_TYPE);
  // § 7 (3), (4) CO2KostAufG: without the CO2 figures the tenant may cut heating costs by 3 %.
  if (hasHeating && (!co2 || co2.emissionsKg === null)) notes.push(MESSAGES.co2ReductionRight());
  return unique(notes);
}

/**
 * The units' areas added exactly, as decimal text without trailing zeros ("81234.5"): in
 * units of 10^-9 m2 where every area has at most nine decimals (one BigInt per unit instead
 * of a Decimal), else in Decimal.
 */
function sumUnitAreas(units: StatementInput["units"]): string {
  let sum = 0n;
  for (const unit of units) {
    const scaled = toExactScaledQuantity(unit.area);
    if (scaled === null)
      return units.reduce((total, each) => total.plus(each.area), ZERO).toFixed();
    sum += scaled;
  }
  return formatScaledQuantityText(sum, QUANTITY_SCALE, 9);
}

function toFailure(issues: readonly ValidationIssue[]): StatementOutcome {
  return { ok: false, errors: unique(issues.map((issue) => issue.message)), issues: [...issues] };
}

function unique(messages: readonly string[]): string[] {
  return [...new Set(messages)];
}
