import { describe, expect, it } from "vitest";
import {
  billingPeriodCostsBodySchema,
  getEnergySourceWarning,
  estimateTemplateAmounts,
  fitTemplateToMeters,
  getRecommendedTemplateId,
  QUICK_SETUP_TEMPLATES,
  statementPreviewBodySchema,
  statementSaveBodySchema,
  STATEMENT_MESSAGES,
} from "../src/index.ts";

const PERIOD = "7d9a5c1e-0b7e-4c5e-9f3a-1d2e3f4a5b6c";

describe("cost item schemas", () => {
  it("keeps the contract's field names and amounts as exact text", () => {
    const body = statementPreviewBodySchema.parse({
      billingPeriodId: PERIOD,
      costItems: [
        {
          costType: "Hausmeister",
          amount: "1200.50",
          key: "area",
          laborCosts: 900,
          taxCategory: "householdServices",
        },
      ],
      co2: { fuel: "gas", consumptionKwh: "39000", heatingValue: "upper" },
    });
    expect(body.costItems?.[0]).toMatchObject({
      costType: "Hausmeister",
      amount: "1200.50",
      key: "area",
      laborCosts: "900",
      mode: "manual",
      excludedUnits: [],
    });
    expect(body.co2).toMatchObject({
      fuel: "gas",
      consumptionKwh: "39000",
      heatingValue: "upper",
      emissionsKg: null,
    });
  });

  it("refuses a manual item without amount, a rate item without tariff or consumption, labour above the amount", () => {
    const result = statementPreviewBodySchema.safeParse({
      billingPeriodId: PERIOD,
      costItems: [
        { costType: "Heizung", key: "mixed", consumptionShare: 70 },
        { costType: "Kaltwasser", key: "consumption", mode: "rate", consumptionAmount: "0" },
        { costType: "Hausmeister", key: "area", amount: "100", laborCosts: "100.01" },
        { costType: "", key: "area", amount: "1" },
      ],
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        `costItems.0.amount: ${STATEMENT_MESSAGES.amountRequired}`,
        `costItems.1.rateId: ${STATEMENT_MESSAGES.rateRequired}`,
        `costItems.1.consumptionAmount: ${STATEMENT_MESSAGES.rateConsumptionRequired}`,
        `costItems.2.laborCosts: ${STATEMENT_MESSAGES.laborCostsAboveAmount}`,
        `costItems.3.costType: ${STATEMENT_MESSAGES.costTypeRequired}`,
      ]),
    );
  });

  it("allows rate-based mode only for cost types read from meters", () => {
    const rateItem = {
      key: "area",
      mode: "rate",
      rateId: "0b8f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      consumptionAmount: "10",
    } as const;
    const refused = statementPreviewBodySchema.safeParse({
      billingPeriodId: PERIOD,
      costItems: [{ ...rateItem, costType: "Grundsteuer" }],
    });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      STATEMENT_MESSAGES.rateModeNotAllowed,
    ]);
    expect(
      statementPreviewBodySchema.safeParse({
        billingPeriodId: PERIOD,
        costItems: [{ ...rateItem, costType: "Kaltwasser", key: "consumption" }],
      }).success,
    ).toBe(true);
  });

  it("saves incomplete drafts as the user types", () => {
    const body = billingPeriodCostsBodySchema.parse({ costItems: [{ costType: "", key: null }] });
    expect(body).toMatchObject({
      costItems: [{ costType: "", key: null, amount: null }],
      co2: null,
      consumptionOverrides: [],
    });
  });

  it("needs a reason for a manual consumption and one value per unit and meter kind", () => {
    const unitId = "0b8f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
    const result = billingPeriodCostsBodySchema.safeParse({
      consumptionOverrides: [
        { unitId, meter: "heating", value: "12.5", reason: " " },
        { unitId, meter: "heating", value: "3", reason: "geschätzt" },
      ],
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      STATEMENT_MESSAGES.overrideReasonRequired,
      STATEMENT_MESSAGES.overrideDuplicate,
    ]);
  });

  it("needs finalize on save", () => {
    expect(
      statementSaveBodySchema.safeParse({ billingPeriodId: PERIOD }).error?.issues[0]?.message,
    ).toBe(STATEMENT_MESSAGES.finalizeRequired);
  });
});

describe("quick-setup templates", () => {
  it("recommends by property type (part 2, section 9)", () => {
    expect(getRecommendedTemplateId("Wohnungseigentümergemeinschaft (WEG)")).toBe("weg");
    expect(getRecommendedTemplateId("Gewerbeobjekt")).toBe("commercial");
    expect(getRecommendedTemplateId("Gemischt genutztes Objekt")).toBe("commercial");
    expect(getRecommendedTemplateId("Mehrfamilienhaus")).toBe("standard");
  });

  it("uses 30/70 for heating and hot water and marks them mandatory", () => {
    const heating = QUICK_SETUP_TEMPLATES.standard.items.find(
      (entry) => entry.costType === "Heizung",
    );
    expect(heating).toMatchObject({ key: "mixed", consumptionShare: 70, isMandatory: true });
    expect(QUICK_SETUP_TEMPLATES.weg.items.find((entry) => entry.costType === "Aufzug")?.key).toBe(
      "units",
    );
  });

  it("estimates per m²: residential 1.5 heating 60/40 and 2.8 other", () => {
    const amounts = estimateTemplateAmounts(QUICK_SETUP_TEMPLATES.standard, "500", [
      "Heizung",
      "Warmwasser",
      "Kaltwasser",
      "Abwasser",
      "Müllabfuhr",
    ]);
    // 500 m² x 1.5 = 750: 450 / 300. Other 500 x 2.8 = 1400: water 35 % = 490 over two items; waste 25 % = 350.
    expect(amounts).toEqual({
      Heizung: "450.00",
      Warmwasser: "300.00",
      Kaltwasser: "245.00",
      Abwasser: "245.00",
      Müllabfuhr: "350.00",
    });
  });

  it("fits the template to the house's meters: water by area without water meters, hot water not ticked (issue 27)", () => {
    const fitted = fitTemplateToMeters(QUICK_SETUP_TEMPLATES.standard, new Set(["heating"]));
    const byType = new Map(fitted.map((entry) => [entry.costType, entry]));
    expect(byType.get("Heizung")).toMatchObject({
      key: "mixed",
      meter: "heating",
      isMandatory: true,
      isPreselected: true,
      fitNote: null,
    });
    expect(byType.get("Warmwasser")).toMatchObject({
      key: "mixed",
      isMandatory: false,
      isPreselected: false,
      fitNote: "Keine Zähler der Art Warmwasser erfasst: nicht vorausgewählt",
    });
    expect(byType.get("Kaltwasser")).toMatchObject({
      key: "area",
      meter: null,
      consumptionShare: null,
      isMandatory: false,
      isPreselected: true,
      fitNote: "Keine Zähler der Art Kaltwasser oder Warmwasser erfasst: nach Wohnfläche verteilt",
    });
    expect(byType.get("Abwasser")).toMatchObject({ key: "area", meter: null });
    expect(byType.get("Grundsteuer")).toMatchObject({
      key: "area",
      isMandatory: true,
      fitNote: null,
    });
    // Unknown meters (no period yet): the template as it is.
    expect(
      fitTemplateToMeters(QUICK_SETUP_TEMPLATES.standard, null).every(
        (entry) => entry.fitNote === null && entry.isPreselected,
      ),
    ).toBe(true);
  });
});

describe("energy sources", () => {
  it("warns about an unusual source and suggests the usual ones, never for the usual", () => {
    expect(getEnergySourceWarning("Kaltwasser", "gas")).toBe(
      "Ungewöhnlicher Energieträger für Kaltwasser: Erdgas. Üblich: Wasser.",
    );
    expect(getEnergySourceWarning("Heizung", "gas")).toBeNull();
    expect(getEnergySourceWarning("Grundsteuer", "gas")).toBeNull();
    expect(getEnergySourceWarning("Kaltwasser", null)).toBeNull();
  });
});
