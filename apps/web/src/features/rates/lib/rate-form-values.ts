import {
  DEFAULT_RATE_REGION,
  parseDecimalText,
  RATE_DEFAULT_PRIORITY,
  type Rate,
  type RateBody,
  type RateTariffType,
  type RateTierType,
  type UtilityType,
} from "@nk/contract";

// The rate form's inputs: prices, tier limits and the priority hold canonical text (the one number
// field, decision 1000); the body sent is the contract's RateBody.

export interface TierFormValues {
  tierName: string;
  tierType: RateTierType;
  from: string;
  to: string;
  unitPrice: string;
}

export interface RateFormValues {
  rateName: string;
  providerName: string;
  contractNumber: string;
  region: string;
  unitPrice: string;
  basePrice: string;
  tariffType: RateTariffType;
  isGlobal: boolean;
  propertyId: string;
  priority: string;
  validFrom: string;
  validUntil: string;
  notes: string;
  tiers: TierFormValues[];
}

export function toRateFormValues(
  rate: Rate | null,
  defaults: { region: string; today: string },
): RateFormValues {
  if (!rate) {
    return {
      rateName: "",
      providerName: "",
      contractNumber: "",
      region: defaults.region || DEFAULT_RATE_REGION,
      unitPrice: "",
      basePrice: "",
      tariffType: "standard",
      isGlobal: true,
      propertyId: "",
      priority: String(RATE_DEFAULT_PRIORITY),
      validFrom: defaults.today,
      validUntil: "",
      notes: "",
      tiers: [],
    };
  }
  return {
    rateName: rate.rateName,
    providerName: rate.providerName ?? "",
    contractNumber: rate.contractNumber ?? "",
    region: rate.region,
    unitPrice: rate.unitPrice ?? "",
    basePrice: rate.basePrice ?? "",
    tariffType: rate.tariffType,
    isGlobal: rate.isGlobal,
    propertyId: rate.propertyId ?? "",
    priority: String(rate.priority),
    validFrom: rate.validFrom,
    validUntil: rate.validUntil ?? "",
    notes: rate.notes ?? "",
    tiers: rate.tiers.map((tier) => ({
      tierName: tier.tierName,
      tierType: tier.tierType,
      from: tier.from ?? "",
      to: tier.to ?? "",
      unitPrice: tier.unitPrice ?? "",
    })),
  };
}

/** Starting tiers when the tariff type changes: HT and NT, or one usage band from 0. */
export function buildDefaultTiers(tariffType: RateTariffType, unitPrice: string): TierFormValues[] {
  if (tariffType === "time_based") {
    return [
      { tierName: "HT", tierType: "time_based", from: "", to: "", unitPrice },
      { tierName: "NT", tierType: "time_based", from: "", to: "", unitPrice },
    ];
  }
  if (tariffType === "tier_based")
    return [{ tierName: "Stufe 1", tierType: "usage_tier", from: "0", to: "", unitPrice }];
  return [];
}

export function toRateBody(utilityType: UtilityType, values: RateFormValues): RateBody {
  return {
    utilityType,
    rateName: values.rateName,
    providerName: values.providerName,
    contractNumber: values.contractNumber,
    region: values.region as RateBody["region"],
    unitPrice: values.unitPrice,
    basePrice: values.basePrice,
    tariffType: values.tariffType,
    isGlobal: values.isGlobal,
    // docs/rules/master-data.md#states: choosing global clears the property.
    propertyId: values.isGlobal ? null : values.propertyId || null,
    priority: values.priority,
    validFrom: values.validFrom,
    validUntil: values.validUntil,
    notes: values.notes,
    tiers:
      values.tariffType === "standard"
        ? []
        : values.tiers.map((tier) => ({ ...tier, from: tier.from || null, to: tier.to || null })),
  };
}

/** A form price as exact text, or null when it is not a (non-negative) number yet. */
export function readDecimal(value: string): string | null {
  const text = parseDecimalText(value ?? "");
  return text === null || text.startsWith("-") ? null : text;
}
