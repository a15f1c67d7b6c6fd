import { calculateRateCost, type RateCostOutcome, type RateDefinition } from "@nk/engine";
import { RATE_UTILITY_TYPES_BY_COST_TYPE, UTILITY_TYPE_LABELS, type Rate } from "@nk/contract";

// Which stored tariffs fit a rate-based cost item, and its cost through the engine's own rate
// cost function (docs/rules/statements.md#statement-constants: consumption x unit price + base price x months).

/** 'Heizung', 'Kaltwasser', 'Strom': the source named in 'Kein Tarif für {source} hinterlegt.' */
export function getTariffSource(costType: string): string {
  const first = RATE_UTILITY_TYPES_BY_COST_TYPE[costType]?.[0];
  return first ? UTILITY_TYPE_LABELS[first] : costType;
}

/** Active tariffs of the cost type's utilities, for the property or global, valid in the period; by priority. */
export function findFittingRates(
  rates: readonly Rate[],
  costType: string,
  propertyId: string,
  period: { start: string; end: string },
): Rate[] {
  const utilities = RATE_UTILITY_TYPES_BY_COST_TYPE[costType] ?? [];
  return rates
    .filter(
      (rate) =>
        rate.isActive &&
        utilities.includes(rate.utilityType) &&
        (rate.isGlobal || rate.propertyId === propertyId) &&
        rate.validFrom <= period.end &&
        (rate.validUntil === null || rate.validUntil >= period.start),
    )
    .sort((a, b) => a.priority - b.priority || b.validFrom.localeCompare(a.validFrom));
}

/** The months of the period the base price is due for: the engine's one rule (issue 25). */
export { countPeriodMonths } from "@nk/engine";

function toRateDefinition(rate: Rate): RateDefinition {
  return {
    unitPrice: rate.unitPrice,
    basePrice: rate.basePrice ?? "0",
    tariffType: rate.tariffType,
    tiers: rate.tiers.map((tier) => ({
      tierName: tier.tierName,
      tierType: tier.tierType,
      // Tier limits are quantities (kWh, m³): the engine reads their decimal text (decision 1043).
      from: tier.from,
      to: tier.to,
      unitPrice: tier.unitPrice,
    })),
  };
}

/** The rate cost of an entered consumption (decimal text, already parsed) over `months`. */
export function calculateItemRateCost(
  rate: Rate,
  consumption: string,
  months: number,
): RateCostOutcome {
  return calculateRateCost({ consumption, months, rate: toRateDefinition(rate) });
}
