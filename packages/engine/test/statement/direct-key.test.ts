import { describe, expect, it } from "vitest";
import {
  calculateStatement,
  DISTRIBUTION_KEY_LABELS,
  getAllocationParts,
} from "../../src/index.ts";

// Contract v1.4, docs/calculation/15-direkter-schluessel.md: the worked example.
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
      prepayments: [{ monthlyAmount: "80.00", validFrom: "2020-01-01" }],
    },
    { id: "tB", unitId: "B", start: "2024-03-01", end: null },
  ],
};

const heating = {
  costType: "Heizung",
  amount: "1500.00",
  key: "direct",
  directAmounts: [
    { tenancyId: "tA", amount: "912.34" },
    { tenancyId: "tB", amount: "500.00" },
  ],
  vacancyAmount: "87.66",
};

function calculate(items: unknown[], extra: Record<string, unknown> = {}) {
  const outcome = calculateStatement({ ...base, ...extra, costItems: items });
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  return outcome.result;
}

describe("the direct key (contract v1.4)", () => {
  it("has its German label", () => {
    expect(DISTRIBUTION_KEY_LABELS.direct).toBe("Direkt je Mietverhältnis");
  });

  it("gives every tenancy exactly its amount and the vacancy its line (worked example)", () => {
    const result = calculate([heating]);
    const [tenancyA, tenancyB] = result.tenancies;
    expect(tenancyA?.allocations[0]?.amount).toBe("912.34");
    expect(tenancyB?.allocations[0]?.amount).toBe("500.00");
    expect(tenancyA?.balance).toBe("-47.66");
    expect(result.vacancy).toHaveLength(1);
    expect(result.vacancy[0]?.total).toBe("87.66");
    expect(result.items[0]).toMatchObject({
      key: "direct",
      amount: "1500.00",
      distributed: "1500.00",
      vacancy: "87.66",
      landlord: "87.66",
    });
    // No § 12 HeizkV note: the metering company's results are by consumption.
    expect(result.notes.some((note) => note.includes("§ 12"))).toBe(false);
    const parts = getAllocationParts(result, tenancyA!, tenancyA!.allocations[0]!);
    expect(parts).toEqual([
      expect.objectContaining({
        basis: "direct",
        percent: 100,
        quantity: 912.34,
        weight: 912.34,
        totalWeight: 1500,
        timeWeight: null,
      }),
    ]);
  });

  it("spreads the vacancy amount over several vacancy stretches by days", () => {
    const result = calculate(
      [
        {
          ...heating,
          amount: "1412.35",
          directAmounts: [{ tenancyId: "tA", amount: "912.34" }],
          vacancyAmount: "500.01",
        },
      ],
      {
        tenancies: [
          base.tenancies[0],
          { id: "tB", unitId: "B", start: "2024-03-01", end: "2024-09-30" },
        ],
      },
    );
    const vacancy = result.vacancy.map((line) => [line.from, line.total]);
    // 60 days (Jan-Feb) and 92 days (Oct-Dec) of 152: 197.37 and 302.64.
    expect(vacancy).toEqual([
      ["2024-01-01", "197.37"],
      ["2024-10-01", "302.64"],
    ]);
    expect(result.tenancies[1]?.allocations[0]?.amount).toBe("0.00");
  });

  it("refuses amounts that do not add up, in German, naming both sums", () => {
    const outcome = calculateStatement({
      ...base,
      costItems: [{ ...heating, vacancyAmount: "0.00" }],
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.errors).toContain(
        "Heizung: Die direkten Beträge ergeben mit dem Leerstand 1.412,34 €, der Gesamtbetrag ist 1.500,00 €. Bitte die Beträge so eintragen, dass sie den Gesamtbetrag ergeben.",
      );
    }
  });

  it("refuses unknown tenancies, a tenancy twice, vacancy money without vacancy and direct amounts on other keys", () => {
    const unknown = calculateStatement({
      ...base,
      costItems: [
        {
          ...heating,
          directAmounts: [...heating.directAmounts, { tenancyId: "tX", amount: "0.00" }],
        },
      ],
    });
    expect(unknown.ok ? [] : unknown.errors).toContain(
      "Heizung: Das Mietverhältnis tX hat keine Tage in diesem Zeitraum oder nimmt an der Position nicht teil.",
    );
    const twice = calculateStatement({
      ...base,
      costItems: [
        {
          ...heating,
          directAmounts: [...heating.directAmounts, { tenancyId: "tB", amount: "0.00" }],
        },
      ],
    });
    expect(twice.ok ? [] : twice.errors).toContain(
      "Heizung: Für das Mietverhältnis tB ist zweimal ein Betrag angegeben.",
    );
    const noVacancy = calculateStatement({
      ...base,
      tenancies: [base.tenancies[0], { id: "tB", unitId: "B", start: "2020-01-01", end: null }],
      costItems: [heating],
    });
    expect(noVacancy.ok ? [] : noVacancy.errors).toContain(
      "Heizung: Für den Leerstand ist ein Betrag angegeben, aber in diesem Zeitraum steht keine Wohnung der Position leer.",
    );
    const otherKey = calculateStatement({ ...base, costItems: [{ ...heating, key: "area" }] });
    expect(otherKey.ok ? [] : otherKey.errors).toContain(
      "Heizung: Beträge je Mietverhältnis gibt es nur beim Schlüssel „Direkt je Mietverhältnis“.",
    );
    const cut = calculateStatement({ ...base, costItems: [{ ...heating, heizkvReduction: true }] });
    expect(cut.ok).toBe(false);
  });

  it("keeps each tenancy's own labour part (§ 35a EStG, from E835) in its tax sums", () => {
    const result = calculate([
      {
        ...heating,
        taxCategory: "craftsmen",
        directAmounts: [
          { tenancyId: "tA", amount: "912.34", laborCosts: "41.20" },
          { tenancyId: "tB", amount: "500.00", laborCosts: "17.05" },
        ],
      },
    ]);
    expect(result.tenancies[0]?.taxDeductible).toEqual({
      householdServices: "0.00",
      craftsmen: "41.20",
    });
    expect(result.tenancies[1]?.allocations[0]?.laborCosts).toBe("17.05");
    expect(result.items[0]).toMatchObject({ laborCosts: "58.25", taxCategory: "craftsmen" });
  });

  it("takes the CO2 landlord share off in proportion to the amounts, to the cent", () => {
    const result = calculate([heating], { co2: { emissionsKg: 3000, cost: "100.00" } });
    const tenants = result.tenancies.reduce(
      (sum, line) => sum + Math.round(Number(line.allocations[0]!.amount) * 100),
      0,
    );
    const vacancy = Math.round(Number(result.vacancy[0]!.total) * 100);
    expect(tenants + vacancy).toBe(Math.round(Number(result.items[0]!.distributed) * 100));
    expect(Number(result.items[0]!.co2LandlordShare)).toBeGreaterThan(0);
  });
});
