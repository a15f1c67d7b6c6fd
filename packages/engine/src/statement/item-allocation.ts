import {
  type DistributionKey,
  getMeterKindsOfItemMeter,
  HEATING_COST_TYPE,
  HOT_WATER_COST_TYPE,
  isHeizkvCostType,
  type ItemMeter,
  METER_KIND_LABELS,
} from "../constants/domain.ts";
import { MESSAGES } from "../messages/messages.ts";
import {
  allocateScaledShares,
  allocateSplitShares,
  formatScaledShareAsEuros,
} from "../rounding/largest-remainder.ts";
import type { AllocationBasis, CostItemInput, ValidationIssue } from "../types.ts";
import {
  getConsumptionSharePercent,
  getItemMeter,
  getScaledConsumptionShare,
} from "../validation/statement-checks.ts";
import type { BillingLine, UnitLines } from "./billing-lines.ts";
import { QUANTITY_SCALE, SHARE_SCALE, toDisplayNumber } from "./fixed-point.ts";
import { distributeByReducedWeights } from "./integer-shares.ts";
import type { LineWeightCache } from "./line-weights.ts";
import { type AllocableWindow, getAllocableCents } from "./allocable-window.ts";
import { buildDirectWeights } from "./direct-amounts.ts";
import {
  formatSplitShare,
  getSplitRemainderHigh,
  getSplitWholeCents,
  MAX_SPLIT,
  SPLIT_SCALE,
} from "./split-shares.ts";

/** One basis of an item (mixed items have two); the arrays are indexed by line position. */
export interface PreparedPart {
  basis: AllocationBasis;
  percent: number;
  /** The percent in units of 10^-9. */
  scaledPercent: bigint;
  quantities: readonly bigint[];
  /** Days or degree-day units; null for consumption. */
  timeWeights: readonly bigint[] | null;
  weights: readonly bigint[];
  /** The sum of the weights of the item's lines. */
  totalWeight: bigint;
  /** The weights divided by their common divisor as numbers; null where one passes 2^53. */
  reducedWeights: readonly number[] | null;
}

/** A cost item with its lines and weights, ready to distribute. */
export interface PreparedItem {
  itemIndex: number;
  item: CostItemInput;
  key: DistributionKey;
  amountCents: number;
  meter: ItemMeter | null;
  consumptionShare: number | null;
  /** Heizung weights time by degree days (docs/rules/heating.md#heizkv). */
  isDegreeDayTimed: boolean;
  lines: BillingLine[];
  /** The lines' positions, in the item's line order. */
  positions: number[];
  parts: PreparedPart[];
  /** Issue 24: the days the item may be charged for, when they end inside the period. */
  window: AllocableWindow | null;
  /** The part of the amount after the window (the landlord's); 0 without a window. */
  nonAllocableCents: number;
  /** Key "direct" (contract v1.4): the tenancies' own labour cents by line position, where entered. */
  directLaborCents: number[] | null;
}

/** How much of the exact shares a distribution keeps besides the cents. */
export type ShareDetail = "cents" | "exact" | "parts";

/** The item's lines rounded to cents, with the exact shares kept for the statement. */
export interface DistributedItem {
  prepared: PreparedItem;
  distributedCents: number;
  /** By the item's line index. */
  cents: number[];
  /** The exact shares as euros with six decimals (detail "exact" or "parts"). */
  exactTexts: string[] | null;
  /** exactPartTexts[part][line], only with detail "parts" (the statement shows its basis). */
  exactPartTexts: string[][] | null;
}

/**
 * Collects the lines that take part in an item and weights them by its key (contract,
 * "What happens", steps 1-2; docs/rules/tenancies-and-keys.md#who-bears-what, docs/rules/heating.md#heizkv): excluded units take no part, units with
 * decentralised hot water take no part in Warmwasser; area x time, persons x time (vacancy
 * 0), time, consumption, or mixed (base by area x time, the share by consumption). Time is
 * days, or degree-day weights for Heizung. Reports the "Distribution by key" problems of
 * docs/rules/statements.md#statement-checks.
 */
export function prepareItem(
  item: CostItemInput,
  itemIndex: number,
  amountCents: number,
  units: readonly UnitLines[],
  weightCache: LineWeightCache,
  getConsumption: (meter: ItemMeter) => bigint[],
  issues: ValidationIssue[],
  window: AllocableWindow | null = null,
): PreparedItem {
  const excluded = new Set(item.excludedUnits ?? []);
  const isHotWater = item.costType === HOT_WATER_COST_TYPE;
  // docs/rules/tenancies-and-keys.md#who-bears-what: a unit that heats its own water takes no part in hot-water costs.
  const takesPart = (unit: UnitLines["unit"]): boolean =>
    !excluded.has(unit.id) && !(isHotWater && unit.decentralizedHotWater);
  // Most items take every line: they share the statement's list instead of building their own.
  // An item charged only up to a day (issue 24) takes the lines with days up to it.
  const isEveryLine = window === null && units.every(({ unit }) => takesPart(unit));
  let lines: BillingLine[];
  let positions: number[];
  if (isEveryLine) {
    ({ lines, positions } = weightCache.getAllLines());
  } else {
    lines = [];
    for (const { unit, lines: unitLines } of units) {
      if (!takesPart(unit)) continue;
      for (const line of unitLines)
        if (window === null || window.hasLine(line.position)) lines.push(line);
    }
    positions = lines.map((line) => line.position);
  }
  const sumWeights = (weights: readonly bigint[]): bigint =>
    isEveryLine ? weightCache.getTotal(weights) : sumAtPositions(weights, lines);
  const isDegreeDayTimed = item.costType === HEATING_COST_TYPE;
  const meter =
    item.key === "consumption" || item.key === "mixed" ? (getItemMeter(item) ?? null) : null;
  const consumptionShare = item.key === "mixed" ? getConsumptionSharePercent(item) : null;

  const buildTimedPart = (
    basis: "area" | "persons" | "units",
    percent: number,
    scaledPercent: bigint,
  ): PreparedPart => {
    const timed = window
      ? window.getTimedWeights(basis, isDegreeDayTimed)
      : weightCache.getTimedWeights(basis, isDegreeDayTimed);
    return {
      basis,
      percent,
      scaledPercent,
      quantities: timed.quantities,
      timeWeights: timed.timeWeights,
      weights: timed.weights,
      totalWeight: sumWeights(timed.weights),
      reducedWeights: weightCache.getReducedWeights(timed.weights),
    };
  };
  const buildConsumptionPart = (percent: number, scaledPercent: bigint): PreparedPart => {
    const byPosition = meter ? getConsumption(meter) : [];
    return {
      basis: "consumption",
      percent,
      scaledPercent,
      quantities: byPosition,
      timeWeights: null,
      weights: byPosition,
      totalWeight: sumWeights(byPosition),
      reducedWeights: parts.length === 0 ? weightCache.getReducedWeights(byPosition) : null,
    };
  };

  const whole = 100n * QUANTITY_SCALE;
  const parts: PreparedPart[] = [];
  let directLaborCents: number[] | null = null;
  switch (item.key) {
    case "area":
    case "persons":
    case "units":
      parts.push(buildTimedPart(item.key, 100, whole));
      break;
    case "consumption":
      parts.push(buildConsumptionPart(100, whole));
      break;
    case "direct": {
      // Contract v1.4: every line weighs with its own amount (direct-amounts.ts).
      const direct = buildDirectWeights(
        item,
        lines,
        weightCache.getAllLines().lines.length,
        issues,
        `costItems[${itemIndex}]`,
      );
      directLaborCents = direct.laborCents;
      parts.push({
        basis: "direct",
        percent: 100,
        scaledPercent: whole,
        quantities: direct.weights,
        timeWeights: null,
        weights: direct.weights,
        totalWeight: sumWeights(direct.weights),
        reducedWeights: weightCache.getReducedWeights(direct.weights),
      });
      break;
    }
    case "mixed": {
      const share = consumptionShare ?? 0;
      // Decision 1640: the exact share (text or a JSON number); `share` only labels the parts.
      const scaledShare = getScaledConsumptionShare(item);
      // § 7 (1) / § 8 (1) HeizkV: the base part goes by area (docs/rules/heating.md#heizkv), the rest by consumption.
      parts.push(
        buildTimedPart(
          "area",
          toDisplayNumber(whole - scaledShare, QUANTITY_SCALE),
          whole - scaledShare,
        ),
      );
      parts.push(buildConsumptionPart(share, scaledShare));
      break;
    }
  }

  // Without a meter the rules have already reported the item; no second message about it.
  if (amountCents > 0 && item.key !== "direct")
    reportMissingBasis(
      item,
      meter,
      meter === null ? parts.filter((part) => part.basis !== "consumption") : parts,
      issues,
      `costItems[${itemIndex}]`,
    );
  const nonAllocableCents = window ? amountCents - getAllocableCents(amountCents, window) : 0;
  return {
    itemIndex,
    item,
    key: item.key,
    amountCents,
    meter,
    consumptionShare,
    isDegreeDayTimed,
    lines,
    positions,
    parts,
    window,
    nonAllocableCents,
    directLaborCents,
  };
}

// "Distribution by key" (docs/rules/statements.md#statement-checks) with the texts of docs/rules/statements.md#statement-messages.
function reportMissingBasis(
  item: CostItemInput,
  meter: ItemMeter | null,
  parts: readonly PreparedPart[],
  issues: ValidationIssue[],
  path: string,
): void {
  for (const part of parts) {
    if (part.scaledPercent <= 0n || part.totalWeight > 0n) continue;
    let message: string;
    if (part.basis === "area") message = MESSAGES.areaBasisMissing(item.costType);
    else if (part.basis === "persons") message = MESSAGES.personsBasisMissing(item.costType);
    else if (part.basis === "units") message = MESSAGES.unitsBasisMissing(item.costType);
    else {
      const meterLabel =
        meter === null
          ? ""
          : getMeterKindsOfItemMeter(meter)
              .map((kind) => METER_KIND_LABELS[kind])
              .join(" und ");
      message = isHeizkvCostType(item.costType)
        ? MESSAGES.heizkvConsumptionMissing(item.costType, meterLabel)
        : MESSAGES.consumptionBasisMissing(item.costType, meterLabel);
    }
    issues.push({ path, message });
  }
}

/**
 * Distributes the item's amount after the CO2 landlord share over its lines: each part's
 * cents x percent x line weight / total weight, kept to 20 decimals of a cent, the parts
 * added up, then the lines rounded to cents by largest remainder within the item
 * (docs/rules/money-and-rounding.md#exact-money). An item of one basis whose reduced weights fit in doubles takes the integer
 * path (integer-shares.ts) with the same results; the others compute in BigInt.
 */
export function distributeItem(
  prepared: PreparedItem,
  distributedCents: number,
  detail: ShareDetail,
): DistributedItem {
  const onlyPart = prepared.parts.length === 1 ? prepared.parts[0] : undefined;
  if (onlyPart?.reducedWeights && onlyPart.totalWeight > 0n) {
    const fast = distributeByReducedWeights(
      distributedCents,
      onlyPart.reducedWeights,
      prepared.positions,
      detail !== "cents",
    );
    if (fast) {
      return {
        prepared,
        distributedCents,
        cents: fast.cents,
        exactTexts: fast.exactTexts,
        exactPartTexts: detail === "parts" && fast.exactTexts ? [fast.exactTexts] : null,
      };
    }
  }
  return distributeInBigInt(prepared, distributedCents, detail);
}

function distributeInBigInt(
  prepared: PreparedItem,
  distributedCents: number,
  detail: ShareDetail,
): DistributedItem {
  if (distributedCents >= 0) {
    const split = distributeSplitShares(prepared, distributedCents, detail);
    if (split) return split;
  }
  return distributeWholeShares(prepared, distributedCents, detail);
}

/**
 * The BigInt path with each line's share split into safe integers as soon as it is computed
 * (split-shares.ts): one BigInt division and one remainder per share instead of four BigInt
 * operations for its cents, remainder and text, and no list of BigInt shares kept. Null for
 * a negative share or one too large to split (distributeWholeShares then).
 */
function distributeSplitShares(
  prepared: PreparedItem,
  distributedCents: number,
  detail: ShareDetail,
): DistributedItem | null {
  const { lines, parts } = prepared;
  const lineCount = lines.length;
  const partCount = parts.length;
  const centsScaled = BigInt(distributedCents) * SHARE_SCALE;
  const whole = 100n * QUANTITY_SCALE;
  const numerators: bigint[] = [];
  const denominators: bigint[] = [];
  const isActive: boolean[] = [];
  for (const part of parts) {
    isActive.push(part.totalWeight > 0n && part.scaledPercent > 0n);
    // At 100 % the factor 100 x 10^9 stands above and below the line; leaving it out on
    // both sides gives the same floor with smaller products.
    const isWhole = part.scaledPercent === whole;
    const numerator = isWhole ? centsScaled : centsScaled * part.scaledPercent;
    const denominator = isWhole ? part.totalWeight : whole * part.totalWeight;
    // A common factor of both leaves floor(numerator x weight / denominator) as it is and
    // makes every line's product and division smaller.
    const divisor = denominator > 0n ? getGreatestCommonDivisor(numerator, denominator) : 1n;
    numerators.push(numerator / divisor);
    denominators.push(denominator / divisor);
  }
  const wholeCents = new Float64Array(lineCount);
  const remainderHigh = new Float64Array(lineCount);
  const remainderLow = new Float64Array(lineCount);
  const approximate = new Float64Array(lineCount);
  const exactTexts = detail === "cents" ? null : new Array<string>(lineCount);
  // Only parts of a mixed item need their own texts (the basis shows each).
  const partTexts =
    detail === "parts" && partCount > 1 ? parts.map(() => new Array<string>(lineCount)) : null;
  for (let index = 0; index < lineCount; index += 1) {
    const position = (lines[index] as BillingLine).position;
    let share = 0n;
    for (let partIndex = 0; partIndex < partCount; partIndex += 1) {
      let partShare = 0n;
      if (isActive[partIndex]) {
        const weight = (parts[partIndex] as PreparedPart).weights[position] as bigint;
        if (weight !== 0n)
          partShare =
            ((numerators[partIndex] as bigint) * weight) / (denominators[partIndex] as bigint);
      }
      if (partTexts) {
        if (partShare < 0n || partShare > MAX_SPLIT_SHARE) return null;
        (partTexts[partIndex] as string[])[index] = formatSplitShare(
          Number(partShare / SPLIT_SCALE),
        );
      }
      share = partCount === 1 ? partShare : share + partShare;
    }
    if (share < 0n || share > MAX_SPLIT_SHARE) return null;
    const split = share / SPLIT_SCALE;
    const splitNumber = Number(split);
    const high = getSplitRemainderHigh(splitNumber);
    const low = Number(share % SPLIT_SCALE);
    wholeCents[index] = getSplitWholeCents(splitNumber);
    remainderHigh[index] = high;
    remainderLow[index] = low;
    // The remainder high x 10^15 + low as the nearest double (both terms are exact doubles):
    // only to find the cut-off, the exact pair decides.
    approximate[index] = high * 1e15 + low;
    if (exactTexts) exactTexts[index] = formatSplitShare(splitNumber);
  }
  const cents = allocateSplitShares(
    distributedCents,
    wholeCents,
    remainderHigh,
    remainderLow,
    approximate,
  );
  let exactPartTexts: string[][] | null = null;
  if (detail === "parts") exactPartTexts = partTexts ?? [exactTexts as string[]];
  return { prepared, distributedCents, cents, exactTexts, exactPartTexts };
}

/** The largest share (10^-20 cent) whose split stays a safe integer with the text's 5 added. */
const MAX_SPLIT_SHARE = MAX_SPLIT * SPLIT_SCALE + (SPLIT_SCALE - 1n);

function distributeWholeShares(
  prepared: PreparedItem,
  distributedCents: number,
  detail: ShareDetail,
): DistributedItem {
  const { lines } = prepared;
  const lineCount = lines.length;
  const exactShares: bigint[] = new Array<bigint>(lineCount).fill(0n);
  const exactParts: bigint[][] | null = detail === "parts" ? [] : null;
  const centsScaled = BigInt(distributedCents) * SHARE_SCALE;
  const isSinglePart = prepared.parts.length === 1;
  const whole = 100n * QUANTITY_SCALE;
  for (const part of prepared.parts) {
    // A single part writes its shares straight into the item's; only parts of a mixed item
    // need their own list (the basis shows each).
    const partShares: bigint[] = isSinglePart ? exactShares : new Array<bigint>(lineCount).fill(0n);
    if (part.totalWeight > 0n && part.scaledPercent > 0n) {
      // At 100 % the factor 100 x 10^9 stands above and below the line; leaving it out on
      // both sides gives the same floor with smaller products.
      const isWhole = part.scaledPercent === whole;
      const numerator = isWhole ? centsScaled : centsScaled * part.scaledPercent;
      const denominator = isWhole ? part.totalWeight : whole * part.totalWeight;
      for (let index = 0; index < lineCount; index += 1) {
        const weight = part.weights[(lines[index] as BillingLine).position] as bigint;
        if (weight === 0n) continue;
        const share = (numerator * weight) / denominator;
        partShares[index] = share;
        if (!isSinglePart) exactShares[index] = (exactShares[index] as bigint) + share;
      }
    }
    if (exactParts) exactParts.push(partShares);
  }
  const cents = allocateScaledShares(distributedCents, exactShares);
  const exactTexts = detail === "cents" ? null : exactShares.map(formatScaledShareAsEuros);
  const exactPartTexts = exactParts
    ? exactParts.map((shares) =>
        isSinglePart && exactTexts ? exactTexts : shares.map(formatScaledShareAsEuros),
      )
    : null;
  return { prepared, distributedCents, cents, exactTexts, exactPartTexts };
}

function sumAtPositions(values: readonly bigint[], lines: readonly BillingLine[]): bigint {
  let sum = 0n;
  for (const line of lines) sum += values[line.position] ?? 0n;
  return sum;
}

function getGreatestCommonDivisor(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) {
    const rest = x % y;
    x = y;
    y = rest;
  }
  return x === 0n ? 1n : x;
}
