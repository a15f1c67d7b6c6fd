import { type DistributionKey, HEATING_COST_TYPE, HOT_WATER_COST_TYPE, isHeizkvCostType, type MeterKind } from "../constants/domain.ts";
import { MESSAGES } from "../messages/messages.ts";
import { Decimal, ZERO } from "../money/decimal.ts";
import { allocateCentShares, type CentShare, toCentShare } from "../rounding/largest-remainder.ts";
import type { CostItemInput, ValidationIssue } from "../types.ts";
import { getConsumptionSharePercent, getItemMeter } from "../validation/statement-checks.ts";
import type { BillingLine, UnitLines } from "./billing-lines.ts";
import type { LineWeightCache } from "./line-weights.ts";

export type AllocationBasis = "area" | "persons" | "units" | "consumption";

/** One basis of an item (mixed items have two); the arrays are indexed by line position. */
export interface PreparedPart {
  basis: AllocationBasis;
  percent: number;
  quantities: readonly Decimal[];
  /** Days or degree-day thirds; null for consumption. */
  timeWeights: readonly Decimal[] | null;
  weights: readonly Decimal[];
  /** The sum of the weights of the item's lines. */
  totalWeight: Decimal;
}

/** A cost item with its lines and weights, ready to distribute. */
export interface PreparedItem {
  itemIndex: number;
  item: CostItemInput;
  key: DistributionKey;
  amountCents: number;
  meter: MeterKind | null;
  consumptionShare: number | null;
  /** Heizung weights time by degree days (DECISIONS 3). */
  isDegreeDayTimed: boolean;
  lines: BillingLine[];
  parts: PreparedPart[];
}

/** The item's lines rounded to cents, with the exact shares kept for the statement. */
export interface DistributedItem {
  prepared: PreparedItem;
  distributedCents: number;
  /** By the item's line index. */
  cents: number[];
  exactShares: CentShare[];
  /** exactParts[part][line], kept only when the statement shows its basis. */
  exactParts: CentShare[][] | null;
}

/**
 * Collects the lines that take part in an item and weights them by its key (contract,
 * "What happens", steps 1-2; DECISIONS 2-3): excluded units take no part, units with
 * decentralised hot water take no part in Warmwasser; area x time, persons x time (vacancy
 * 0), time, consumption, or mixed (base by area x time, the share by consumption). Time is
 * days, or degree-day weights for Heizung. Reports the "Distribution by key" problems of
 * part 2, section 5.
 */
export function prepareItem(
  item: CostItemInput,
  itemIndex: number,
  amountCents: number,
  units: readonly UnitLines[],
  weightCache: LineWeightCache,
  getConsumption: (meter: MeterKind) => Decimal[],
  issues: ValidationIssue[],
): PreparedItem {
  const excluded = new Set(item.excludedUnits ?? []);
  const isHotWater = item.costType === HOT_WATER_COST_TYPE;
  const lines: BillingLine[] = [];
  for (const { unit, lines: unitLines } of units) {
    if (excluded.has(unit.id)) continue;
    // DECISIONS 2: a unit that heats its own water takes no part in hot-water costs.
    if (isHotWater && unit.decentralizedHotWater) continue;
    for (const line of unitLines) lines.push(line);
  }
  const isDegreeDayTimed = item.costType === HEATING_COST_TYPE;
  const meter = item.key === "consumption" || item.key === "mixed" ? getItemMeter(item) ?? null : null;
  const consumptionShare = item.key === "mixed" ? getConsumptionSharePercent(item) : null;

  const buildTimedPart = (basis: "area" | "persons" | "units", percent: number): PreparedPart => {
    const timed = weightCache.getTimedWeights(basis, isDegreeDayTimed);
    return { basis, percent, quantities: timed.quantities, timeWeights: timed.timeWeights, weights: timed.weights, totalWeight: sumAtPositions(timed.weights, lines) };
  };
  const buildConsumptionPart = (percent: number): PreparedPart => {
    const byPosition = meter ? getConsumption(meter) : [];
    return { basis: "consumption", percent, quantities: byPosition, timeWeights: null, weights: byPosition, totalWeight: sumAtPositions(byPosition, lines) };
  };

  const parts: PreparedPart[] = [];
  switch (item.key) {
    case "area":
    case "persons":
    case "units":
      parts.push(buildTimedPart(item.key, 100));
      break;
    case "consumption":
      parts.push(buildConsumptionPart(100));
      break;
    case "mixed": {
      const share = consumptionShare ?? 0;
      // § 7 (1) / § 8 (1) HeizkV: the base part goes by area (DECISIONS 3), the rest by consumption.
      parts.push(buildTimedPart("area", 100 - share));
      parts.push(buildConsumptionPart(share));
      break;
    }
  }

  if (amountCents > 0) reportMissingBasis(item, parts, issues, `costItems[${itemIndex}]`);
  return { itemIndex, item, key: item.key, amountCents, meter, consumptionShare, isDegreeDayTimed, lines, parts };
}

// "Distribution by key" (part 2, section 5) with the texts of section 8.
function reportMissingBasis(item: CostItemInput, parts: readonly PreparedPart[], issues: ValidationIssue[], path: string): void {
  for (const part of parts) {
    if (part.percent <= 0 || part.totalWeight.greaterThan(0)) continue;
    let message: string;
    if (part.basis === "area") message = MESSAGES.areaBasisMissing();
    else if (part.basis === "persons") message = MESSAGES.personsBasisMissing();
    else if (part.basis === "units") message = MESSAGES.unitsBasisMissing();
    else message = isHeizkvCostType(item.costType) ? MESSAGES.heizkvConsumptionMissing() : MESSAGES.consumptionBasisMissing();
    issues.push({ path, message });
  }
}

/**
 * Distributes the item's amount after the CO2 landlord share over its lines: each part's
 * cents x line weight / total weight, the parts added up exactly, then the lines rounded to
 * cents by largest remainder within the item (DECISIONS 1).
 */
export function distributeItem(prepared: PreparedItem, distributedCents: number, isKeepingParts: boolean): DistributedItem {
  const { lines } = prepared;
  const lineCount = lines.length;
  const exact: Decimal[] = new Array<Decimal>(lineCount).fill(ZERO);
  const exactParts: CentShare[][] | null = isKeepingParts ? [] : null;
  for (const part of prepared.parts) {
    const partShares: Decimal[] = new Array<Decimal>(lineCount).fill(ZERO);
    if (!part.totalWeight.isZero() && part.percent > 0) {
      // One factor per part: cents per unit of weight. 40 significant digits keep the
      // shares exact far beyond the cent.
      const centsPerWeight = new Decimal(distributedCents).times(part.percent).dividedBy(100).dividedBy(part.totalWeight);
      for (let index = 0; index < lineCount; index += 1) {
        const weight = part.weights[(lines[index] as BillingLine).position] as Decimal;
        if (weight.isZero()) continue;
        const share = weight.times(centsPerWeight);
        partShares[index] = share;
        exact[index] = prepared.parts.length === 1 ? share : (exact[index] as Decimal).plus(share);
      }
    }
    if (exactParts) exactParts.push(partShares.map(toCentShare));
  }
  const exactShares = exact.map(toCentShare);
  const cents = allocateCentShares(distributedCents, exactShares);
  return { prepared, distributedCents, cents, exactShares, exactParts };
}

function sumAtPositions(values: readonly Decimal[], lines: readonly BillingLine[]): Decimal {
  let sum = ZERO;
  for (const line of lines) {
    const value = values[line.position];
    if (value && !value.isZero()) sum = sum.plus(value);
  }
  return sum;
}
