import { describe, expect, it } from "vitest";
import {
  calculateStatement,
  describeRemoteReadingDuty,
  isRemoteReadingMissingInPeriod,
} from "../../src/index.ts";

describe("§ 5 HeizkV remote reading of a meter (issue 30, decision 1630)", () => {
  it("an older allocator must be retrofitted by 31.12.2026 and lacks it from 01.01.2027", () => {
    const meter = {
      meterType: "Heizkostenverteiler",
      isRemoteReadable: false,
      installedOn: "2019-05-01",
    };
    expect(describeRemoteReadingDuty(meter, "2026-12-31")).toEqual({
      status: "retrofit_due",
      requiredFrom: "2027-01-01",
      deadline: "2026-12-31",
    });
    expect(describeRemoteReadingDuty(meter, "2027-01-01").status).toBe("missing");
  });

  it("a device installed since 01.12.2021 must be remote-readable from its installation day", () => {
    const meter = {
      meterType: "Wärmemengenzähler",
      isRemoteReadable: false,
      installedOn: "2021-12-01",
    };
    expect(describeRemoteReadingDuty(meter, "2022-03-01")).toEqual({
      status: "missing",
      requiredFrom: "2021-12-01",
      deadline: "2021-12-01",
    });
    expect(
      describeRemoteReadingDuty({ ...meter, installedOn: "2021-11-30" }, "2022-03-01").status,
    ).toBe("retrofit_due");
  });

  it("without an installation day the meter counts as an older device", () => {
    expect(
      describeRemoteReadingDuty(
        { meterType: "Warmwasserzähler", isRemoteReadable: false, installedOn: null },
        "2026-11-29",
      ).deadline,
    ).toBe("2026-12-31");
  });

  it("remote-readable meters meet the duty; cold water, power and gas meters are not covered", () => {
    expect(
      describeRemoteReadingDuty(
        { meterType: "Warmwasserzähler", isRemoteReadable: true, installedOn: "2023-01-01" },
        "2026-11-29",
      ).status,
    ).toBe("remote_readable");
    for (const meterType of ["Kaltwasser", "Strom", "Gas"]) {
      expect(
        describeRemoteReadingDuty(
          { meterType, isRemoteReadable: false, installedOn: "2024-01-01" },
          "2027-06-01",
        ),
      ).toEqual({ status: "not_covered", requiredFrom: null, deadline: null });
    }
  });

  it("a period lacks remote reading where the duty began on or before its end", () => {
    const old = {
      meterType: "Heizkostenverteiler",
      isRemoteReadable: false,
      installedOn: "2015-01-01",
    };
    expect(isRemoteReadingMissingInPeriod(old, "2026-12-31")).toBe(false);
    expect(isRemoteReadingMissingInPeriod(old, "2027-01-01")).toBe(true);
    const recent = {
      meterType: "Heizkostenverteiler",
      isRemoteReadable: false,
      installedOn: "2024-07-15",
    };
    expect(isRemoteReadingMissingInPeriod(recent, "2024-07-14")).toBe(false);
    expect(isRemoteReadingMissingInPeriod(recent, "2024-12-31")).toBe(true);
    expect(
      isRemoteReadingMissingInPeriod({ ...recent, isRemoteReadable: true }, "2024-12-31"),
    ).toBe(false);
  });
});

const base = {
  period: { start: "2024-01-01", end: "2024-12-31" },
  units: [
    { id: "A", area: 60, persons: 2 },
    { id: "B", area: 40, persons: 1 },
  ],
  tenancies: [
    { id: "tA", unitId: "A", start: "2020-01-01", end: null },
    { id: "tB", unitId: "B", start: "2020-01-01", end: null },
  ],
  consumption: [
    { unitId: "A", meter: "heating", value: 600 },
    { unitId: "B", meter: "heating", value: 400 },
  ],
};

describe("§ 12 (1) HeizkV 3 % cut up front (issue 30)", () => {
  it("cuts each tenancy's share of heating by consumption by 3 %, half up, and the landlord bears it", () => {
    const outcome = calculateStatement({
      ...base,
      costItems: [
        {
          costType: "Heizung",
          amount: "1000.00",
          key: "mixed",
          consumptionShare: 70,
          meter: "heating",
          heizkvRemoteReadingCut: true,
        },
      ],
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    const [tA, tB] = outcome.result.tenancies;
    // Without the cut: A = 300 × 0.6 + 700 × 0.6 = 600.00, B = 400.00; 3 % = 18.00 and 12.00.
    expect(tA!.allocations[0]!.amountBeforeReduction).toBe("600.00");
    expect(tA!.allocations[0]!.heizkvReduction).toBe("18.00");
    expect(tA!.allocations[0]!.amount).toBe("582.00");
    expect(tA!.allocations[0]!.heizkvReductionPercent).toBe(3);
    expect(tB!.allocations[0]!.amount).toBe("388.00");
    expect(outcome.result.items[0]!.heizkvReduction).toBe("30.00");
    expect(outcome.result.items[0]!.landlord).toBe("30.00");
    expect(outcome.result.notes).toContain(
      "Die Geräte zur Verbrauchserfassung waren im Abrechnungszeitraum nicht wie vorgeschrieben fernablesbar (§ 5 HeizkV). Ihr Anteil an Heizung ist deshalb bereits um 3 % gekürzt (§ 12 Abs. 1 HeizkV); die Kürzung trägt der Vermieter.",
    );
  });

  it("rounds each cut half up to the cent (333.35 → 10.00)", () => {
    const outcome = calculateStatement({
      ...base,
      costItems: [
        { costType: "Warmwasser", amount: "500.00", key: "units", heizkvRemoteReadingCut: true },
      ],
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    // 250.00 each; 3 % = 7.50 exactly.
    expect(outcome.result.tenancies.map((t) => t.allocations[0]!.heizkvReduction)).toEqual([
      "7.50",
      "7.50",
    ]);
    const odd = calculateStatement({
      ...base,
      costItems: [
        { costType: "Warmwasser", amount: "666.70", key: "units", heizkvRemoteReadingCut: true },
      ],
    });
    if (!odd.ok) throw new Error(odd.errors.join("; "));
    // 333.35 each: 3 % = 10.0005 → 10.00.
    expect(odd.result.tenancies.map((t) => t.allocations[0]!.heizkvReduction)).toEqual([
      "10.00",
      "10.00",
    ]);
  });

  it("is refused on other cost types and together with the 15 % cut", () => {
    const other = calculateStatement({
      ...base,
      costItems: [
        { costType: "Grundsteuer", amount: "100.00", key: "area", heizkvRemoteReadingCut: true },
      ],
    });
    expect(other.ok ? [] : other.errors).toContain(
      "Die Kürzung um 3 % nach § 12 Abs. 1 HeizkV gilt nur für Heiz- und Warmwasserkosten (Grundsteuer).",
    );
    const both = calculateStatement({
      ...base,
      costItems: [
        {
          costType: "Heizung",
          amount: "100.00",
          key: "area",
          heizkvReduction: true,
          heizkvRemoteReadingCut: true,
        },
      ],
    });
    expect(both.ok ? [] : both.errors).toContain(
      "Bitte für Heizung nur eine Kürzung nach § 12 Abs. 1 HeizkV wählen: 15 % oder 3 %.",
    );
  });

  it("without the cut the statement tells the tenant of the right where devices lacked remote reading", () => {
    const outcome = calculateStatement({
      ...base,
      costItems: [
        {
          costType: "Heizung",
          amount: "1000.00",
          key: "mixed",
          consumptionShare: 70,
          meter: "heating",
          heizkvRemoteReadingMissing: true,
        },
      ],
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    expect(outcome.result.tenancies[0]!.allocations[0]!.heizkvReduction).toBeUndefined();
    expect(outcome.result.notes).toContain(
      "Die Geräte zur Verbrauchserfassung waren im Abrechnungszeitraum nicht wie vorgeschrieben fernablesbar (§ 5 HeizkV). Sie dürfen Ihren Anteil an Heizung deshalb um 3 % kürzen (§ 12 Abs. 1 HeizkV).",
    );
  });
});
