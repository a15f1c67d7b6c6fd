import { z } from "zod";
import {
  compareDecimalText,
  decimalTextSchema,
  optionalDecimalTextSchema,
  sumDecimalTexts,
  type DecimalTextMessages,
} from "../decimal-text.ts";

// Issue 24, item 12 (decision 1160): the billing period's inputs of the § 6a (3) HeizkV annual
// information: the supplier's energy mix, for district heating the primary energy factor, the
// taxes and levies in the energy costs, and the fees for metering devices, reading and billing.
// Saved with the period's costs (PUT /api/billing-periods/:id/costs); the engine computes the
// letter's figures from them (computeAnnualInformation).

export const ANNUAL_INFORMATION_MESSAGES = {
  carrierRequired: "Bitte den Energieträger angeben.",
  carrierTooLong: "Energieträger: höchstens 100 Zeichen.",
  levyLabelRequired: "Bitte die Steuer oder Abgabe benennen.",
  levyLabelTooLong: "Bezeichnung: höchstens 100 Zeichen.",
  tooManyShares: "Höchstens 10 Energieträger.",
  tooManyLevies: "Höchstens 20 Steuern und Abgaben.",
  mixNotHundred: "Die Anteile des Energiemixes müssen zusammen 100 % ergeben.",
  percentTooLarge: "Anteil: höchstens 100 %.",
  factorTooLarge: "Primärenergiefaktor: höchstens 10.",
  percent: {
    required: "Anteil: bitte einen Prozentwert angeben.",
    notANumber: "Anteil: bitte eine Zahl eingeben.",
    negative: "Anteil darf nicht negativ sein.",
    tooManyDecimals: "Anteil: höchstens 2 Nachkommastellen.",
    tooLarge: "Anteil: höchstens 100 %.",
  } satisfies DecimalTextMessages,
  factor: {
    required: "Primärenergiefaktor: bitte eine Zahl eingeben.",
    notANumber: "Primärenergiefaktor: bitte eine Zahl eingeben.",
    negative: "Primärenergiefaktor darf nicht negativ sein.",
    tooManyDecimals: "Primärenergiefaktor: höchstens 6 Nachkommastellen.",
    tooLarge: "Primärenergiefaktor: höchstens 10.",
  } satisfies DecimalTextMessages,
  money: (label: string): DecimalTextMessages => ({
    required: `${label}: bitte einen Betrag angeben.`,
    notANumber: `${label}: bitte einen Betrag eingeben.`,
    negative: `${label} darf nicht negativ sein.`,
    tooManyDecimals: `${label}: höchstens 2 Nachkommastellen.`,
    tooLarge: `${label} ist zu groß.`,
  }),
} as const;

const M = ANNUAL_INFORMATION_MESSAGES;

const energyShareSchema = z.object({
  carrier: z
    .string({ error: M.carrierRequired })
    .trim()
    .min(1, M.carrierRequired)
    .max(100, M.carrierTooLong),
  percent: decimalTextSchema("percent", M.percent).refine(
    (value) => compareDecimalText(value, "100") <= 0,
    M.percentTooLarge,
  ),
});

const levySchema = z.object({
  label: z
    .string({ error: M.levyLabelRequired })
    .trim()
    .min(1, M.levyLabelRequired)
    .max(100, M.levyLabelTooLong),
  amount: decimalTextSchema("money", M.money("Betrag")),
});

export const annualInformationSchema = z
  .object({
    /** § 6a (3) Nr. 1 a HeizkV: the supplier's energy mix; empty: the fuel at 100 %. */
    energyMix: z.array(energyShareSchema).max(10, M.tooManyShares).default([]),
    /** District heating: the network's primary energy factor. */
    primaryEnergyFactor: optionalDecimalTextSchema("factor", M.factor).refine(
      (value) => value === null || compareDecimalText(value, "10") <= 0,
      M.factorTooLarge,
    ),
    /** § 6a (3) Nr. 1 b HeizkV: energy tax and other levies of the period (building). */
    taxesAndLevies: z.array(levySchema).max(20, M.tooManyLevies).default([]),
    /** § 6a (3) Nr. 1 c HeizkV: rent and calibration of the metering devices (building). */
    meteringDeviceFee: optionalDecimalTextSchema("money", M.money("Gerätemiete und Eichung")),
    /** § 6a (3) Nr. 1 c HeizkV: reading and billing (building). */
    readingAndBillingFee: optionalDecimalTextSchema("money", M.money("Ablesung und Abrechnung")),
  })
  .superRefine((info, ctx) => {
    if (info.energyMix.length === 0) return;
    const total = sumDecimalTexts(
      info.energyMix.map((share) => share.percent),
      2,
    );
    if (compareDecimalText(total, "100") !== 0)
      ctx.addIssue({ code: "custom", path: ["energyMix"], message: M.mixNotHundred });
  });
export type AnnualInformationFormInput = z.input<typeof annualInformationSchema>;
export type AnnualInformationValues = z.output<typeof annualInformationSchema>;
