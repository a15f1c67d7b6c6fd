import { z } from "zod";
import {
  DISTRIBUTION_KEYS,
  getMeterKindsOfItemMeter,
  isHeizkvCostType,
  ITEM_METERS,
  METER_KIND_LABELS,
  type DistributionKey,
  type ItemMeter,
  type MeterKind,
} from "@nk/engine";
import { fromScaledBigInt, toScaledBigInt } from "../decimal-text.ts";
import type { PropertyType } from "../properties.ts";

// Quick-Setup templates (docs/rules/statements.md#statement-constants): standard residential, WEG, commercial; the
// property type recommends one. Keys: heating and hot water 30/70 (§§ 7, 8 HeizkV), cold water
// and sewage by consumption, waste by units, the rest by area; WEG adds the lift by units and
// the heating's operating power 50/50 (part of the heating costs, § 7 (2) HeizkV).

export const QUICK_SETUP_TEMPLATE_IDS = ["standard", "weg", "commercial"] as const;
export type QuickSetupTemplateId = (typeof QUICK_SETUP_TEMPLATE_IDS)[number];

/** The groups of the per-m² estimate (docs/rules/statements.md#statement-constants: heating 60/40; other 35/25/25/15). */
export type EstimateGroup =
  "heating" | "hotWater" | "waterSewage" | "wasteCleaning" | "insuranceTax" | "other";

export interface QuickSetupTemplateItem {
  costType: string;
  key: DistributionKey;
  consumptionShare: number | null;
  meter: ItemMeter | null;
  /** Cannot be unchecked in the dialog. */
  isMandatory: boolean;
  estimateGroup: EstimateGroup;
}

export interface QuickSetupTemplate {
  id: QuickSetupTemplateId;
  name: string;
  description: string;
  /** Euros per m² and year: heating (split 60 % Heizung / 40 % Warmwasser) and all other costs. */
  estimatePerM2: { heating: string; other: string };
  items: QuickSetupTemplateItem[];
}

/** The plan feature that unlocks the dialog, and its name in the 'Upgrade erforderlich' box. */
export const QUICK_SETUP_FEATURE = "quickSetupTemplates";
export const QUICK_SETUP_FEATURE_LABEL = "Quick-Setup-Vorlagen";
export const QUICK_SETUP_MESSAGES = {
  title: "Quick-Setup",
  upgradeTitle: "Upgrade erforderlich",
  upgradeButton: "Upgrade",
  upgradeLink: "/dashboard/settings?tab=billing",
  noneSelected: "Bitte wählen Sie mindestens eine Kostenposition aus.",
  mandatoryHint: "Pflichtposition",
  recommended: "Empfohlen",
  estimateHint:
    "Die Schätzung je m² Wohnfläche dient nur der Orientierung: die Beträge tragen Sie danach aus den Rechnungen ein.",
  /** Decision 1620: the template the wizard puts in by itself when the period has no saved items. */
  startTemplateApplied: (templateName: string, count: number) =>
    `Vorlage „${templateName}“ eingesetzt: ${count} Kostenpositionen passend zu den Zählern dieses Zeitraums, ohne Beträge. Tragen Sie die Beträge Ihrer Rechnungen ein und entfernen Sie Positionen, die es im Haus nicht gibt; Quick-Setup wählt eine andere Vorlage.`,
  startTemplateDiscard: "Vorlage entfernen",
  startFuelApplied: (fuelLabel: string) => `Energieträger laut Immobilie: ${fuelLabel}.`,
} as const;

const item = (
  costType: string,
  key: DistributionKey,
  estimateGroup: EstimateGroup,
  options: { consumptionShare?: number; meter?: ItemMeter; isMandatory?: boolean } = {},
): QuickSetupTemplateItem => ({
  costType,
  key,
  consumptionShare: options.consumptionShare ?? null,
  meter: options.meter ?? null,
  isMandatory: options.isMandatory ?? false,
  estimateGroup,
});

const heatingItems = [
  item("Heizung", "mixed", "heating", {
    consumptionShare: 70,
    meter: "heating",
    isMandatory: true,
  }),
  item("Warmwasser", "mixed", "hotWater", {
    consumptionShare: 70,
    meter: "warmwater",
    isMandatory: true,
  }),
];
const waterItems = [
  // Issue 24, item 9: water and sewage by all the water drawn, the heated water included.
  item("Kaltwasser", "consumption", "waterSewage", { meter: "water", isMandatory: true }),
  item("Abwasser", "consumption", "waterSewage", { meter: "water" }),
];
const commonItems = [
  item("Müllabfuhr", "units", "wasteCleaning", { isMandatory: true }),
  item("Straßenreinigung", "area", "wasteCleaning"),
  item("Hausmeister", "area", "other"),
  item("Versicherung", "area", "insuranceTax", { isMandatory: true }),
  item("Grundsteuer", "area", "insuranceTax", { isMandatory: true }),
  item("Schornsteinfeger", "area", "other"),
  item("Betriebsstrom", "area", "other"),
];
// No "CO2-Abgabe" (issue 24, item 10): the CO2 cost is part of the fuel invoice and is split by
// the CO2KostAufG through the statement's CO2 inputs; a separate item would charge it twice.

const RESIDENTIAL_ESTIMATE = { heating: "1.5", other: "2.8" };
const COMMERCIAL_ESTIMATE = { heating: "12", other: "8.5" };

export const QUICK_SETUP_TEMPLATES: Record<QuickSetupTemplateId, QuickSetupTemplate> = {
  standard: {
    id: "standard",
    name: "Standard Wohngebäude",
    description: "Die üblichen Betriebs- und Heizkosten eines Mehrfamilienhauses.",
    estimatePerM2: RESIDENTIAL_ESTIMATE,
    items: [...heatingItems, ...waterItems, ...commonItems],
  },
  weg: {
    id: "weg",
    name: "Wohnungseigentümergemeinschaft (WEG)",
    description: "Wie Standard, dazu Aufzug und Betriebsstrom der Heizung.",
    estimatePerM2: RESIDENTIAL_ESTIMATE,
    items: [
      ...heatingItems,
      ...waterItems,
      ...commonItems.filter((entry) => entry.costType !== "Betriebsstrom"),
      item("Aufzug", "units", "other"),
      item("Betriebsstrom", "mixed", "other", { consumptionShare: 50, meter: "heating" }),
    ],
  },
  commercial: {
    id: "commercial",
    name: "Gewerbeobjekt",
    description: "Betriebs- und Heizkosten gewerblich oder gemischt genutzter Objekte.",
    estimatePerM2: COMMERCIAL_ESTIMATE,
    items: [...heatingItems, ...waterItems, ...commonItems],
  },
};

/** docs/rules/statements.md#statement-constants: WEG type gives WEG; Gewerbeobjekt and Gemischt give commercial; others standard. */
export function getRecommendedTemplateId(
  propertyType: PropertyType | string | null,
): QuickSetupTemplateId {
  if (propertyType === "Wohnungseigentümergemeinschaft (WEG)") return "weg";
  if (propertyType === "Gewerbeobjekt" || propertyType === "Gemischt genutztes Objekt")
    return "commercial";
  return "standard";
}

/** A template item fitted to the house's meters (issue 27). */
export interface FittedTemplateItem extends QuickSetupTemplateItem {
  /** Ticked when the dialog opens. */
  isPreselected: boolean;
  /** Why the item differs from the template ('Keine Kaltwasserzähler erfasst: …'), else null. */
  fitNote: string | null;
}

/**
 * Issue 27: a template keys an item by consumption only where the house has meters of that kind
 * (the unit meters of the billing period; `meterKinds` null while no period is chosen: the
 * template as it is). Without them an operating cost item goes by living area, the default key
 * of § 556a (1) BGB; heating and hot water stay by consumption (§§ 7, 8 HeizkV allow no other
 * key) but are no longer ticked or mandatory, so a house without hot-water meters is not asked
 * for a hot-water item it cannot distribute.
 */
export function fitTemplateToMeters(
  template: QuickSetupTemplate,
  meterKinds: ReadonlySet<MeterKind> | null,
): FittedTemplateItem[] {
  return template.items.map((entry) => {
    const kinds = entry.meter === null ? [] : getMeterKindsOfItemMeter(entry.meter);
    if (meterKinds === null || entry.meter === null || kinds.some((kind) => meterKinds.has(kind)))
      return { ...entry, isPreselected: true, fitNote: null };
    const missing = `Keine Zähler der Art ${kinds.map((kind) => METER_KIND_LABELS[kind]).join(" oder ")} erfasst`;
    if (isHeizkvCostType(entry.costType)) {
      return {
        ...entry,
        isMandatory: false,
        isPreselected: false,
        fitNote: `${missing}: nicht vorausgewählt`,
      };
    }
    return {
      ...entry,
      key: "area",
      consumptionShare: null,
      meter: null,
      isMandatory: false,
      isPreselected: true,
      fitNote: `${missing}: nach Wohnfläche verteilt`,
    };
  });
}

/** Percent of the estimate per group (heating: of the heating rate; the rest: of the other rate). */
const GROUP_PERCENT: Record<EstimateGroup, { base: "heating" | "other"; percent: bigint }> = {
  heating: { base: "heating", percent: 60n },
  hotWater: { base: "heating", percent: 40n },
  waterSewage: { base: "other", percent: 35n },
  wasteCleaning: { base: "other", percent: 25n },
  insuranceTax: { base: "other", percent: 25n },
  other: { base: "other", percent: 15n },
};

/**
 * Estimated yearly amounts of the selected items for a total area (decimal text, m²): each
 * group's share of area x rate, split evenly over the group's selected items, half up to cents.
 * Exact: area (2 decimals) x rate (up to 2 decimals) x percent, in integers.
 */
export function estimateTemplateAmounts(
  template: QuickSetupTemplate,
  totalArea: string,
  selected: readonly string[],
): Record<string, string> {
  const area = toScaledBigInt(totalArea, 2) ?? 0n;
  const chosen = template.items.filter((entry) => selected.includes(entry.costType));
  const amounts: Record<string, string> = {};
  for (const entry of chosen) {
    const group = GROUP_PERCENT[entry.estimateGroup];
    const rate = toScaledBigInt(template.estimatePerM2[group.base], 2) ?? 0n;
    const count = BigInt(
      chosen.filter((other) => other.estimateGroup === entry.estimateGroup).length,
    );
    // area*100 x rate*100 x percent = euros x 10^6; divide by count and by 10^4 to cents.
    const numerator = area * rate * group.percent;
    const denominator = count * 10_000n;
    const cents = (numerator * 2n + denominator) / (denominator * 2n);
    amounts[entry.costType] = fromScaledBigInt(cents, 2);
  }
  return amounts;
}

/** GET /api/statements/templates (plan feature quickSetupTemplates). */
export const quickSetupTemplatesResponseSchema = z.object({
  templates: z.array(
    z.object({
      id: z.enum(QUICK_SETUP_TEMPLATE_IDS),
      name: z.string(),
      description: z.string(),
      estimatePerM2: z.object({ heating: z.string(), other: z.string() }),
      items: z.array(
        z.object({
          costType: z.string(),
          key: z.enum(DISTRIBUTION_KEYS),
          consumptionShare: z.number().nullable(),
          meter: z.enum(ITEM_METERS).nullable(),
          isMandatory: z.boolean(),
          estimateGroup: z.string(),
        }),
      ),
    }),
  ),
  /** The template the property's type recommends, when ?propertyId= is given. */
  recommendedId: z.enum(QUICK_SETUP_TEMPLATE_IDS).nullable(),
});
export type QuickSetupTemplatesResponse = z.infer<typeof quickSetupTemplatesResponseSchema>;
