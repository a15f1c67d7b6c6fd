import { describe, expect, it } from "vitest";
import type { StatementAnalysis } from "@nk/contract";
import { buildPreviewFigures, type StatementInput, type StatementResult } from "@nk/engine";
import {
  buildCostItemBars,
  buildScaleBands,
  buildUnitPerM2Bars,
  formatKwhPerM2,
} from "../src/features/statements/lib/analysis-figures";

// Issue 17: what the charts draw and write, from the analysis and the engine's result.

describe("analysis figures", () => {
  it("orders the cost items by amount, sized in euros, written in de-DE with the engine's share", () => {
    const result = {
      totalCosts: "6960.00",
      items: [
        { costType: "Grundsteuer", amount: "1200.00" },
        { costType: "Heizung", amount: "5760.00" },
      ],
      tenancies: [],
      vacancy: [],
    } as unknown as StatementResult;
    const input = { units: [] } as unknown as StatementInput;
    expect(buildCostItemBars(buildPreviewFigures(input, result))).toEqual([
      {
        key: "Heizung-1",
        label: "Heizung",
        size: 5760,
        valueText: "5.760,00 €",
        shareText: "82,76 %",
      },
      {
        key: "Grundsteuer-0",
        label: "Grundsteuer",
        size: 1200,
        valueText: "1.200,00 €",
        shareText: "17,24 %",
      },
    ]);
  });

  it("draws the Heizspiegel bands with their limits, the last wide enough for the figure", () => {
    const bands = buildScaleBands({ niedrig: 95, mittel: 162, erhoeht: 254 }, "220.0");
    expect(bands.map((band) => [band.label, band.from, band.to, band.rangeText])).toEqual([
      ["niedrig", 0, 95, "bis 95"],
      ["mittel", 95, 162, "bis 162"],
      ["erhöht", 162, 254, "bis 254"],
      ["zu hoch", 254, 360, "über 254"],
    ]);
    expect(buildScaleBands({ niedrig: 95, mittel: 162, erhoeht: 254 }, "500.0").at(-1)!.to).toBe(
      540,
    );
    expect(formatKwhPerM2("1200.5")).toBe("1.200,5 kWh/m²·a");
  });

  it("writes each unit's consumption per m² and its percentage of the average", () => {
    const analysis = {
      units: [
        {
          unitId: "a",
          unitName: "Wohnung 1",
          area: "60",
          consumption: "900",
          perM2: "15.00",
          percentOfAverage: "95",
        },
        {
          unitId: "b",
          unitName: "",
          area: "80",
          consumption: null,
          perM2: null,
          percentOfAverage: null,
        },
      ],
    } as unknown as StatementAnalysis;
    expect(buildUnitPerM2Bars(analysis)).toEqual([
      { key: "a", label: "Wohnung 1", size: 15, valueText: "15,00 je m²", shareText: "95 %" },
      { key: "b", label: "Wohneinheit", size: 0, valueText: "kein Wert", shareText: "–" },
    ]);
  });
});
