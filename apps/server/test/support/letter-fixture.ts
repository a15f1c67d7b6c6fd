import {
  calculateStatement,
  completeStoredResult,
  computeAnnualInformation,
  type StatementInput,
  type StatementResult,
} from "@nk/engine";
import { buildLetterLegal } from "../../src/features/statement-documents/letter-legal-source.ts";
import type {
  LetterSender,
  LetterSource,
} from "../../src/features/statement-documents/letter-model.ts";

// A statement with everything a letter can hold: heating (mixed 30/70) and hot water with a CO2
// split from a gas invoice, a tenant change with a vacant month, an estimated reading
// (§ 9a HeizkV) and labour costs for § 35a EStG. Used by the PDF tests and the bench.

export const SAMPLE_SENDER: LetterSender = {
  name: "Hausverwaltung Sonnenschein GmbH",
  street: "Lindenstraße 12a",
  postalCode: "10115",
  city: "Berlin",
  phone: "030 1234567",
  iban: "DE89370400440532013000",
  bic: "COBADEFFXXX",
  bankName: "Commerzbank",
};

export const SAMPLE_INPUT: StatementInput & {
  costItems: Array<
    StatementInput["costItems"][number] & {
      laborCosts?: string;
      taxCategory?: "householdServices" | "craftsmen";
    }
  >;
} = {
  period: { start: "2024-01-01", end: "2024-12-31" },
  propertyType: "residential",
  efficiencyClass: "D",
  units: [
    { id: "eg", area: 80, persons: 2 },
    { id: "og", area: 65.5, persons: 1 },
    { id: "dg", area: 52, persons: 2 },
  ],
  tenancies: [
    {
      id: "schulz",
      unitId: "eg",
      start: "2019-04-01",
      end: "2024-06-30",
      persons: 2,
      prepayments: [{ monthlyAmount: "210.00", validFrom: "2023-01-01", validUntil: null }],
    },
    {
      id: "oezdemir",
      unitId: "eg",
      start: "2024-08-15",
      end: null,
      persons: 3,
      prepayments: [{ monthlyAmount: "240.00", validFrom: "2024-08-15", validUntil: null }],
    },
    {
      id: "krueger",
      unitId: "og",
      start: "2015-01-01",
      end: null,
      persons: 1,
      prepayments: [
        { monthlyAmount: "150.00", validFrom: "2023-01-01", validUntil: "2024-03-31" },
        { monthlyAmount: "165.00", validFrom: "2024-04-01", validUntil: null },
      ],
    },
    {
      id: "weiss",
      unitId: "dg",
      start: "2020-09-01",
      end: null,
      persons: 2,
      prepayments: [{ monthlyAmount: "95.00", validFrom: "2020-09-01", validUntil: null }],
    },
  ],
  consumption: [
    { unitId: "eg", tenancyId: "schulz", meter: "heating", value: 610 },
    { unitId: "eg", meter: "heating", value: 905 },
    { unitId: "og", meter: "heating", value: 1120 },
    { unitId: "dg", meter: "heating", value: 640 },
    { unitId: "eg", meter: "warmwater", value: 21.4 },
    { unitId: "og", meter: "warmwater", value: 14.8 },
    { unitId: "dg", meter: "warmwater", value: 17.25 },
    { unitId: "eg", meter: "coldwater", value: 62.1 },
    { unitId: "og", meter: "coldwater", value: 41.7 },
    { unitId: "dg", meter: "coldwater", value: 48.35 },
  ],
  costItems: [
    {
      costType: "Heizung",
      amount: "6840.00",
      key: "mixed",
      consumptionShare: 70,
      meter: "heating",
    },
    {
      costType: "Warmwasser",
      amount: "1520.00",
      key: "mixed",
      consumptionShare: 70,
      meter: "warmwater",
    },
    { costType: "Kaltwasser", amount: "1135.80", key: "consumption", meter: "coldwater" },
    { costType: "Abwasser", amount: "1290.45", key: "consumption", meter: "coldwater" },
    { costType: "Müllabfuhr", amount: "712.20", key: "persons" },
    { costType: "Grundsteuer", amount: "986.00", key: "area" },
    { costType: "Versicherung", amount: "1240.60", key: "area" },
    {
      costType: "Hausmeister",
      amount: "1980.00",
      key: "area",
      laborCosts: "1650.00",
      taxCategory: "householdServices",
    },
    {
      costType: "Gartenpflege",
      amount: "624.00",
      key: "units",
      laborCosts: "624.00",
      taxCategory: "householdServices",
    },
    {
      costType: "Schornsteinfeger",
      amount: "187.40",
      key: "units",
      laborCosts: "140.00",
      taxCategory: "craftsmen",
    },
    { costType: "Beleuchtung", amount: "164.35", key: "area" },
  ],
  co2: {
    fuel: "gas",
    consumptionKwh: 32000,
    heatingValue: "upper",
    emissionsKg: null,
    pricePerTonne: null,
    cost: null,
    vatPercent: 19,
    area: null,
  },
  // Issue 24, item 12: the § 6a (3) HeizkV inputs (Klimafaktor of 2024, the metering fees).
  annualInformation: {
    climateFactor: 0.97,
    meteringDeviceFee: "212.40",
    readingAndBillingFee: "318.60",
    taxesAndLevies: [{ label: "Energiesteuer (Erdgas)", amount: "176.96" }],
  },
};

export function sampleResult(): StatementResult {
  const outcome = calculateStatement(SAMPLE_INPUT, { includeLetterFigures: true });
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  return outcome.result;
}

/** The same house in 2023 (Klimafaktor 1,08), for the § 6a (3) HeizkV comparison: Krüger used 1.540 units then. */
export function samplePreviousRun(): { input: StatementInput; result: StatementResult } {
  const input: StatementInput = {
    ...SAMPLE_INPUT,
    period: { start: "2023-01-01", end: "2023-12-31" },
    tenancies: SAMPLE_INPUT.tenancies.filter((tenancy) => tenancy.start < "2024-01-01"),
    consumption: [
      { unitId: "eg", meter: "heating", value: 1480 },
      { unitId: "og", meter: "heating", value: 1540 },
      { unitId: "dg", meter: "heating", value: 700 },
      { unitId: "eg", meter: "warmwater", value: 30 },
      { unitId: "og", meter: "warmwater", value: 15 },
      { unitId: "dg", meter: "warmwater", value: 18 },
      { unitId: "eg", meter: "coldwater", value: 70 },
      { unitId: "og", meter: "coldwater", value: 40 },
      { unitId: "dg", meter: "coldwater", value: 50 },
    ],
    annualInformation: { climateFactor: 1.08 },
  };
  const outcome = calculateStatement(input);
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  return { input, result: outcome.result };
}

export const SAMPLE_UNIT_NAMES = { eg: "EG links", og: "1. OG", dg: "Dachgeschoss" };
export const SAMPLE_TENANCY_NAMES = {
  schulz: "Familie Schulz",
  oezdemir: "Ayşe Özdemir",
  krueger: "Jürgen Krüger",
  weiss: "Maria Weiß",
};

export function sampleLetterSource(
  tenancyId: string,
  overrides: Partial<LetterSource> = {},
): LetterSource {
  const result = overrides.result ?? sampleResult();
  const input = overrides.input ?? SAMPLE_INPUT;
  const hasTenancy = result.tenancies.some((tenancy) => tenancy.tenancyId === tenancyId);
  return {
    input: SAMPLE_INPUT,
    result,
    tenancyId,
    letterDate: "2025-03-14",
    draft: false,
    sender: SAMPLE_SENDER,
    property: {
      name: "Wohnhaus Gartenweg",
      street: "Gartenweg 7",
      postalCode: "12345",
      city: "Musterstadt",
    },
    unitNames: SAMPLE_UNIT_NAMES,
    tenancyNames: SAMPLE_TENANCY_NAMES,
    tenantAddress:
      tenancyId === "schulz"
        ? { street: "Neue Allee 3", postalCode: "80331", city: "München" }
        : null,
    meterReadings: [
      {
        meterNumber: "HKV-10231",
        kind: "heating",
        unitLabel: "Einheiten",
        start: null,
        end: { date: "2024-12-31", value: "905" },
        consumption: "905",
      },
      {
        meterNumber: "WW-55102",
        kind: "warmwater",
        unitLabel: "m³",
        start: { date: "2023-12-31", value: "312.6" },
        end: { date: "2024-12-31", value: "334" },
        consumption: "21.4",
        estimated: true,
        estimateReason: "Zähler defekt, geschätzt nach dem Vorjahresverbrauch",
      },
      {
        meterNumber: "KW-55101",
        kind: "coldwater",
        unitLabel: "m³",
        start: { date: "2023-12-31", value: "1021.35" },
        end: { date: "2024-12-31", value: "1083.45" },
        consumption: "62.1",
      },
    ],
    // Issue 24, item 12: the tenancy's own figures against its own in 2023, from the run as the
    // server reads it (an older stored shape completed first, as readStoredRun does).
    annualInformation: hasTenancy
      ? computeAnnualInformation({
          input,
          result: completeStoredResult(input, result),
          tenancyId,
          previous: samplePreviousRun(),
        })
      : null,
    // A letter of 14.03.2025 for 2024: in time (issue 24).
    legal: buildLetterLegal({
      result,
      tenancyId,
      version: 1,
      letterDate: "2025-03-14",
      lateExcuse: null,
      previous: null,
    }),
    ...overrides,
  };
}
