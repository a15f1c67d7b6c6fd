import { describe, expect, it } from "vitest";
import {
  analyzeStatementHeating,
  buildPreviewFigures,
  calculateSharePercent,
  calculateStatement,
  type StatementInput,
} from "../../src/index.ts";

// Issue 25 (decision 1043): the figures the preview and the saved run show beside the result are
// the engine's: unit totals and shares, the building's sums, the heating analysis. Worked by hand.

const input: StatementInput = {
  period: { start: "2024-01-01", end: "2024-12-31" },
  units: [
    { id: "u1", area: 60.1, persons: 2 },
    { id: "u2", area: 80.2, persons: 1 },
    { id: "u3", area: 10.3, persons: 0 },
  ],
  tenancies: [
    { id: "t1", unitId: "u1", start: "2024-01-01" },
    { id: "t2a", unitId: "u2", start: "2024-01-01", end: "2024-06-30" },
    { id: "t2b", unitId: "u2", start: "2024-07-01" },
  ],
  consumption: [
    { unitId: "u1", meter: "heating", value: 900 },
    { unitId: "u2", meter: "heating", value: 1600.5 },
    { unitId: "u2", tenancyId: "t2a", meter: "heating", value: 800 },
  ],
  costItems: [
    { costType: "Grundsteuer", amount: "1000.00", key: "area" },
    { costType: "Heizung", amount: "2000.01", key: "mixed", consumptionShare: 70 },
  ],
  co2: { fuel: "gas", area: 140.3 },
};

describe("buildPreviewFigures", () => {
  const outcome = calculateStatement(input);
  if (!outcome.ok) throw new Error("calculation failed");
  const figures = buildPreviewFigures(input, outcome.result);

  it("adds the areas exactly (60.1 + 80.2 + 10.3 = 150.6, not 150.60000000000002) and the persons", () => {
    expect(figures.totalArea).toBe("150.6");
    expect(figures.residents).toBe(3);
  });

  it("gives each unit the sum of its tenancies and vacancy lines, all units adding up to the costs", () => {
    const result = outcome.result;
    for (const unit of figures.units) {
      const lines = [...result.tenancies, ...result.vacancy].filter(
        (line) => line.unitId === unit.unitId,
      );
      const cents = lines.reduce((sum, line) => sum + Math.round(Number(line.total) * 100), 0);
      expect(unit.total).toBe((cents / 100).toFixed(2));
    }
    const allCents = figures.units.reduce(
      (sum, unit) => sum + Math.round(Number(unit.total) * 100),
      0,
    );
    expect(allCents).toBe(300001);
    expect(figures.units.map((unit) => unit.area)).toEqual(["60.1", "80.2", "10.3"]);
  });

  it("gives each item its share of the total costs, rounded half up to hundredths of a percent", () => {
    // 1000.00 / 3000.01 = 33.33322... %; 2000.01 / 3000.01 = 66.66677... %.
    expect(figures.items.map((item) => [item.costType, item.amount, item.sharePercent])).toEqual([
      ["Grundsteuer", "1000.00", "33.33"],
      ["Heizung", "2000.01", "66.67"],
    ]);
  });
});

describe("calculateSharePercent", () => {
  it("rounds half up and has no share of nothing", () => {
    expect(calculateSharePercent(152000, 1150000)).toBe("13.22");
    // 1 / 8 = 12.5 % exactly; 1 / 16000 = 0.00625 % -> 0.01 (half up).
    expect(calculateSharePercent(1, 8)).toBe("12.50");
    expect(calculateSharePercent(1, 16000)).toBe("0.01");
    expect(calculateSharePercent(1, 40000)).toBe("0.00");
    expect(calculateSharePercent(100, 0)).toBeNull();
    expect(calculateSharePercent(0, 100)).toBe("0.00");
  });
});

describe("analyzeStatementHeating", () => {
  it("takes the heated area of the CO2 data, the building's area for the size band, the units' own values", () => {
    // 21,000 kWh / 140.3 m² = 149.679... -> 149.7 kWh/m²a (gas, up to 250 m²: 'mittel' up to 162).
    const analysis = analyzeStatementHeating(input, {
      invoiceKwh: "21000",
      climateFactor: null,
      unitConsumption: null,
    });
    expect(analysis.heatedArea).toBe("140.3");
    expect(analysis.buildingArea).toBe("150.6");
    expect(analysis.kwhPerM2).toBe("149.7");
    expect(analysis.sizeBand).toBe("bis250");
    expect(analysis.rating).toBe("mittel");
    // Price per kWh: the Heizung item 2,000.01 € / 21,000 kWh = 0.0952...
    expect(analysis.pricePerKwh).toBe("0.0952");
    // u1 900 / 60.1 = 14.98; u2 1,600.5 / 80.2 = 19.96 (the tenancy's 800 is part of it); average 2,500.5 / 140.3 = 17.82.
    expect(
      analysis.units.map((unit) => [
        unit.unitId,
        unit.consumption,
        unit.perM2,
        unit.percentOfAverage,
      ]),
    ).toEqual([
      ["u1", "900", "14.98", "84"],
      ["u2", "1600.5", "19.96", "112"],
      ["u3", null, null, null],
    ]);
    expect(analysis.averagePerM2).toBe("17.82");
    expect(analysis.invoiceKwh).toBe("21000");
  });

  it("reads the engine's unit consumption in place of the input values, and decimal text exactly", () => {
    const analysis = analyzeStatementHeating(
      {
        ...input,
        units: [{ id: "u1", area: "60.10", persons: 2 }],
        tenancies: [],
        consumption: [],
        co2: null,
      },
      {
        invoiceKwh: "9000.5",
        climateFactor: "1.1",
        unitConsumption: [{ unitId: "u1", meter: "heating", value: "901.25" }],
      },
    );
    expect(analysis.heatedArea).toBe("60.1");
    // 9,000.5 / 60.1 = 149.758... -> 149.8; x 1.1 = 164.73... -> 164.7.
    expect([analysis.kwhPerM2, analysis.adjustedKwhPerM2, analysis.isWeatherCorrected]).toEqual([
      "149.8",
      "164.7",
      true,
    ]);
    expect(analysis.units[0]).toMatchObject({ consumption: "901.25", perM2: "15.00" });
  });
});
