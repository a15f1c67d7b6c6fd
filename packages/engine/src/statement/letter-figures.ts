import { isHeizkvCostType } from "../constants/domain.ts";
import { countDaysInclusive } from "../dates/calendar.ts";
import { Decimal } from "../money/decimal.ts";
import { formatCents, parseMoneyToCents, roundEurosHalfUpToCents } from "../money/money.ts";
import { listPrepaymentRuns, type PrepaymentRun } from "../prepayments/prepayment-proration.ts";
import { allocateScaledShares, SHARE_DECIMALS_OF_CENT } from "../rounding/largest-remainder.ts";
import type {
  MoneyString,
  StatementInput,
  StatementResult,
  StoredAllocation,
  TenancyStatement,
} from "../types.ts";
import { getAllocationParts } from "./allocation-parts.ts";
import {
  parseScaledQuantityText,
  QUANTITY_SCALE,
  toDisplayNumber,
  toScaledQuantity,
} from "./fixed-point.ts";

/**
 * Contract v1.2 (docs/calculation/14-briefzahlen.md, decision 1040): every figure a
 * statement letter prints that is not already a field of the result, computed here so that
 * the letter code only formats. Per item the base amount of each part; per tenancy (same
 * order as `result.tenancies`) the step results with the shares' rounding, the CO2 cost in the
 * tenancy's heating shares, the prepayment months and the heating consumption of § 6a HeizkV.
 *
 * New printed figures (issue 24: readings per tenancy, § 9 split, heating cost sheet, § 6a
 * figures, ...) belong here too: a field in LetterItemFigures, TenancyLetterFigures or
 * StatementLetterFigures, filled in buildLetterFigures, documented in chapter 14.
 */
export interface StatementLetterFigures {
  /** The contract version of these figures. */
  version: "1.2";
  /** Days of the billing period (inclusive). */
  periodDays: number;
  /** Same order as `result.items`. */
  items: LetterItemFigures[];
  /** Same order as `result.tenancies`. */
  tenancies: TenancyLetterFigures[];
  /** § 6a HeizkV: the building's heating consumption per m² of living area, two decimals; null without heating readings. */
  buildingHeatingPerM2: string | null;
  /** The overview's sums over the items and lines. */
  totals: LetterTotals;
}

export interface LetterTotals {
  co2LandlordShare: MoneyString;
  vacancy: MoneyString;
  /** Everything the landlord bears (vacancy, CO2 share, § 12 cuts, costs after the last allocable day). */
  landlord: MoneyString;
  /** The sum of the tenancies' totals. */
  tenants: MoneyString;
  heizkvReduction: MoneyString;
  nonAllocable: MoneyString;
}

export interface LetterItemFigures {
  /** The percent of each part (mixed: area part, then consumption part). */
  partPercents: number[];
  /** Per part of the item (order of the basis' parts): distributed × percent / 100, half up to cents. */
  partBases: MoneyString[];
  /** The sum of the tenancies' shares of the item. */
  tenants: MoneyString;
  /**
   * Items of more than one part (mixed): per part, by line position, the step's result in
   * cents; a line's parts add up to its share before a § 12 (1) HeizkV cut (largest remainder
   * over the parts' exact amounts, docs/rules/money-and-rounding.md#exact-money). Null at lines without the item. Null for an
   * item of one part: its one step's result is the share (`amountBeforeReduction ?? amount`).
   */
  partAmounts: (MoneyString | null)[][] | null;
}

export interface TenancyLetterFigures {
  tenancyId: string;
  /** CO2KostAufG: the CO2 cost in this tenancy's heating and hot-water shares; null without a CO2 cost. */
  co2: TenancyCo2Figures | null;
  /** docs/rules/prepayments.md#prepayment-rules: the prepayments by calendar month (runs of equal whole months), adding up to `prepayments`. */
  prepaymentRuns: LetterPrepaymentRun[];
  /** § 6a HeizkV: the heating consumption of the tenancy (its own reading, else its unit's) and per m²; null without one. */
  heating: { consumption: string; perM2: string | null } | null;
}

export interface TenancyCo2Figures {
  /** The tenants' CO2 cost in this tenancy's shares (of `co2.tenantCost`, by the lines' heating shares). */
  tenantCost: MoneyString;
  /** The landlord's CO2 share on this tenancy's part (of `co2.landlordCost`, same weights): what it was relieved of. */
  landlordShare: MoneyString;
}

/** docs/rules/prepayments.md#prepayment-rules: months of the prepayments (a partial month: the month's amount x days / days of the month, half up). */
export type LetterPrepaymentRun = PrepaymentRun;

const SHARE_SCALE = 10n ** BigInt(SHARE_DECIMALS_OF_CENT);

/**
 * The letter figures of a result (contract v1.2). calculateStatement attaches them as
 * `result.letters`; a result stored before v1.2 gets them from here when it is read
 * (the snapshot reader), from its own stored shares, so that it prints what it stored.
 */
export function buildLetterFigures(
  input: StatementInput,
  result: StatementResult,
): StatementLetterFigures {
  const lineCount = result.tenancies.length + result.vacancy.length;
  const tenantCents = sumTenantCentsByItem(result);
  const items = result.items.map((item, itemIndex): LetterItemFigures => {
    const percents = getPartPercents(result, itemIndex);
    const distributed = new Decimal(item.distributed);
    return {
      partPercents: percents,
      partBases: percents.map((percent) =>
        formatCents(roundEurosHalfUpToCents(distributed.times(percent).dividedBy(100))),
      ),
      tenants: formatCents(tenantCents[itemIndex] ?? 0),
      partAmounts:
        percents.length > 1
          ? percents.map(() => new Array<MoneyString | null>(lineCount).fill(null))
          : null,
    };
  });
  const co2Weights =
    result.co2 && (result.co2.tenantCost !== null || result.co2.landlordCost !== null)
      ? getHeatingCents(result)
      : null;
  const tenantCo2 =
    co2Weights && result.co2?.tenantCost
      ? splitByWeights(parseMoneyToCents(result.co2.tenantCost), co2Weights)
      : null;
  const landlordCo2 =
    co2Weights && result.co2?.landlordCost
      ? splitByWeights(parseMoneyToCents(result.co2.landlordCost), co2Weights)
      : null;
  const heating = getHeatingConsumption(input, result);
  fillPartAmounts(result, items);
  const tenancyInputs = new Map(input.tenancies.map((tenancy) => [tenancy.id, tenancy]));
  const tenancies = result.tenancies.map((tenancy): TenancyLetterFigures => {
    const position = tenancy.position;
    return {
      tenancyId: tenancy.tenancyId,
      co2:
        tenantCo2 || landlordCo2
          ? {
              tenantCost: formatCents(tenantCo2?.get(position) ?? 0),
              landlordShare: formatCents(landlordCo2?.get(position) ?? 0),
            }
          : null,
      prepaymentRuns: listPrepaymentRuns(tenancyInputs.get(tenancy.tenancyId)?.prepayments ?? [], {
        from: tenancy.from,
        to: tenancy.to,
      }),
      heating: heating.ofTenancy(tenancy),
    };
  });
  const sumItems = (pick: (item: StatementResult["items"][number]) => string | undefined) =>
    formatCents(result.items.reduce((sum, item) => sum + parseMoneyToCents(pick(item) ?? "0"), 0));
  return {
    version: "1.2",
    periodDays: countDaysInclusive(result.period.start, result.period.end),
    items,
    tenancies,
    buildingHeatingPerM2: heating.buildingPerM2,
    totals: {
      co2LandlordShare: sumItems((item) => item.co2LandlordShare),
      vacancy: sumItems((item) => item.vacancy),
      landlord: sumItems((item) => item.landlord),
      tenants: formatCents(
        result.tenancies.reduce((sum, tenancy) => sum + parseMoneyToCents(tenancy.total), 0),
      ),
      heizkvReduction: sumItems((item) => item.heizkvReduction),
      nonAllocable: sumItems((item) => item.nonAllocable),
    },
  };
}

/**
 * § 6a HeizkV: the heating consumption of a unit in a statement's input (its own values, not a
 * tenancy's), as decimal text; null when it has none. For the comparison with the previous period.
 */
export function sumUnitHeatingConsumption(input: StatementInput, unitId: string): string | null {
  let sum: bigint | null = null;
  for (const value of input.consumption ?? []) {
    if (value.meter === "heating" && value.unitId === unitId && !value.tenancyId)
      sum = (sum ?? 0n) + toScaledQuantity(value.value);
  }
  return sum === null ? null : formatScaledQuantity(sum);
}

// The percents of an item's parts: from the basis, from a stored allocation's parts (results
// stored before decision 0403), else from the key.
function getPartPercents(result: StatementResult, itemIndex: number): number[] {
  const parts = result.basis?.items[itemIndex]?.parts;
  if (parts) return parts.map((part) => part.percent);
  for (const line of [...result.tenancies, ...result.vacancy]) {
    const stored = line.allocations.find((allocation) => allocation.item === itemIndex) as
      StoredAllocation | undefined;
    if (stored?.parts) return stored.parts.map((part) => part.percent);
  }
  const item = result.items[itemIndex];
  if (item?.key === "mixed") {
    // The area part is 100 % less the share, exactly (72.55 % as a double would leave 27.450000000000003).
    const share = toScaledQuantity(item.consumptionShare ?? 70);
    return [
      toDisplayNumber(100n * QUANTITY_SCALE - share, QUANTITY_SCALE),
      toDisplayNumber(share, QUANTITY_SCALE),
    ];
  }
  return [100];
}

// The tenancies' shares per item, in cents.
function sumTenantCentsByItem(result: StatementResult): number[] {
  const sums = new Array<number>(result.items.length).fill(0);
  for (const tenancy of result.tenancies) {
    for (const allocation of tenancy.allocations)
      sums[allocation.item] =
        (sums[allocation.item] as number) + parseMoneyToCents(allocation.amount);
  }
  return sums;
}

// The steps of the items of more than one part (mixed), line by line: each part in cents,
// adding up to the line's share before the § 12 (1) HeizkV cut.
function fillPartAmounts(result: StatementResult, items: readonly LetterItemFigures[]): void {
  const micros: number[] = [];
  for (const lines of [result.tenancies, result.vacancy]) {
    for (const line of lines) {
      const { allocations, position } = line;
      for (let index = 0; index < allocations.length; index += 1) {
        const allocation = allocations[index] as TenancyStatement["allocations"][number];
        const target = items[allocation.item]?.partAmounts;
        if (!target) continue;
        const parts = result.basis?.items[allocation.item]?.parts;
        const stored = parts ? null : getAllocationParts(result, line, allocation);
        micros.length = target.length;
        for (let part = 0; part < target.length; part += 1) {
          micros[part] = parseMicroEuros(
            (parts ? parts[part]?.exactAmounts?.[position] : stored?.[part]?.exactAmount) ?? "0",
          );
        }
        const cents = splitCentsByLargestRemainder(
          parseMoneyToCents(allocation.amountBeforeReduction ?? allocation.amount),
          micros,
        );
        for (let part = 0; part < cents.length; part += 1)
          (target[part] as (MoneyString | null)[])[position] = formatCents(cents[part] as number);
      }
    }
  }
}

// "123.456789" euros (six decimals at most, not negative) as integer micro-euros, digit by digit.
function parseMicroEuros(text: string): number {
  let value = 0;
  let decimals = -1;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 46) {
      decimals = 0;
      continue;
    }
    if (decimals >= 6) break;
    value = value * 10 + (code - 48);
    if (decimals >= 0) decimals += 1;
  }
  for (let index = Math.max(decimals, 0); index < 6; index += 1) value *= 10;
  return value;
}

/**
 * docs/rules/money-and-rounding.md#exact-money on a few parts in micro-euros (exact integers): each part its cents rounded
 * down, then one cent at a time to the part of the largest remainder (ties: the larger part,
 * then the earlier) while cents are missing, or from the part of the smallest remainder that
 * has one while there are too many (exact amounts of six decimals may round either way).
 */
function splitCentsByLargestRemainder(totalCents: number, micros: readonly number[]): number[] {
  const count = micros.length;
  const cents = new Array<number>(count);
  const remainders = new Array<number>(count);
  let missing = totalCents;
  for (let index = 0; index < count; index += 1) {
    const micro = micros[index] as number;
    cents[index] = Math.floor(micro / 10_000);
    remainders[index] = micro - (cents[index] as number) * 10_000;
    missing -= cents[index] as number;
  }
  while (missing !== 0) {
    let chosen = -1;
    for (let index = 0; index < count; index += 1) {
      if (missing < 0 && (cents[index] as number) <= 0) continue;
      if (
        chosen < 0 ||
        (missing > 0
          ? isBefore(index, chosen, remainders, micros)
          : isBefore(chosen, index, remainders, micros))
      )
        chosen = index;
    }
    if (chosen < 0) break;
    cents[chosen] = (cents[chosen] as number) + (missing > 0 ? 1 : -1);
    remainders[chosen] = missing > 0 ? -1 : 10_000;
    missing += missing > 0 ? -1 : 1;
  }
  return cents;
}

// Part a before part b in the largest-remainder order.
function isBefore(
  a: number,
  b: number,
  remainders: readonly number[],
  micros: readonly number[],
): boolean {
  if (remainders[a] !== remainders[b]) return (remainders[a] as number) > (remainders[b] as number);
  if (micros[a] !== micros[b]) return (micros[a] as number) > (micros[b] as number);
  return a < b;
}

// The cents of every line (tenancies and vacancy, by position) in the heating and hot-water
// items before a § 12 cut: the tenants' CO2 cost is inside them in this ratio.
export function getHeatingCents(result: StatementResult): Map<number, number> {
  const isHeating = result.items.map((item) => isHeizkvCostType(item.costType));
  const weights = new Map<number, number>();
  for (const lines of [result.tenancies, result.vacancy]) {
    for (const line of lines) {
      let cents = 0;
      for (const allocation of line.allocations) {
        if (isHeating[allocation.item])
          cents += parseMoneyToCents(allocation.amountBeforeReduction ?? allocation.amount);
      }
      if (cents > 0) weights.set(line.position, cents);
    }
  }
  return weights;
}

// Largest remainder of totalCents over the weights (docs/rules/money-and-rounding.md#exact-money): the parts add up exactly.
export function splitByWeights(
  totalCents: number,
  weights: Map<number, number>,
): Map<number, number> {
  const positions = [...weights.keys()];
  const sum = positions.reduce((total, position) => total + (weights.get(position) as number), 0);
  const shares = positions.map((position) =>
    sum === 0
      ? 0n
      : (BigInt(totalCents) * BigInt(weights.get(position) as number) * SHARE_SCALE) / BigInt(sum),
  );
  const cents = allocateScaledShares(totalCents, shares);
  return new Map(positions.map((position, index) => [position, cents[index] as number]));
}

/** § 6a HeizkV figures from the heating readings: a tenancy's own value, else its unit's; per m², two decimals half up. */
function getHeatingConsumption(
  input: StatementInput,
  result?: StatementResult,
): {
  buildingPerM2: string | null;
  ofTenancy: (tenancy: TenancyStatement) => TenancyLetterFigures["heating"];
} {
  const byUnit = new Map<string, bigint>();
  const byTenancy = new Map<string, bigint>();
  let building = 0n;
  let hasHeating = false;
  // Issue 24 (decision 1141): the engine's own figures: each tenancy's consumption from the readings
  // on its boundaries (or its apportioned part), each unit's once.
  if (result?.unitConsumption) {
    for (const unit of result.unitConsumption) {
      if (unit.meter !== "heating") continue;
      hasHeating = true;
      const scaled = parseScaledQuantityText(unit.value);
      byUnit.set(unit.unitId, scaled);
      building += scaled;
    }
    for (const tenancy of result.tenancies) {
      const own = tenancy.consumption?.find((c) => c.meter === "heating");
      if (own) byTenancy.set(tenancy.tenancyId, parseScaledQuantityText(own.value));
    }
  }
  for (const value of result?.unitConsumption ? [] : (input.consumption ?? [])) {
    if (value.meter !== "heating") continue;
    hasHeating = true;
    const scaled = toScaledQuantity(value.value);
    if (value.tenancyId) {
      byTenancy.set(value.tenancyId, (byTenancy.get(value.tenancyId) ?? 0n) + scaled);
    } else {
      byUnit.set(value.unitId, (byUnit.get(value.unitId) ?? 0n) + scaled);
      building += scaled;
    }
  }
  const areas = new Map(input.units.map((unit) => [unit.id, toScaledQuantity(unit.area)]));
  const totalArea = [...areas.values()].reduce((sum, area) => sum + area, 0n);
  return {
    buildingPerM2:
      hasHeating && building > 0n && totalArea > 0n
        ? divideToHundredths(building, totalArea)
        : null,
    ofTenancy: (tenancy) => {
      const value = byTenancy.get(tenancy.tenancyId) ?? byUnit.get(tenancy.unitId);
      if (value === undefined) return null;
      const area = areas.get(tenancy.unitId) ?? 0n;
      return {
        consumption: formatScaledQuantity(value),
        perM2: area > 0n ? divideToHundredths(value, area) : null,
      };
    },
  };
}

// a / b to two decimals, half up (both non-negative).
function divideToHundredths(a: bigint, b: bigint): string {
  const hundredths = (a * 200n + b) / (2n * b);
  return formatScaledQuantity(hundredths * (QUANTITY_SCALE / 100n), 2);
}

// A quantity in units of 10^-9 as decimal text, trailing zeros dropped ("1234.5"), at least minDecimals.
function formatScaledQuantity(value: bigint, minDecimals = 0): string {
  const sign = value < 0n ? "-" : "";
  const absolute = value < 0n ? -value : value;
  const whole = absolute / QUANTITY_SCALE;
  let fraction = (absolute % QUANTITY_SCALE).toString().padStart(9, "0").replace(/0+$/, "");
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, "0");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}
