import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { calculateStatement, type StatementInput, type StatementResult } from "../../src/index.ts";
import { loadExamples, pickExpectedFields } from "../support/examples.ts";

// Issue 24, items 3, 4, 13 and 16: readings on every tenancy and vacancy boundary, each line's
// own consumption and how it came about, the person-day breakdown and the vacancy's person.
// docs/calculation/04-nutzerwechsel-gradtagszahlen.md walks through the example.
const examples = loadExamples(
  fileURLToPath(new URL("../fixtures/tenant-change-examples/", import.meta.url)),
);

function calculate(input: unknown): StatementResult {
  const outcome = calculateStatement(input);
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  return outcome.result;
}

function lineOf(result: StatementResult, tenancyId: string) {
  const line = result.tenancies.find((t) => t.tenancyId === tenancyId);
  if (!line) throw new Error(`no line ${tenancyId}`);
  return line;
}

describe("tenant-change examples (test/fixtures/tenant-change-examples)", () => {
  it("finds the example", () => {
    expect(examples.map((example) => example.name)).toEqual(["readings-on-every-boundary"]);
  });

  for (const example of examples) {
    it(`${example.name} gives exactly its expected output`, () => {
      expect(pickExpectedFields(calculate(example.input), example.expected)).toEqual(
        example.expected,
      );
    });
  }

  const example = examples[0]!;
  const result = calculate(example.input);

  it("uses the move-out reading and the move-in reading that ends the vacancy (§ 9b (1) HeizkV)", () => {
    expect(lineOf(result, "A").consumption?.find((c) => c.meter === "heating")).toMatchObject({
      value: "410",
      method: "measured",
      apportionedBy: null,
    });
    expect(result.vacancy[0]!.consumption?.find((c) => c.meter === "heating")).toMatchObject({
      value: "40",
      method: "measured",
    });
    expect(lineOf(result, "B").consumption?.find((c) => c.meter === "heating")).toMatchObject({
      value: "530",
      method: "measured",
      meters: [
        {
          meterId: "HKV-W1",
          start: { date: "2024-09-01", value: "450" },
          end: { date: "2024-12-31", value: "980" },
          value: "530",
        },
      ],
    });
  });

  it("apportions by days only the stretch without a reading (§ 9b (3) HeizkV): 8,5 m³ over 182 and 62 days", () => {
    const a = lineOf(result, "A").consumption!.find((c) => c.meter === "warmwater")!;
    const vacancy = result.vacancy[0]!.consumption!.find((c) => c.meter === "warmwater")!;
    expect(a).toMatchObject({ value: "6.340164", method: "apportioned", apportionedBy: "days" });
    expect(a.meters[0]!.apportionment).toEqual({
      by: "days",
      from: "2024-01-01",
      to: "2024-08-31",
      stretchValue: "8.5",
      weight: 182,
      totalWeight: 244,
    });
    expect(vacancy.value).toBe("2.159836");
    // 8,5 × 182 / 244 = 6,3401639…; 8,5 × 62 / 244 = 2,1598360…
    expect(Number(a.value) + Number(vacancy.value)).toBeCloseTo(8.5, 6);
  });

  it("counts each unit's consumption once (980 units, not 980 + 410 + 450)", () => {
    expect(result.unitConsumption).toEqual(
      expect.arrayContaining([
        { unitId: "W1", meter: "heating", value: "980" },
        { unitId: "W1", meter: "warmwater", value: "14.2" },
      ]),
    );
  });

  it("marks an estimated reading on the line it reaches (§ 9a HeizkV)", () => {
    expect(lineOf(result, "C").consumption!.find((c) => c.meter === "heating")!.isEstimated).toBe(
      true,
    );
    expect(lineOf(result, "A").consumption!.find((c) => c.meter === "heating")!.isEstimated).toBe(
      false,
    );
  });

  it("gives the person-day breakdown 3 × 258 + 4 × 108 = 1.206", () => {
    const c = lineOf(result, "C");
    expect(c.occupancy?.map((s) => [s.persons, s.days])).toEqual([
      [3, 258],
      [4, 108],
    ]);
    expect(c.personDays).toBe(1206);
  });

  it("counts one person for the vacancy under the persons key (decision 1140): the landlord bears 21,96 €", () => {
    // 600 € × 62 / (182 + 62 + 244 + 1.206) = 21,959858…
    expect(result.vacancy[0]!.persons).toBe(1);
    const waste = result.items.find((item) => item.costType === "Müllabfuhr")!;
    expect(waste.vacancy).toBe("21.96");
    expect(lineOf(result, "A").allocations.find((a) => a.costType === "Müllabfuhr")!.amount).toBe(
      "64.46",
    );
  });
});

describe("readings on tenancy boundaries", () => {
  const base = (
    readings: { date: string; value: string }[],
    tenancies: StatementInput["tenancies"],
  ): StatementInput => ({
    period: { start: "2024-01-01", end: "2024-12-31" },
    units: [{ id: "U", area: 50, persons: 1 }],
    tenancies,
    meterReadings: [
      {
        meterId: "M",
        unitId: "U",
        meter: "coldwater",
        start: { date: "2023-12-31", value: "10" },
        end: { date: "2024-12-31", value: "70" },
        readings,
      },
    ],
    costItems: [{ costType: "Wasser", amount: "100.00", key: "consumption", meter: "coldwater" }],
  });
  const twoTenancies: StatementInput["tenancies"] = [
    { id: "T1", unitId: "U", start: "2020-01-01", end: "2024-03-31" },
    { id: "T2", unitId: "U", start: "2024-04-01", end: null },
  ];

  it("prefers the reading on the move-out day to one on the move-in day", () => {
    const result = calculate(
      base(
        [
          { date: "2024-03-31", value: "25" },
          { date: "2024-04-01", value: "26" },
        ],
        twoTenancies,
      ),
    );
    expect(lineOf(result, "T1").consumption![0]!.value).toBe("15");
    expect(lineOf(result, "T2").consumption![0]!.value).toBe("45");
  });

  it("uses a move-in reading when there is no move-out reading", () => {
    const result = calculate(base([{ date: "2024-04-01", value: "26" }], twoTenancies));
    expect(lineOf(result, "T1").consumption![0]).toMatchObject({ value: "16", method: "measured" });
  });

  it("ignores a reading between two boundaries and one that runs backwards, with a warning", () => {
    const result = calculate(base([{ date: "2024-02-10", value: "20" }], twoTenancies));
    expect(lineOf(result, "T1").consumption![0]!.method).toBe("apportioned");
    const backwards = calculate(base([{ date: "2024-03-31", value: "5" }], twoTenancies));
    expect(lineOf(backwards, "T1").consumption![0]!.method).toBe("apportioned");
    expect(backwards.warnings.join(" ")).toContain("passt nicht zwischen Anfangs- und Endstand");
  });

  it("adds several meters of a kind line by line, each with its own boundaries", () => {
    const input = base([{ date: "2024-03-31", value: "25" }], twoTenancies);
    input.meterReadings!.push({
      meterId: "M2",
      unitId: "U",
      meter: "coldwater",
      start: { date: "2023-12-31", value: "0" },
      end: { date: "2024-12-31", value: "10" },
    });
    const t1 = lineOf(calculate(input), "T1").consumption![0]!;
    expect(t1.method).toBe("partlyApportioned");
    expect(t1.meters.map((m) => m.meterId)).toEqual(["M", "M2"]);
    // 15 measured + 10 × 91 / 366 by days
    expect(Number(t1.value)).toBeCloseTo(15 + (10 * 91) / 366, 6);
  });

  it("refuses readings and a consumption value for the same unit and kind", () => {
    const input = {
      ...base([], twoTenancies),
      consumption: [{ unitId: "U", meter: "coldwater", value: 60 }],
    };
    const outcome = calculateStatement(input);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.errors.join(" ")).toContain("sowohl Zählerstände als auch ein Verbrauchswert");
  });

  it("refuses a value that is not decimal text and an end below the start", () => {
    const input = base([], twoTenancies);
    input.meterReadings![0]!.end = { date: "2024-12-31", value: "5" };
    input.meterReadings![0]!.readings = [{ date: "2024-03-31", value: 25 as unknown as string }];
    const outcome = calculateStatement(input);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.errors.join(" ")).toContain("Endstand liegt vor dem Anfangsstand");
      expect(outcome.errors.join(" ")).toContain(
        'Feld "meterReadings[0].readings[0].value" muss ein Text sein',
      );
    }
  });

  it("marks consumption values as apportioned where a unit's value is split, estimated where given so", () => {
    const outcome = calculateStatement({
      period: { start: "2024-01-01", end: "2024-12-31" },
      units: [{ id: "U", area: 50, persons: 1 }],
      tenancies: twoTenancies,
      consumption: [{ unitId: "U", meter: "heating", value: 1000, estimated: true }],
      costItems: [{ costType: "Heizung", amount: "100.00", key: "consumption" }],
    });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    expect(lineOf(outcome.result, "T1").consumption![0]).toMatchObject({
      method: "apportioned",
      apportionedBy: "degreeDays",
      isEstimated: true,
      meters: [],
    });
  });
});
