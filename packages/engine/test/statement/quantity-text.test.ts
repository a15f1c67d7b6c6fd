import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  calculateStatement,
  calculateHeatingCostSheet,
  type StatementInput,
} from "../../src/index.ts";
import { parseScaledQuantityText } from "../../src/statement/fixed-point.ts";
import { validStatementInput } from "../support/arbitraries.ts";

// Decision 1043 (issue 25): quantities may enter the engine as decimal text, the one form they
// are stored in, instead of a JSON number rebuilt into a decimal. Text is read exactly, and a
// statement gives the same result whichever of the two forms its quantities take.

/** A JSON number as the decimal text the contract allows (at most 9 decimals), else the number itself. */
function toText<T>(value: T): T | string {
  if (typeof value !== "number") return value;
  const text = String(value);
  return /^\d{1,12}(\.\d{1,9})?$/.test(text) ? text : value;
}

/**
 * The input with every area, consumption value, consumption share and CO2 figure written as
 * decimal text (decisions 1043 and 1640).
 */
function withQuantityText(input: StatementInput): StatementInput {
  const co2 = input.co2;
  return {
    ...input,
    units: input.units.map((unit) => ({ ...unit, area: String(unit.area) })),
    consumption: input.consumption?.map((entry) => ({ ...entry, value: String(entry.value) })),
    costItems: input.costItems.map((item) =>
      item.consumptionShare === undefined || item.consumptionShare === null
        ? item
        : { ...item, consumptionShare: String(item.consumptionShare) },
    ),
    ...(co2
      ? {
          co2: {
            ...co2,
            emissionsKg: toText(co2.emissionsKg),
            consumptionKwh: toText(co2.consumptionKwh),
            emissionFactor: toText(co2.emissionFactor),
            pricePerTonne: toText(co2.pricePerTonne),
            vatPercent: toText(co2.vatPercent),
            area: toText(co2.area),
          },
        }
      : {}),
  };
}

describe("quantities as decimal text (decision 1043)", () => {
  it("give the same result as the same quantities as JSON numbers", () => {
    fc.assert(
      fc.property(validStatementInput, (input) => {
        const asNumbers = calculateStatement(input, { includeLetterFigures: true });
        const asText = calculateStatement(withQuantityText(input), { includeLetterFigures: true });
        expect(asText).toEqual(asNumbers);
      }),
      { numRuns: 300, seed: 1043 },
    );
  });

  it("are read exactly, beyond what a JSON number holds", () => {
    const base: StatementInput = {
      period: { start: "2024-01-01", end: "2024-12-31" },
      units: [
        { id: "a", area: "0.000000001" },
        { id: "b", area: "999999999.999999999" },
      ],
      tenancies: [
        { id: "ta", unitId: "a", start: "2024-01-01" },
        { id: "tb", unitId: "b", start: "2024-01-01" },
      ],
      costItems: [{ costType: "Grundsteuer", amount: "1000000.00", key: "area" }],
    };
    const outcome = calculateStatement(base);
    if (!outcome.ok) throw new Error(outcome.issues.map((issue) => issue.message).join("; "));
    // 10^-9 of 10^9 m² is 10^-18 of the cost: 0.00 €; the rest to b.
    expect(outcome.result.tenancies.map((t) => t.total)).toEqual(["0.00", "1000000.00"]);
  });

  it("give the heating cost sheet the same figures as numbers", () => {
    const sheet = {
      fuel: "oil" as const,
      quantityUnit: "l" as const,
      openingStock: { quantity: 1200.5, amount: "1100.00" },
      purchases: [{ date: "2024-03-01", quantity: 3000.25, amount: "2950.00" }],
      closingStock: { quantity: 800.125 },
      combined: { totalEnergyKwh: 34000, hotWaterVolumeM3: 47.2, hotWaterTemperatureCelsius: 60 },
    };
    const asText = {
      ...sheet,
      openingStock: { quantity: "1200.5", amount: "1100.00" },
      purchases: [{ date: "2024-03-01", quantity: "3000.25", amount: "2950.00" }],
      closingStock: { quantity: "800.125" },
      combined: {
        totalEnergyKwh: "34000",
        hotWaterVolumeM3: "47.2",
        hotWaterTemperatureCelsius: "60",
      },
    };
    const outcome = calculateHeatingCostSheet(sheet);
    expect(outcome.ok).toBe(true);
    expect(calculateHeatingCostSheet(asText)).toEqual(outcome);
  });

  it("read a share and the CO2 figures exactly where a double would round (decision 1640)", () => {
    const input: StatementInput = {
      period: { start: "2024-01-01", end: "2024-12-31" },
      units: [
        { id: "a", area: "60.1" },
        { id: "b", area: "80.2" },
      ],
      tenancies: [
        { id: "ta", unitId: "a", start: "2024-01-01" },
        { id: "tb", unitId: "b", start: "2024-01-01" },
      ],
      consumption: [
        { unitId: "a", meter: "electricity", value: "0.1" },
        { unitId: "b", meter: "electricity", value: "0.2" },
      ],
      costItems: [
        { costType: "Heizung", amount: "3000.00", key: "area" },
        {
          costType: "Betriebsstrom",
          amount: "100.00",
          key: "mixed",
          consumptionShare: "72.55",
          meter: "electricity",
        },
      ],
      co2: {
        fuel: "gas",
        consumptionKwh: "30000.000000001",
        emissionFactor: "0.200001",
        pricePerTonne: "45.5",
        vatPercent: "19",
        area: "140.3",
      },
    };
    const outcome = calculateStatement(input);
    if (!outcome.ok) throw new Error(outcome.issues.map((issue) => issue.message).join("; "));
    // 100 − 72.55 as doubles is 27.450000000000003; the parts name 27.45 and 72.55.
    expect(outcome.result.basis?.items[1]?.parts.map((part) => part.percent)).toEqual([
      27.45, 72.55,
    ]);
    expect(outcome.result.items[1]?.consumptionShare).toBe(72.55);
    // 30000.000000001 kWh × 0.200001 = 6000.0300000000002 kg: 6000.03 kg, the kWh as given.
    expect(outcome.result.co2?.emissionsKg).toBe("6000.03");
    expect(outcome.result.co2?.calculation?.energyKwh).toBe("30000.000000001");
    expect(outcome.result.co2?.calculation?.emissionFactor).toBe("0.200001");
    expect(outcome.result.co2?.area).toBe(140.3);
    // 6000.03 kg / 140.3 m² = 42.766… → 42.8 kg/m² (§ 5 (1) CO2KostAufG: one decimal).
    expect(outcome.result.co2?.kgPerM2).toBe("42.8");
    // 6.00003 t × 45.50 € = 273.00 € net (half up), VAT 19 % = 51.87 €.
    expect(outcome.result.co2?.calculation?.netCost).toBe("273.00");
    expect(outcome.result.co2?.calculation?.vat).toBe("51.87");
    expect(outcome.result.co2?.cost).toBe("324.87");
  });

  it("refuse text that is no quantity with the field's German message", () => {
    const outcome = calculateStatement({
      period: { start: "2024-01-01", end: "2024-12-31" },
      units: [{ id: "a", area: "60" }],
      tenancies: [{ id: "ta", unitId: "a", start: "2024-01-01" }],
      costItems: [
        {
          costType: "Betriebsstrom",
          amount: "100.00",
          key: "mixed",
          consumptionShare: "72,5",
          meter: "electricity",
        },
      ],
      co2: { fuel: "gas", consumptionKwh: "1.000,5" },
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(["costItems[0].consumptionShare", "co2.consumptionKwh"]),
    );
  });

  it("are read to the same units of 10^-9 by the digit-by-digit path as by BigInts (decision 1640)", () => {
    const reference = (text: string): bigint => {
      const [whole = "0", fraction = ""] = text.split(".");
      return BigInt(whole) * 1_000_000_000n + BigInt(fraction.padEnd(9, "0"));
    };
    const quantityText = fc
      .tuple(
        fc.bigInt({ min: 0n, max: 999_999_999_999n }),
        fc.option(fc.stringMatching(/^\d{1,9}$/), { nil: null }),
      )
      .map(([whole, fraction]) => (fraction === null ? String(whole) : `${whole}.${fraction}`));
    fc.assert(
      fc.property(quantityText, (text) => {
        expect(parseScaledQuantityText(text)).toBe(reference(text));
      }),
      { numRuns: 2000, seed: 1640 },
    );
    for (const text of [
      "0",
      "0.1",
      "0.2",
      "999999.999999999",
      "1000000.000000001",
      "000012.50",
      "123456789012.123456789",
    ]) {
      expect(parseScaledQuantityText(text)).toBe(reference(text));
    }
  });
});
