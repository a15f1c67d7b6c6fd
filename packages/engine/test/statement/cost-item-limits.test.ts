import { describe, expect, it } from "vitest";
import { calculateStatement, getAllocationParts } from "../../src/index.ts";

const base = {
  period: { start: "2024-01-01", end: "2024-12-31" },
  units: [
    { id: "A", area: 60, persons: 2 },
    { id: "B", area: 40, persons: 1 },
  ],
  tenancies: [
    {
      id: "tA",
      unitId: "A",
      start: "2020-01-01",
      end: null,
      occupants: [{ from: "2024-05-01", to: null, persons: 3 }],
    },
    { id: "tB", unitId: "B", start: "2024-03-01", end: null },
  ],
  consumption: [
    { unitId: "A", meter: "heating", value: 600 },
    { unitId: "B", meter: "heating", value: 400 },
  ],
};

describe("§ 12 (1) HeizkV cut up front (issue 24, item 15)", () => {
  it("is refused on items distributed by consumption and on other cost types", () => {
    for (const item of [
      {
        costType: "Heizung",
        amount: "1000.00",
        key: "mixed",
        consumptionShare: 70,
        meter: "heating",
        heizkvReduction: true,
      },
      {
        costType: "Heizung",
        amount: "1000.00",
        key: "consumption",
        meter: "heating",
        heizkvReduction: true,
      },
      { costType: "Grundsteuer", amount: "1000.00", key: "area", heizkvReduction: true },
    ]) {
      const outcome = calculateStatement({ ...base, costItems: [item] });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok)
        expect(outcome.errors).toContain(
          `Die Kürzung um 15 % nach § 12 Abs. 1 HeizkV gilt nur für Heiz- und Warmwasserkosten, die nicht nach Verbrauch verteilt werden (${item.costType}).`,
        );
    }
  });

  it("cuts each tenancy's rounded share by 15 %, half up, and the landlord bears it (persons key, Warmwasser)", () => {
    const outcome = calculateStatement({
      ...base,
      costItems: [
        { costType: "Warmwasser", amount: "999.99", key: "persons", heizkvReduction: true },
      ],
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    const without = calculateStatement({
      ...base,
      costItems: [{ costType: "Warmwasser", amount: "999.99", key: "persons" }],
    });
    if (!without.ok) throw new Error(without.errors.join("; "));
    for (const [index, tenancy] of outcome.result.tenancies.entries()) {
      const before = Math.round(
        Number(without.result.tenancies[index]!.allocations[0]!.amount) * 100,
      );
      const cut = Math.floor((before * 15 + 50) / 100);
      expect(tenancy.allocations[0]!.heizkvReduction).toBe((cut / 100).toFixed(2));
      expect(Math.round(Number(tenancy.allocations[0]!.amount) * 100)).toBe(before - cut);
    }
    expect(outcome.result.notes[0]).toContain(
      "Ihr Anteil daran ist deshalb bereits um 15 % gekürzt",
    );
  });

  it("without the option the letter tells the tenant: 'Sie dürfen …'", () => {
    const outcome = calculateStatement({
      ...base,
      costItems: [{ costType: "Heizung", amount: "1000.00", key: "area" }],
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    expect(outcome.result.notes[0]).toBe(
      "Die Kosten für Heizung werden nicht nach Verbrauch verteilt. Sie dürfen Ihren Anteil daran deshalb um 15 % kürzen (§ 12 Abs. 1 HeizkV).",
    );
  });
});

describe("items charged only up to a day (issue 24, item 11: cable fees until 30.06.2024)", () => {
  it("is refused before the period and with the keys consumption and mixed", () => {
    const before = calculateStatement({
      ...base,
      period: { start: "2025-01-01", end: "2025-12-31" },
      costItems: [
        { costType: "Kabelanschluss", amount: "500.00", key: "area", allocableUntil: "2024-06-30" },
      ],
    });
    expect(before.ok ? [] : before.errors).toContain(
      "Kabelanschluss ist im Abrechnungszeitraum nicht umlagefähig (nur bis zum 30.06.2024).",
    );
    const consumption = calculateStatement({
      ...base,
      costItems: [
        {
          costType: "Kabelanschluss",
          amount: "500.00",
          key: "consumption",
          meter: "heating",
          allocableUntil: "2024-06-30",
        },
      ],
    });
    expect(consumption.ok ? [] : consumption.errors).toContain(
      "Kabelanschluss ist nur bis zu einem Stichtag umlagefähig und kann deshalb nur nach Wohnfläche, Personen oder Wohneinheiten verteilt werden.",
    );
  });

  it("a day on or after the period's end changes nothing", () => {
    const plain = calculateStatement({
      ...base,
      costItems: [{ costType: "Kabelanschluss", amount: "500.00", key: "area" }],
    });
    const later = calculateStatement({
      ...base,
      costItems: [
        { costType: "Kabelanschluss", amount: "500.00", key: "area", allocableUntil: "2024-12-31" },
      ],
    });
    if (!plain.ok || !later.ok) throw new Error("calculation failed");
    expect(later.result.tenancies).toEqual(plain.result.tenancies);
    expect(later.result.items[0]!.nonAllocable).toBeUndefined();
  });

  it("the persons key counts person-days up to the day (occupant periods cut there too), and the basis shows those days", () => {
    const outcome = calculateStatement({
      ...base,
      costItems: [
        {
          costType: "Kabelanschluss",
          amount: "366.00",
          key: "persons",
          allocableUntil: "2024-06-30",
        },
      ],
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    const [tA, tB] = outcome.result.tenancies;
    // 366 × 182 / 366 = 182.00 allocable; tA: 2 × 121 + 3 × 61 = 425 person-days; tB: 1 × 122 = 122.
    expect(outcome.result.items[0]!.distributed).toBe("182.00");
    expect(outcome.result.items[0]!.nonAllocable).toBe("184.00");
    const parts = getAllocationParts(outcome.result, tA!, tA!.allocations[0]!);
    expect(parts[0]!.timeWeight).toBe(182);
    expect(parts[0]!.weight).toBe(425);
    expect(parts[0]!.totalWeight).toBe(547);
    expect(tA!.allocations[0]!.amount).toBe("141.41");
    expect(tB!.allocations[0]!.amount).toBe("40.59");
  });
});
