import { describe, expect, it } from "vitest";
import { billingPeriodCostsBodySchema, compareDecimalText, type Rate } from "@nk/contract";
import { getPeriodError } from "../src/features/statements/components/period-fields";
import {
  buildEmptyCostItem,
  complementPercent,
  EMPTY_ANNUAL_INFORMATION,
  EMPTY_CO2,
  EMPTY_HEATING_SHEET,
  toHeatingCostsBody,
  type HeatingSheetValues,
  fromSavedCosts,
  toCostsBody,
  type CostsFormValues,
} from "../src/features/statements/lib/cost-form";
import { getDefaultPeriod, pickStartPeriod } from "../src/features/statements/lib/default-period";
import { formatSharePercent, getBalanceKind } from "../src/features/statements/lib/preview-figures";
import { countPeriodMonths, findFittingRates } from "../src/features/statements/lib/rate-matching";
import { getHeizkvShareError } from "../src/features/statements/components/cost-item-card";
import { toCalculationBody, toFormField } from "../src/features/statements/lib/calculation-schema";

const UNIT = "11111111-1111-4111-8111-111111111111";

describe("statement wizard helpers", () => {
  it("defaults to the previous calendar year and refuses periods over a year", () => {
    expect(getDefaultPeriod("2026-11-24")).toEqual({ start: "2025-01-01", end: "2025-12-31" });
    expect(getPeriodError({ start: "2025-01-01", end: "2025-12-31" })).toBeNull();
    expect(getPeriodError({ start: "2025-01-01", end: "2026-01-01" })?.message).toBe(
      "Der Abrechnungszeitraum darf höchstens 12 Monate umfassen (§ 556 Abs. 3 BGB).",
    );
    expect(getPeriodError({ start: "2025-03-01", end: "2025-02-01" })?.field).toBe("end");
  });

  it("starts at the newest open period with readings, else the previous year (issue 27)", () => {
    const period = (start: string, readingCount: number, isFinal = false) => ({
      id: start,
      propertyId: "p",
      propertyName: "Haus",
      name: start,
      billingPeriodStart: start,
      billingPeriodEnd: `${start.slice(0, 4)}-12-31`,
      status: "In Bearbeitung",
      isFinal,
      readingCount,
      hasStatementRun: false,
      createdAt: "2026-01-01T00:00:00Z",
    });
    expect(
      pickStartPeriod([period("2024-01-01", 12), period("2025-01-01", 0)], "2026-11-24"),
    ).toEqual({ start: "2024-01-01", end: "2024-12-31" });
    expect(pickStartPeriod([period("2023-01-01", 12, true)], "2026-11-24")).toEqual({
      start: "2025-01-01",
      end: "2025-12-31",
    });
    expect(pickStartPeriod([], "2026-11-24")).toEqual({ start: "2025-01-01", end: "2025-12-31" });
  });

  it("refuses a HeizkV share outside 50-70 % for heating and hot water only (docs/rules/heating.md#heizkv)", () => {
    expect(getHeizkvShareError("Heizung", "mixed", "45")).toBe(
      "HeizkV-Verstoß: Verbrauchsanteil 45% liegt außerhalb 50-70%",
    );
    expect(getHeizkvShareError("Warmwasser", "mixed", "72.5")).toBe(
      "HeizkV-Verstoß: Verbrauchsanteil 72,5% liegt außerhalb 50-70%",
    );
    expect(getHeizkvShareError("Heizung", "mixed", "50")).toBeNull();
    expect(getHeizkvShareError("Betriebsstrom", "mixed", "45")).toBeNull();
    expect(getHeizkvShareError("Heizung", "area", "45")).toBeNull();
    expect(complementPercent("30")).toBe("70");
    expect(complementPercent("30.5")).toBe("69.5");
    expect(complementPercent("0")).toBe("100");
    expect(complementPercent("")).toBe("");
    expect(complementPercent("?abc")).toBe("?abc");
  });

  it("turns the form into the costs body the contract accepts", () => {
    const values: CostsFormValues = {
      costItems: [
        {
          ...buildEmptyCostItem("Heizung"),
          amount: "1234.56",
          key: "mixed",
          consumptionShare: "70",
        },
        {
          ...buildEmptyCostItem("Hausmeister"),
          amount: "900",
          key: "area",
          laborCosts: "600",
          taxCategory: "householdServices",
          excludedUnits: [UNIT],
        },
        {
          ...buildEmptyCostItem("Kaltwasser"),
          key: "consumption",
          mode: "rate",
          rateId: "",
          consumptionAmount: "12.5",
        },
      ],
      co2: EMPTY_CO2,
      consumptionOverrides: [
        { unitId: UNIT, meter: "coldwater", value: " 12 ", reason: " Zähler defekt " },
      ],
      climateFactor: "1.12",
      heatingSheet: EMPTY_HEATING_SHEET,
      annualInformation: EMPTY_ANNUAL_INFORMATION,
    };
    const body = toCostsBody(values);
    expect(body.co2).toBeNull();
    expect(body.costItems[0]).toMatchObject({
      amount: "1234.56",
      key: "mixed",
      consumptionShare: "70",
      meter: "heating",
      laborCosts: null,
      taxCategory: null,
    });
    expect(body.costItems[1]).toMatchObject({
      consumptionShare: null,
      meter: null,
      laborCosts: "600",
      taxCategory: "householdServices",
      excludedUnits: [UNIT],
    });
    expect(body.costItems[2]).toMatchObject({
      mode: "rate",
      rateId: null,
      consumptionAmount: "12.5",
      meter: "coldwater",
    });
    expect(body.consumptionOverrides[0]).toEqual({
      unitId: UNIT,
      meter: "coldwater",
      value: "12",
      reason: "Zähler defekt",
    });
    const parsed = billingPeriodCostsBodySchema.parse(body);
    expect(parsed.costItems[0]!.amount).toBe("1234.56");
    expect(parsed.costItems[0]!.consumptionShare).toBe("70");
    expect(parsed.climateFactor).toBe("1.12");
    // Issue 24, item 12: nothing of § 6a entered, nothing sent.
    expect(body.annualInformation).toBeNull();
  });

  it("sends the § 6a (3) HeizkV inputs as the contract reads them (issue 24, item 12)", () => {
    const values: CostsFormValues = {
      costItems: [],
      co2: EMPTY_CO2,
      consumptionOverrides: [],
      climateFactor: "",
      heatingSheet: EMPTY_HEATING_SHEET,
      annualInformation: {
        energyMix: [
          { carrier: " Erdgas (KWK) ", percent: "62.5" },
          { carrier: "Biomasse", percent: "37.5" },
        ],
        primaryEnergyFactor: "0.6",
        taxesAndLevies: [{ label: "Energiesteuer", amount: "412.30" }],
        meteringDeviceFee: "",
        readingAndBillingFee: "310.5",
      },
    };
    const body = toCostsBody(values);
    expect(body.annualInformation).toEqual({
      energyMix: [
        { carrier: "Erdgas (KWK)", percent: "62.5" },
        { carrier: "Biomasse", percent: "37.5" },
      ],
      taxesAndLevies: [{ label: "Energiesteuer", amount: "412.30" }],
      primaryEnergyFactor: "0.6",
      meteringDeviceFee: null,
      readingAndBillingFee: "310.5",
    });
    expect(billingPeriodCostsBodySchema.parse(body).annualInformation).toMatchObject({
      readingAndBillingFee: "310.5",
      primaryEnergyFactor: "0.6",
    });
    const notHundred = billingPeriodCostsBodySchema.safeParse({
      ...body,
      annualInformation: {
        ...body.annualInformation,
        energyMix: [{ carrier: "Gas", percent: "60" }],
      },
    });
    expect(notHundred.success).toBe(false);
    expect(!notHundred.success && notHundred.error.issues[0]?.message).toBe(
      "Die Anteile des Energiemixes müssen zusammen 100 % ergeben.",
    );
  });

  it("sends the CO2 inputs only when one is given, prices and factors as canonical text the contract reads as numbers", () => {
    const values: CostsFormValues = {
      costItems: [],
      co2: {
        ...EMPTY_CO2,
        fuel: "gas",
        consumptionKwh: "39000",
        heatingValue: "upper",
        pricePerTonne: "55",
        emissionFactor: "0.201",
      },
      consumptionOverrides: [],
      climateFactor: "",
      heatingSheet: EMPTY_HEATING_SHEET,
      annualInformation: EMPTY_ANNUAL_INFORMATION,
    };
    const body = toCostsBody(values);
    expect(body.co2).toEqual({
      fuel: "gas",
      consumptionKwh: "39000",
      heatingValue: "upper",
      emissionsKg: null,
      cost: null,
      pricePerTonne: "55",
      vatPercent: null,
      emissionFactor: "0.201",
    });
    expect(billingPeriodCostsBodySchema.parse(body).co2).toMatchObject({
      pricePerTonne: "55",
      emissionFactor: "0.201",
    });
  });

  it("sends the 3 % cut of § 12 (1) HeizkV only for heating and hot water outside the direct key (issue 30)", () => {
    const values: CostsFormValues = {
      costItems: [
        { ...buildEmptyCostItem("Heizung"), key: "mixed", heizkvRemoteReadingCut: true },
        { ...buildEmptyCostItem("Grundsteuer"), key: "area", heizkvRemoteReadingCut: true },
        { ...buildEmptyCostItem("Warmwasser"), key: "direct", heizkvRemoteReadingCut: true },
      ],
      co2: EMPTY_CO2,
      consumptionOverrides: [],
      climateFactor: "",
      heatingSheet: EMPTY_HEATING_SHEET,
      annualInformation: EMPTY_ANNUAL_INFORMATION,
    };
    expect(toCostsBody(values).costItems.map((item) => item.heizkvRemoteReadingCut)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("leaves items without a cost type out of the calculation, messages still on their cards", () => {
    const values: CostsFormValues = {
      costItems: [
        buildEmptyCostItem(),
        { ...buildEmptyCostItem("Grundsteuer"), key: "area" },
        buildEmptyCostItem(),
        { ...buildEmptyCostItem("Versicherung"), key: "area" },
      ],
      co2: EMPTY_CO2,
      consumptionOverrides: [],
      climateFactor: "",
      heatingSheet: EMPTY_HEATING_SHEET,
      annualInformation: EMPTY_ANNUAL_INFORMATION,
    };
    expect(toCalculationBody(values).costItems.map((item) => item.costType)).toEqual([
      "Grundsteuer",
      "Versicherung",
    ]);
    expect(toFormField("costItems.1.amount", values)).toBe("costItems.3.amount");
    expect(toFormField("costItems.0", values)).toBe("costItems.1");
    expect(toFormField("co2.fuel", values)).toBe("co2.fuel");
  });

  it("formats the engine's shares and tells the balance's kind (decision 1043)", () => {
    expect(formatSharePercent("13.22")).toBe("13,22 %");
    expect(formatSharePercent("100.00")).toBe("100,00 %");
    expect(formatSharePercent(null)).toBe("–");
    expect(getBalanceKind("12.30")).toBe("backPayment");
    expect(getBalanceKind("-0.01")).toBe("credit");
    expect(getBalanceKind("0.00")).toBe("even");
  });

  it("finds the tariffs that fit a cost type, the property and the period", () => {
    const rate = (overrides: Partial<Rate>): Rate =>
      ({
        id: "r",
        utilityType: "coldwater",
        rateName: "Wasser",
        isActive: true,
        isGlobal: false,
        propertyId: "p1",
        validFrom: "2024-01-01",
        validUntil: null,
        priority: 100,
        tiers: [],
        ...overrides,
      }) as Rate;
    const rates = [
      rate({ id: "a", priority: 50 }),
      rate({ id: "b" }),
      rate({ id: "other-property", propertyId: "p2" }),
      rate({ id: "global", isGlobal: true, propertyId: null, priority: 10 }),
      rate({ id: "ended", validUntil: "2024-12-31" }),
      rate({ id: "electricity", utilityType: "electricity" }),
      rate({ id: "inactive", isActive: false }),
    ];
    expect(
      findFittingRates(rates, "Kaltwasser", "p1", { start: "2025-01-01", end: "2025-12-31" }).map(
        (r) => r.id,
      ),
    ).toEqual(["global", "a", "b"]);
    expect(
      findFittingRates(rates, "Grundsteuer", "p1", { start: "2025-01-01", end: "2025-12-31" }),
    ).toEqual([]);
    expect(countPeriodMonths("2025-01-01", "2025-12-31")).toBe(12);
    expect(countPeriodMonths("2025-07-01", "2025-09-30")).toBe(3);
  });

  it("reads saved kWh and the Klimafaktor back into the form without changing them", () => {
    const values = fromSavedCosts({
      billingPeriodId: UNIT,
      costItems: [],
      co2: {
        fuel: "gas",
        consumptionKwh: "48000.000",
        heatingValue: null,
        emissionsKg: null,
        cost: null,
        pricePerTonne: null,
        vatPercent: null,
        emissionFactor: null,
      },
      consumptionOverrides: [],
      climateFactor: "1.100",
      heatingCosts: null,
      annualInformation: null,
      updatedAt: null,
    });
    expect(values.co2.consumptionKwh).toBe("48000.000");
    expect(values.climateFactor).toBe("1.100");
    const body = billingPeriodCostsBodySchema.parse(toCostsBody(values));
    expect(compareDecimalText(body.co2!.consumptionKwh!, "48000")).toBe(0);
    expect(body.climateFactor).toBe("1.100");
  });
});

describe("heating cost sheet in the form (issue 24, item 6)", () => {
  const SHEET: HeatingSheetValues = {
    ...EMPTY_HEATING_SHEET,
    isEnabled: true,
    fuel: "oil",
    quantityUnit: "l",
    openingQuantity: "3000",
    openingAmount: "2850",
    deliveries: [{ date: "2024-10-15", quantity: "5000", amount: "5150" }],
    closingQuantity: "2500",
    maintenance: " ",
    isCombined: false,
    totalEnergyKwh: "85000",
  };

  it("sends nothing while the sheet is off or has no fuel, and only the § 9 inputs of a combined system", () => {
    expect(toHeatingCostsBody({ ...SHEET, isEnabled: false })).toBeNull();
    expect(toHeatingCostsBody({ ...SHEET, fuel: "" })).toBeNull();
    const body = toHeatingCostsBody(SHEET);
    expect(body).toMatchObject({
      fuel: "oil",
      openingQuantity: "3000",
      maintenance: null,
      totalEnergyKwh: null,
      deliveries: [{ date: "2024-10-15", quantity: "5000", amount: "5150" }],
    });
    expect(billingPeriodCostsBodySchema.parse({ heatingCosts: body }).heatingCosts).toMatchObject({
      openingAmount: "2850",
      isCombined: false,
    });
  });

  it("puts the server's field names on the form's sheet", () => {
    const values = {
      costItems: [],
      co2: EMPTY_CO2,
      consumptionOverrides: [],
      climateFactor: "",
      heatingSheet: SHEET,
      annualInformation: EMPTY_ANNUAL_INFORMATION,
    };
    expect(toFormField("heatingCosts.deliveries.0.amount", values)).toBe(
      "heatingSheet.deliveries.0.amount",
    );
  });
});
