import { describe, expect, it } from "vitest";
import { calculateRateCost, MESSAGES } from "../../src/index.ts";

describe("calculateRateCost (part 2, section 9)", () => {
  it("standard: consumption x unit price + base price x months", () => {
    const outcome = calculateRateCost({
      consumption: 3500,
      rate: { unitPrice: "0.35", basePrice: "12.50" },
    });
    expect(outcome.ok && outcome.result).toMatchObject({
      totalCosts: "1375.00",
      consumptionCosts: "1225.00",
      baseCosts: "150.00",
      calculationMethod: "standard",
      effectiveUnitPrice: "0.350000",
      warnings: [],
    });
  });

  it("takes the months of the base price and a price with six decimals", () => {
    const outcome = calculateRateCost({
      consumption: 12345.6,
      rate: { unitPrice: "0.123456", basePrice: 8.5 },
      months: 7,
    });
    // 12345.6 x 0.123456 = 1524.1424... -> 1524.14; 8.5 x 7 = 59.50
    expect(outcome.ok && outcome.result).toMatchObject({
      consumptionCosts: "1524.14",
      baseCosts: "59.50",
      totalCosts: "1583.64",
    });
  });

  it("time_based: 60 % at the high tariff, 40 % at the low tariff", () => {
    const outcome = calculateRateCost({
      consumption: 1000,
      rate: {
        unitPrice: "0.30",
        basePrice: "10.00",
        tariffType: "time_based",
        tiers: [
          { tierName: "NT", tierType: "time_based", unitPrice: "0.25" },
          { tierName: "HT", tierType: "time_based", unitPrice: "0.40" },
        ],
      },
    });
    // 600 x 0.40 = 240.00; 400 x 0.25 = 100.00
    expect(outcome.ok && outcome.result).toMatchObject({
      consumptionCosts: "340.00",
      baseCosts: "120.00",
      totalCosts: "460.00",
      calculationMethod: "time_based",
    });
    expect(outcome.ok && outcome.result.lines.map((line) => line.label)).toEqual([
      "HT",
      "NT",
      "Grundpreis",
    ]);
  });

  it("tier_based: each band at its price; consumption above the last band at the unit price, with a warning", () => {
    const rate = {
      unitPrice: "0.50",
      tariffType: "tier_based",
      tiers: [
        {
          tierName: "Stufe 2",
          tierType: "usage_tier" as const,
          from: 1000,
          to: 2000,
          price: "0.30",
        },
        {
          tierName: "Stufe 1",
          tierType: "usage_tier" as const,
          from: 0,
          to: 1000,
          unitPrice: "0.40",
        },
      ],
    };
    const inside = calculateRateCost({ consumption: 1500, rate });
    expect(inside.ok && inside.result).toMatchObject({
      consumptionCosts: "550.00",
      calculationMethod: "tier_based",
      warnings: [],
    });
    const beyond = calculateRateCost({ consumption: 2500, rate });
    // 400 + 300 + 500 x 0.50 = 950
    expect(beyond.ok && beyond.result).toMatchObject({
      consumptionCosts: "950.00",
      warnings: [MESSAGES.rateConsumptionNotInTiers(500)],
    });
  });

  it("reads the consumption and the band limits as decimal text, exactly as numbers (decision 1043)", () => {
    const tiers = (from: (value: number) => number | string) => [
      {
        tierName: "Stufe 2",
        tierType: "usage_tier" as const,
        from: from(1000.5),
        to: from(2000.25),
        unitPrice: "0.30",
      },
      { tierType: "usage_tier" as const, from: from(0), to: from(1000.5), unitPrice: "0.40" },
    ];
    const asNumbers = calculateRateCost({
      consumption: 2500.125,
      rate: { unitPrice: "0.50", tariffType: "tier_based", tiers: tiers((value) => value) },
    });
    const asText = calculateRateCost({
      consumption: "2500.125",
      rate: { unitPrice: "0.50", tariffType: "tier_based", tiers: tiers((value) => String(value)) },
    });
    expect(asText).toEqual(asNumbers);
    // 1000.5 x 0.40 + 999.75 x 0.30 + 499.875 x 0.50 = 400.20 + 299.93 + 249.94 (each line half up)
    expect(asText.ok && asText.result.consumptionCosts).toBe("950.07");
    expect(asText.ok && asText.result.lines.map((line) => line.label)).toContain("0-1000.5");
    expect(calculateRateCost({ consumption: "-1", rate: { unitPrice: "0.50" } }).ok).toBe(false);
    expect(calculateRateCost({ consumption: "viel", rate: { unitPrice: "0.50" } }).ok).toBe(false);
  });

  it("counts overlapping bands only once", () => {
    const outcome = calculateRateCost({
      consumption: 1500,
      rate: {
        unitPrice: "1.00",
        tariffType: "tier_based",
        tiers: [
          { from: 0, to: 1000, unitPrice: "0.10" },
          { from: 500, to: null, unitPrice: "0.20" },
        ],
      },
    });
    // 1000 x 0.10 + 500 x 0.20
    expect(outcome.ok && outcome.result.consumptionCosts).toBe("200.00");
  });

  it("falls back to standard with a warning for an unsupported type or missing tiers", () => {
    const unsupported = calculateRateCost({
      consumption: 100,
      rate: { unitPrice: "1.00", tariffType: "seasonal" },
    });
    expect(unsupported.ok && unsupported.result).toMatchObject({
      consumptionCosts: "100.00",
      calculationMethod: "standard",
      warnings: [MESSAGES.rateTypeUnsupported("seasonal")],
    });
    const noTiers = calculateRateCost({
      consumption: 100,
      rate: { unitPrice: "1.00", tariffType: "tier_based", tiers: [] },
    });
    expect(noTiers.ok && noTiers.result).toMatchObject({
      calculationMethod: "standard",
      warnings: [MESSAGES.rateTiersMissing()],
    });
    const oneTimeTier = calculateRateCost({
      consumption: 100,
      rate: {
        unitPrice: "1.00",
        tariffType: "time_based",
        tiers: [{ tierName: "HT", unitPrice: "2" }],
      },
    });
    expect(oneTimeTier.ok && oneTimeTier.result).toMatchObject({
      calculationMethod: "standard",
      consumptionCosts: "100.00",
      warnings: [MESSAGES.rateTiersMissing()],
    });
  });

  it("returns an error for impossible input", () => {
    const failed = { ok: false, errors: ["Fehler bei der tarifbasierten Berechnung."] };
    expect(calculateRateCost({ consumption: -1, rate: { unitPrice: "1.00" } })).toEqual(failed);
    expect(calculateRateCost({ consumption: Number.NaN, rate: { unitPrice: "1.00" } })).toEqual(
      failed,
    );
    expect(calculateRateCost({ consumption: 1, rate: { unitPrice: "abc" } })).toEqual(failed);
    expect(calculateRateCost({ consumption: 1, rate: { unitPrice: "-0.10" } })).toEqual(failed);
  });
});
