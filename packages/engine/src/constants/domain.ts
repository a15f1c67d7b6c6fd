/** Distribution keys (Verteilerschlüssel) of the contract. */
export const DISTRIBUTION_KEYS = [
  "area",
  "persons",
  "units",
  "consumption",
  "mixed",
  "direct",
] as const;
export type DistributionKey = (typeof DISTRIBUTION_KEYS)[number];

/** Is the text one of the distribution keys (contract v1.4 added "direct")? */
export function isDistributionKey(value: unknown): value is DistributionKey {
  return typeof value === "string" && (DISTRIBUTION_KEYS as readonly string[]).includes(value);
}

/** German names of the distribution keys, as statements show them. */
export const DISTRIBUTION_KEY_LABELS: Readonly<Record<DistributionKey, string>> = Object.freeze({
  area: "Wohnfläche",
  persons: "Personen",
  units: "Wohneinheiten",
  consumption: "Verbrauch",
  mixed: "Grund- und Verbrauchskosten",
  direct: "Direkt je Mietverhältnis",
});

/** Meter kinds (consumption series) of the contract. */
export const METER_KINDS = ["heating", "warmwater", "coldwater", "electricity", "gas"] as const;
export type MeterKind = (typeof METER_KINDS)[number];

/** The German name of each meter kind, as the wizard and the messages show it. */
export const METER_KIND_LABELS: Readonly<Record<MeterKind, string>> = Object.freeze({
  heating: "Heizung",
  warmwater: "Warmwasser",
  coldwater: "Kaltwasser",
  electricity: "Strom",
  gas: "Gas",
});
/**
 * Issue 24, item 9: the consumption series a cost item may use: a meter kind, or "water", the
 * total fresh water of a unit (cold-water plus hot-water meters). Water and sewage go by all
 * the water drawn, the centrally heated part included (BetrKV § 2 Nr. 2 and 3).
 */
export const TOTAL_WATER_METER = "water";
export const ITEM_METERS = [...METER_KINDS, TOTAL_WATER_METER] as const;
export type ItemMeter = (typeof ITEM_METERS)[number];
/** The meter kinds that make up a cost item's series. */
export function getMeterKindsOfItemMeter(meter: ItemMeter): MeterKind[] {
  return meter === TOTAL_WATER_METER ? ["coldwater", "warmwater"] : [meter];
}

/** Fuels of the CO2 input. */
export const FUELS = [
  "gas",
  "oil",
  "lpg",
  "coal",
  "wood",
  "pellets",
  "district_heating",
  "other",
] as const;
export type Fuel = (typeof FUELS)[number];

/** Efficiency classes A-J; class N shows CO2KostAufG stage N+1 (docs/rules/co2.md#co2-split). */
export const EFFICIENCY_CLASSES = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"] as const;
export type EfficiencyClass = (typeof EFFICIENCY_CLASSES)[number];

export const PROPERTY_TYPES = ["residential", "commercial"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** The cost types that carry heating-cost rules (HeizkV, CO2KostAufG). */
export const HEATING_COST_TYPE = "Heizung";
export const HOT_WATER_COST_TYPE = "Warmwasser";

/** Is the cost type governed by the HeizkV (heating or hot water)? */
export function isHeizkvCostType(costType: string): boolean {
  return costType === HEATING_COST_TYPE || costType === HOT_WATER_COST_TYPE;
}

/** Cost types of the specification, in its order (docs/rules/statements.md#statement-entities). */
export const SPECIFICATION_COST_TYPES = [
  "Heizung",
  "Warmwasser",
  "Kaltwasser",
  "Abwasser",
  "Müllabfuhr",
  "Straßenreinigung",
  "Hausmeister",
  "Gartenpflege",
  "Beleuchtung",
  "Aufzug",
  "Versicherung",
  "Grundsteuer",
  "Sonstige",
] as const;

/** Further cost types the specification's templates use. */
export const TEMPLATE_COST_TYPES = ["Schornsteinfeger", "Betriebsstrom", "CO2-Abgabe"] as const;

/**
 * The operating costs of § 2 BetrKV by their usual short names (numbers 1-17 of the list);
 * the contract accepts these next to the specification's names.
 */
export const BETRKV_COST_TYPES = [
  "Grundsteuer", // Nr. 1 laufende öffentliche Lasten
  "Wasserversorgung", // Nr. 2
  "Entwässerung", // Nr. 3
  "Heizung", // Nr. 4
  "Warmwasser", // Nr. 5
  "Verbundene Heizungs- und Warmwasserversorgungsanlagen", // Nr. 6
  "Aufzug", // Nr. 7
  "Straßenreinigung", // Nr. 8
  "Müllbeseitigung", // Nr. 8
  "Gebäudereinigung", // Nr. 9
  "Ungezieferbekämpfung", // Nr. 9
  "Gartenpflege", // Nr. 10
  "Beleuchtung", // Nr. 11
  "Schornsteinreinigung", // Nr. 12
  "Sach- und Haftpflichtversicherung", // Nr. 13
  "Hauswart", // Nr. 14
  "Gemeinschafts-Antennenanlage", // Nr. 15
  "Breitbandnetz", // Nr. 15
  "Einrichtungen für die Wäschepflege", // Nr. 16
  "Sonstige Betriebskosten", // Nr. 17
] as const;

/** All cost types the product offers (specification, templates, BetrKV), without repeats. */
export const COST_TYPES: readonly string[] = Object.freeze([
  ...new Set<string>([...SPECIFICATION_COST_TYPES, ...TEMPLATE_COST_TYPES, ...BETRKV_COST_TYPES]),
]);

/** The consumption series a cost type is read from when an item names no meter. */
export const DEFAULT_METER_BY_COST_TYPE: Readonly<Record<string, MeterKind>> = Object.freeze({
  Heizung: "heating",
  Warmwasser: "warmwater",
  Kaltwasser: "coldwater",
  Abwasser: "coldwater",
  Wasserversorgung: "coldwater",
  Entwässerung: "coldwater",
  Beleuchtung: "electricity",
  Betriebsstrom: "electricity",
});

/** Default consumption share of a mixed key in percent (docs/rules/heating.md#heizkv: 30/70). */
export const DEFAULT_CONSUMPTION_SHARE_PERCENT = 70;
/** § 7 (1) and § 8 (1) HeizkV: the consumption share lies between 50 and 70 percent. */
export const HEIZKV_MIN_CONSUMPTION_SHARE_PERCENT = 50;
export const HEIZKV_MAX_CONSUMPTION_SHARE_PERCENT = 70;
/** Prepayments above this monthly amount draw a warning (docs/rules/statements.md#statement-checks). */
export const PREPAYMENT_WARNING_THRESHOLD_EUROS = 10000;

/**
 * Categories of the labour part of a cost item for the tenant's income-tax reduction:
 * householdServices = haushaltsnahe Dienstleistungen (§ 35a Abs. 2 Satz 1 EStG),
 * craftsmen = Handwerkerleistungen (§ 35a Abs. 3 EStG). Contract v1.1.
 */
export const TAX_CATEGORIES = ["householdServices", "craftsmen"] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];
/** A labour part without a category counts as household services (contract v1.1). */
export const DEFAULT_TAX_CATEGORY: TaxCategory = "householdServices";
