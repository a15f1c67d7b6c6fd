import { Decimal, type DecimalValue, ZERO } from "../money/decimal.ts";
import { formatCents, roundEurosHalfUpToCents } from "../money/money.ts";
import { MESSAGES } from "../messages/messages.ts";

export const TARIFF_TYPES = ["standard", "time_based", "tier_based"] as const;
export type TariffType = (typeof TARIFF_TYPES)[number];

/** Time-based tariffs are simplified to 60 % high tariff and 40 % low tariff (docs/rules/statements.md#statement-constants). */
export const HIGH_TARIFF_SHARE = 0.6;
export const LOW_TARIFF_SHARE = 0.4;
/** Base price months when none are given (docs/rules/statements.md#statement-constants). */
export const DEFAULT_RATE_MONTHS = 12;

/** One tier of a tariff: a usage band or a time band (HT / NT). */
export interface RateTier {
  tierName?: string | null;
  tierType?: "usage_tier" | "time_based" | null;
  /** Usage tiers: consumption from (inclusive) ... (decimal text or a number, decision 1043) */
  from?: DecimalValue | null;
  /** ... to (null = no upper limit). */
  to?: DecimalValue | null;
  unitPrice?: DecimalValue | null;
  /** The specification also calls the tier's unit price "price". */
  price?: DecimalValue | null;
}

/** A utility tariff (Versorgertarif) as far as its cost is concerned. */
export interface RateDefinition {
  /** Price per unit of consumption (kWh, m3), up to 6 decimals. */
  unitPrice: DecimalValue;
  /** Base price per month (Grundpreis). */
  basePrice?: DecimalValue | null;
  /** standard, time_based or tier_based; anything else falls back to standard with a warning. */
  tariffType?: string | null;
  tiers?: readonly RateTier[] | null;
}

export interface RateCostInput {
  /** Decimal text as stored (decision 1043) or a number. */
  consumption: DecimalValue;
  rate: RateDefinition;
  /** Months the base price is due; default 12. */
  months?: number | null;
}

/** One line of the cost: a quantity at a price. */
export interface RateCostLine {
  label: string;
  quantity: string;
  unitPrice: string;
  cost: string;
}

export interface RateCostResult {
  totalCosts: string;
  consumptionCosts: string;
  baseCosts: string;
  calculationMethod: TariffType;
  /** Consumption costs / consumption, 6 decimals ("0.000000" without consumption). */
  effectiveUnitPrice: string;
  lines: RateCostLine[];
  warnings: string[];
}

export type RateCostOutcome =
  { ok: true; result: RateCostResult } | { ok: false; errors: string[] };

interface PricedQuantity {
  label: string;
  quantity: Decimal;
  unitPrice: Decimal;
}

/**
 * The cost of a consumption under a tariff (docs/rules/statements.md#statement-constants): consumption x unit price +
 * base price x months. time_based: 60 % of the consumption at the high tariff (HT), 40 % at the
 * low tariff (NT). tier_based: each usage band at its own price; consumption outside every
 * band at the tariff's unit price, with a warning. Unsupported tariff types and missing tiers
 * fall back to standard with a warning. Each line rounds half up to cents.
 */
export function calculateRateCost(input: RateCostInput): RateCostOutcome {
  const months = input.months ?? DEFAULT_RATE_MONTHS;
  const unitPrice = toDecimalOrNull(input.rate.unitPrice);
  const basePrice =
    input.rate.basePrice === null || input.rate.basePrice === undefined
      ? ZERO
      : toDecimalOrNull(input.rate.basePrice);
  const consumption = toDecimalOrNull(input.consumption);
  if (
    !consumption ||
    consumption.lt(0) ||
    !Number.isFinite(months) ||
    months < 0 ||
    !unitPrice ||
    !basePrice ||
    unitPrice.isNegative() ||
    basePrice.isNegative()
  ) {
    return { ok: false, errors: [MESSAGES.rateCalculationFailed()] };
  }
  const warnings: string[] = [];
  const requestedType = input.rate.tariffType ?? "standard";
  let method: TariffType = "standard";
  let priced: PricedQuantity[] | null = null;

  if (requestedType === "time_based") {
    priced = priceTimeBased(consumption, input.rate.tiers ?? []);
    if (priced) method = "time_based";
    else warnings.push(MESSAGES.rateTiersMissing());
  } else if (requestedType === "tier_based") {
    const tiered = priceTierBased(consumption, input.rate.tiers ?? [], unitPrice);
    if (tiered) {
      method = "tier_based";
      priced = tiered.priced;
      if (tiered.unassigned.greaterThan(0))
        warnings.push(MESSAGES.rateConsumptionNotInTiers(tiered.unassigned.toNumber()));
    } else {
      warnings.push(MESSAGES.rateTiersMissing());
    }
  } else if (requestedType !== "standard") {
    warnings.push(MESSAGES.rateTypeUnsupported(requestedType));
  }
  if (!priced) priced = [{ label: "Verbrauch", quantity: consumption, unitPrice }];

  const lines: RateCostLine[] = [];
  let consumptionCents = 0;
  for (const part of priced) {
    const cents = roundEurosHalfUpToCents(part.quantity.times(part.unitPrice));
    consumptionCents += cents;
    lines.push({
      label: part.label,
      quantity: part.quantity.toString(),
      unitPrice: part.unitPrice.toFixed(6),
      cost: formatCents(cents),
    });
  }
  const baseCents = roundEurosHalfUpToCents(basePrice.times(months));
  lines.push({
    label: "Grundpreis",
    quantity: String(months),
    unitPrice: basePrice.toFixed(6),
    cost: formatCents(baseCents),
  });
  return {
    ok: true,
    result: {
      totalCosts: formatCents(consumptionCents + baseCents),
      consumptionCosts: formatCents(consumptionCents),
      baseCosts: formatCents(baseCents),
      calculationMethod: method,
      effectiveUnitPrice: consumption.isZero()
        ? "0.000000"
        : new Decimal(consumptionCents).dividedBy(100).dividedBy(consumption).toFixed(6),
      lines,
      warnings,
    },
  };
}

function toDecimalOrNull(value: DecimalValue | null | undefined): Decimal | null {
  if (value === null || value === undefined) return null;
  try {
    const decimal = new Decimal(value);
    return decimal.isFinite() ? decimal : null;
  } catch {
    return null;
  }
}

function getTierPrice(tier: RateTier): Decimal | null {
  return toDecimalOrNull(tier.unitPrice ?? tier.price ?? null);
}

// HT and NT: by name where the tiers are named so, else the first two time tiers in order.
function priceTimeBased(consumption: Decimal, tiers: readonly RateTier[]): PricedQuantity[] | null {
  const timeTiers = tiers.filter(
    (tier) => tier.tierType !== "usage_tier" && getTierPrice(tier) !== null,
  );
  if (timeTiers.length < 2) return null;
  const isNamed = (tier: RateTier, pattern: RegExp): boolean => pattern.test(tier.tierName ?? "");
  const high = timeTiers.find((tier) => isNamed(tier, /^\s*(ht|hoch)/i)) ?? timeTiers[0];
  const low =
    timeTiers.find((tier) => tier !== high && isNamed(tier, /^\s*(nt|nied)/i)) ??
    timeTiers.find((tier) => tier !== high);
  if (!high || !low) return null;
  return [
    {
      label: high.tierName ?? "HT",
      quantity: consumption.times(HIGH_TARIFF_SHARE),
      unitPrice: getTierPrice(high) as Decimal,
    },
    {
      label: low.tierName ?? "NT",
      quantity: consumption.times(LOW_TARIFF_SHARE),
      unitPrice: getTierPrice(low) as Decimal,
    },
  ];
}

function priceTierBased(
  consumption: Decimal,
  tiers: readonly RateTier[],
  fallbackPrice: Decimal,
): { priced: PricedQuantity[]; unassigned: Decimal } | null {
  const usageTiers = tiers
    .filter((tier) => tier.tierType !== "time_based" && getTierPrice(tier) !== null)
    .slice()
    .sort((a, b) => new Decimal(a.from ?? 0).comparedTo(b.from ?? 0));
  if (usageTiers.length === 0) return null;
  const priced: PricedQuantity[] = [];
  let assigned = ZERO;
  // Bands are taken in order of their start; a band that overlaps an earlier one only counts
  // beyond it, so no quantity is billed twice.
  let coveredUpTo = ZERO;
  for (const tier of usageTiers) {
    const from = Decimal.max(new Decimal(tier.from ?? 0), coveredUpTo);
    const upper =
      tier.to === null || tier.to === undefined ? consumption : Decimal.min(consumption, tier.to);
    const quantity = Decimal.max(ZERO, upper.minus(from));
    coveredUpTo = Decimal.max(coveredUpTo, upper);
    if (quantity.isZero()) continue;
    assigned = assigned.plus(quantity);
    priced.push({
      label:
        tier.tierName ??
        `${new Decimal(tier.from ?? 0).toString()}-${tier.to === null || tier.to === undefined ? "" : new Decimal(tier.to).toString()}`,
      quantity,
      unitPrice: getTierPrice(tier) as Decimal,
    });
  }
  // Gaps between bands and the part above the last band are charged at the tariff's own
  // unit price, so that no consumption is billed for free.
  const unassigned = Decimal.max(ZERO, consumption.minus(assigned));
  if (unassigned.greaterThan(0))
    priced.push({
      label: "Verbrauch ohne Tarifstufe",
      quantity: unassigned,
      unitPrice: fallbackPrice,
    });
  return { priced, unassigned };
}
