import { type DistributionKey, HEATING_COST_TYPE, HOT_WATER_COST_TYPE, isHeizkvCostType, type MeterKind } from "../constants/domain.ts";
import { MESSAGES } from "../messages/messages.ts";
import { Decimal, HUNDRED, ZERO } from "../money/decimal.ts";
import { centsToEuros } from "../money/money.ts";
import { allocateCentsByLargestRemainder } from "../rounding/largest-remainder.ts";
import type { CostItemInput, ValidationIssue } from "../types.ts";
import { getConsumptionSharePercent, getItemMeter } from "../validation/statement-checks.ts";
import type { BillingLine, UnitLines } from "./billing-lines.ts";

export type AllocationBasis = "area" | "persons" | "units" | "consumption";

/** One basis of an item (mixed items have two) with the weight of every line. */
export interface PreparedPart {
  basis: AllocationBasis;
  percent: number;
  quantities: Decimal[];
  /** Days or degree-day thirds; null for consumption. */
  timeWeights: (Decimal | null)[] | null;
  weights: Decimal[];
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
  cents: number[];
  exactShares: Decimal[];
  /** exactParts[part][line] */
  exactParts: Decimal[][];
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
  const timeWeights = lines.map((line) => (isDegreeDayTimed ? line.degreeDayThirds : new Decimal(line.days)));
  const meter = item.key === "consumption" || item.key === "mixed" ? getItemMeter(item) ?? null : null;
  const consumptionShare = item.key === "mixed" ? getConsumptionSharePercent(item) : null;

  const buildTimedPart = (basis: AllocationBasis, percent: number, quantityOf: (line: BillingLine) => Decimal): PreparedPart => {
    const quantities = lines.map(quantityOf);
    const weights = quantities.map((quantity, index) => quantity.times(timeWeights[index] as Decimal));
    return { basis, percent, quantities, timeWeights, weights, totalWeight: sumDecimals(weights) };
  };
  const buildConsumptionPart = (percent: number): PreparedPart => {
    const byPosition = meter ? getConsumption(meter) : [];
    const weights = lines.map((line) => byPosition[line.position] ?? ZERO);
    return { basis: "consumption", percent, quantities: weights, timeWeights: null, weights, totalWeight: sumDecimals(weights) };
  };

  const parts: PreparedPart[] = [];
  switch (item.key) {
    case "area":
      parts.push(buildTimedPart("area", 100, (line) => line.area));
      break;
    case "persons":
      parts.push(buildTimedPart("persons", 100, (line) => line.persons));
      break;
    case "units":
      parts.push(buildTimedPart("units", 100, () => new Decimal(1)));
      break;
    case "consumption":
      parts.push(buildConsumptionPart(100));
      break;
    case "mixed": {
      const share = consumptionShare ?? 0;
      // § 7 (1) / § 8 (1) HeizkV: the base part goes by area (DECISIONS 3), the rest by consumption.
      parts.push(buildTimedPart("area", 100 - share, (line) => line.area));
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
    if (part.percent <= 0) continue;
    if (part.totalWeight.greaterThan(0)) continue;
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
 * euros x line weight / total weight, the parts added up exactly, then the lines rounded to
 * cents by largest remainder within the item (DECISIONS 1).
 */
export function distributeItem(prepared: PreparedItem, distributedCents: number): DistributedItem {
  const distributed = centsToEuros(distributedCents);
  const lineCount = prepared.lines.length;
  const exactShares: Decimal[] = new Array<Decimal>(lineCount).fill(ZERO);
  const exactParts: Decimal[][] = [];
  for (const part of prepared.parts) {
    const partShares: Decimal[] = new Array<Decimal>(lineCount);
    if (part.totalWeight.isZero()) {
      partShares.fill(ZERO);
    } else {
      const partAmount = distributed.times(part.percent).dividedBy(HUNDRED);
      for (let index = 0; index < lineCount; index += 1) {
        partShares[index] = partAmount.times(part.weights[index] as Decimal).dividedBy(part.totalWeight);
      }
    }
    for (let index = 0; index < lineCount; index += 1) {
      exactShares[index] = (exactShares[index] as Decimal).plus(partShares[index] as Decimal);
    }
    exactParts.push(partShares);
  }
  const cents = lineCount === 0 ? [] : allocateCentsByLargestRemainder(distributedCents, exactShares);
  return { prepared, distributedCents, cents, exactShares, exactParts };
}

function sumDecimals(values: readonly Decimal[]): Decimal {
  let sum = ZERO;
  for (const value of values) sum = sum.plus(value);
  return sum;
}
