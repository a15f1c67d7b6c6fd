import { z } from "zod";
import { FUEL_QUANTITY_UNITS, FUELS, STORED_FUELS, type HeatingCostSheetInput } from "@nk/engine";
import { calendarDate } from "../calendar-dates.ts";
import { optionalDecimalTextSchema, type DecimalTextMessages } from "../decimal-text.ts";

// Issue 24, item 6: the heating cost sheet of a billing period (§ 7 (2), § 8 (2), § 9 HeizkV):
// fuel and its quantity, for stored fuels opening stock, deliveries and closing stock, the cost
// components, and for a generator that also heats the water the § 9 inputs. Saved with the
// period's costs; the engine computes the sheet (decision 1151).

export const HEATING_COSTS_MESSAGES = {
  fuelRequired: "Bitte den Brennstoff der Heizungsanlage wählen.",
  unitInvalid: "Bitte die Mengeneinheit wählen.",
  deliveryDateInvalid: "Bitte das Lieferdatum angeben (TT.MM.JJJJ).",
  deliveryQuantityRequired: "Bitte die gelieferte Menge angeben.",
  deliveryAmountRequired: "Bitte den Rechnungsbetrag der Lieferung angeben.",
  tooManyDeliveries: "Höchstens 50 Lieferungen je Abrechnungszeitraum.",
  deliveryOutsidePeriod: "Die Lieferung liegt nicht im Abrechnungszeitraum.",
  totalEnergyRequired:
    "Für die Aufteilung nach § 9 HeizkV bitte die gesamte Energie (kWh) angeben.",
  hotWaterBasisRequired:
    "Für die Aufteilung nach § 9 HeizkV bitte das Warmwasservolumen (m³) oder die Wohnfläche mit Warmwasser angeben.",
  quantity: (label: string): DecimalTextMessages => ({
    required: `${label}: bitte eine Menge angeben.`,
    notANumber: `${label}: bitte eine Zahl eingeben.`,
    negative: `${label} darf nicht negativ sein.`,
    tooManyDecimals: `${label}: höchstens 3 Nachkommastellen.`,
    tooLarge: `${label} ist zu groß.`,
  }),
  money: (label: string): DecimalTextMessages => ({
    required: `${label}: bitte einen Betrag angeben.`,
    notANumber: `${label}: bitte einen Betrag eingeben.`,
    negative: `${label} darf nicht negativ sein.`,
    tooManyDecimals: `${label}: höchstens 2 Nachkommastellen.`,
    tooLarge: `${label} ist zu groß.`,
  }),
} as const;

const M = HEATING_COSTS_MESSAGES;

/** Labels of the quantity units. */
export const FUEL_QUANTITY_UNIT_LABELS: Record<(typeof FUEL_QUANTITY_UNITS)[number], string> = {
  l: "Liter",
  kg: "kg",
  kWh: "kWh",
  m3: "m³",
  t: "Tonnen",
};

export function isStoredFuel(fuel: string | null): boolean {
  return fuel !== null && (STORED_FUELS as readonly string[]).includes(fuel);
}

const deliverySchema = z.object({
  date: calendarDate(M.deliveryDateInvalid),
  quantity: optionalDecimalTextSchema("consumption", M.quantity("Liefermenge")).refine(
    (v) => v !== null && !/^0+(\.0+)?$/.test(v),
    M.deliveryQuantityRequired,
  ),
  amount: optionalDecimalTextSchema("money", M.money("Rechnungsbetrag")).refine(
    (v) => v !== null,
    M.deliveryAmountRequired,
  ),
});

export const heatingCostsSchema = z
  .object({
    fuel: z.enum(FUELS, { error: M.fuelRequired }),
    quantityUnit: z.enum(FUEL_QUANTITY_UNITS, { error: M.unitInvalid }),
    openingQuantity: optionalDecimalTextSchema("consumption", M.quantity("Anfangsbestand")),
    openingAmount: optionalDecimalTextSchema("money", M.money("Wert des Anfangsbestands")),
    deliveries: z.array(deliverySchema).max(50, M.tooManyDeliveries).default([]),
    closingQuantity: optionalDecimalTextSchema("consumption", M.quantity("Endbestand")),
    /** Grid fuels: the quantity and the cost of the bill. */
    quantity: optionalDecimalTextSchema("consumption", M.quantity("Verbrauch laut Rechnung")),
    fuelCost: optionalDecimalTextSchema("money", M.money("Brennstoffkosten")),
    operatingPower: optionalDecimalTextSchema("money", M.money("Betriebsstrom")),
    maintenance: optionalDecimalTextSchema("money", M.money("Wartung und Reinigung")),
    emissionMeasurement: optionalDecimalTextSchema("money", M.money("Immissionsschutzmessung")),
    meteringService: optionalDecimalTextSchema("money", M.money("Messdienst")),
    isCombined: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    totalEnergyKwh: optionalDecimalTextSchema("consumption", M.quantity("Gesamte Energie")),
    hotWaterVolumeM3: optionalDecimalTextSchema("consumption", M.quantity("Warmwasservolumen")),
    hotWaterTemperatureCelsius: optionalDecimalTextSchema(
      "consumption",
      M.quantity("Warmwassertemperatur"),
    ),
    hotWaterAreaM2: optionalDecimalTextSchema(
      "consumption",
      M.quantity("Wohnfläche mit Warmwasser"),
    ),
    isGasUpperHeatingValue: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    isCommercialHeatSupply: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
  })
  .superRefine((sheet, ctx) => {
    if (!sheet.isCombined) return;
    if (sheet.totalEnergyKwh === null || /^0+(\.0+)?$/.test(sheet.totalEnergyKwh))
      ctx.addIssue({ code: "custom", path: ["totalEnergyKwh"], message: M.totalEnergyRequired });
    if (sheet.hotWaterVolumeM3 === null && sheet.hotWaterAreaM2 === null)
      ctx.addIssue({
        code: "custom",
        path: ["hotWaterVolumeM3"],
        message: M.hotWaterBasisRequired,
      });
  });
export type HeatingCostsInput = z.input<typeof heatingCostsSchema>;
export type HeatingCosts = z.output<typeof heatingCostsSchema>;

/**
 * The sheet as the engine reads it, for the server's statement and the wizard's live sheet alike
 * (decision 1043): every quantity goes on as the decimal text it is stored as, never a number.
 */
export function toHeatingCostSheetInput(sheet: HeatingCosts): HeatingCostSheetInput {
  return {
    fuel: sheet.fuel,
    quantityUnit: sheet.quantityUnit,
    openingStock:
      sheet.openingQuantity !== null
        ? { quantity: sheet.openingQuantity, amount: sheet.openingAmount ?? "0" }
        : null,
    // The schema refuses a delivery without quantity or amount.
    purchases: sheet.deliveries.map((delivery) => ({
      date: delivery.date,
      quantity: delivery.quantity as string,
      amount: delivery.amount as string,
    })),
    closingStock: sheet.closingQuantity !== null ? { quantity: sheet.closingQuantity } : null,
    quantity: sheet.quantity,
    fuelCost: sheet.fuelCost,
    operatingPower: sheet.operatingPower,
    maintenance: sheet.maintenance,
    emissionMeasurement: sheet.emissionMeasurement,
    meteringService: sheet.meteringService,
    combined: sheet.isCombined
      ? {
          totalEnergyKwh: sheet.totalEnergyKwh ?? "0",
          hotWaterVolumeM3: sheet.hotWaterVolumeM3,
          hotWaterTemperatureCelsius: sheet.hotWaterTemperatureCelsius,
          hotWaterAreaM2: sheet.hotWaterAreaM2,
          isGasUpperHeatingValue: sheet.isGasUpperHeatingValue,
          isCommercialHeatSupply: sheet.isCommercialHeatSupply,
        }
      : null,
  };
}
