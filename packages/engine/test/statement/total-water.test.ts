import { describe, expect, it } from "vitest";
import { calculateStatement, getMeterKindsOfItemMeter, MESSAGES } from "../../src/index.ts";

// Issue 24, item 9: water and sewage by all the fresh water a unit draws, cold-water plus
// hot-water meters (the key "water"), not by the cold-water meters alone.
const INPUT = {
  period: { start: "2024-01-01", end: "2024-12-31" },
  units: [
    { id: "A", area: 70 },
    { id: "B", area: 90 },
  ],
  tenancies: [
    { id: "a", unitId: "A", start: "2020-01-01" },
    { id: "b1", unitId: "B", start: "2020-01-01", end: "2024-06-30" },
    { id: "b2", unitId: "B", start: "2024-07-01" },
  ],
  consumption: [
    { unitId: "A", meter: "coldwater", value: 40 },
    { unitId: "A", meter: "warmwater", value: 20 },
    { unitId: "B", meter: "coldwater", value: 28.5 },
    { unitId: "B", meter: "warmwater", value: 11.5 },
  ],
  costItems: [
    { costType: "Kaltwasser", amount: "1000.00", key: "consumption", meter: "water" },
    { costType: "Abwasser", amount: "1000.00", key: "consumption", meter: "coldwater" },
  ],
};

describe("total water key (issue 24, item 9)", () => {
  it("names its meter kinds", () => {
    expect(getMeterKindsOfItemMeter("water")).toEqual(["coldwater", "warmwater"]);
    expect(getMeterKindsOfItemMeter("heating")).toEqual(["heating"]);
  });

  it("distributes by cold plus hot water, each unit's split over its tenancies by days", () => {
    const outcome = calculateStatement(INPUT);
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    const { result } = outcome;
    const share = (tenancyId: string, costType: string) =>
      result.tenancies
        .find((t) => t.tenancyId === tenancyId)
        ?.allocations.find((a) => a.costType === costType)?.amount;
    // A: 60 of 100 m³ = 600.00; B: 40 m³ over 182 / 184 days (2024 is a leap year).
    expect(share("a", "Kaltwasser")).toBe("600.00");
    expect(share("b1", "Kaltwasser")).toBe("198.91");
    expect(share("b2", "Kaltwasser")).toBe("201.09");
    // The cold-water key leaves the heated water out: A 40 of 68.5 m³.
    expect(share("a", "Abwasser")).toBe("583.94");
    expect(result.items[0]).toMatchObject({ meter: "water" });
  });

  it("refuses an unknown series with the field named", () => {
    const outcome = calculateStatement({
      ...INPUT,
      costItems: [{ costType: "Kaltwasser", amount: "10.00", key: "consumption", meter: "wasser" }],
    });
    expect(
      !outcome.ok && outcome.errors.some((message) => message.includes("costItems[0].meter")),
    ).toBe(true);
    expect(MESSAGES.meterMissing("x", "y")).toContain("x");
  });
});
