import { describe, expect, it } from "vitest";
import {
  calculateStatement,
  compactStatementResult,
  getAllocationParts,
  type StatementInput,
  type StatementResult,
} from "@nk/engine";
import { readStoredRun, StoredRunUnreadable } from "../src/index.ts";

// Issue 25 (decision 1042): saved runs are read through one versioned schema. Every shape the
// engine has stored reads back with its figures as stored; what the engine did not write is refused.

const INPUT: StatementInput = {
  period: { start: "2024-01-01", end: "2024-12-31" },
  units: [
    { id: "a", area: 62.5, persons: 2 },
    { id: "b", area: 48, persons: 1 },
  ],
  tenancies: [
    {
      id: "t1",
      unitId: "a",
      start: "2020-01-01",
      end: "2024-05-31",
      prepayments: [{ monthlyAmount: "180.00", validFrom: "2020-01-01" }],
    },
    {
      id: "t2",
      unitId: "a",
      start: "2024-07-01",
      prepayments: [{ monthlyAmount: "190.00", validFrom: "2024-07-01" }],
    },
    {
      id: "t3",
      unitId: "b",
      start: "2019-01-01",
      prepayments: [{ monthlyAmount: "120.00", validFrom: "2019-01-01" }],
    },
  ],
  consumption: [
    { unitId: "a", meter: "heating", value: 1234.5 },
    { unitId: "b", meter: "heating", value: 810 },
  ],
  costItems: [
    { costType: "Heizung", amount: "3200.00", key: "mixed", consumptionShare: 70 },
    { costType: "Hausmeister", amount: "1200.00", key: "area", laborCosts: "1000.00" },
  ],
};

function calculate(options: { includeLetterFigures?: boolean } = {}): StatementResult {
  const outcome = calculateStatement(INPUT, options);
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  return JSON.parse(JSON.stringify(outcome.result)) as StatementResult;
}

describe("stored runs through the versioned schema", () => {
  it("reads a v1.6 run, stored compactly, as the very result the engine calculated", () => {
    const calculated = calculate({ includeLetterFigures: true });
    const stored = JSON.parse(JSON.stringify(compactStatementResult(calculated))) as unknown;
    expect(stored).toHaveProperty("compact", "1.6");
    expect(JSON.stringify(stored).length).toBeLessThan(JSON.stringify(calculated).length);
    const run = readStoredRun(JSON.parse(JSON.stringify(INPUT)), stored);
    expect(run.result).toEqual(calculated);
  });

  it("refuses a compact run whose allocations point at no line", () => {
    const stored = JSON.parse(
      JSON.stringify(compactStatementResult(calculate({ includeLetterFigures: true }))),
    ) as { allocations: { positions?: number[]; amounts: unknown[] }[] };
    const column = stored.allocations[0];
    if (!column) throw new Error("no column");
    column.positions = column.amounts.map(() => 99);
    expect(() => readStoredRun(JSON.parse(JSON.stringify(INPUT)), stored)).toThrow(
      StoredRunUnreadable,
    );
  });

  it("reads a v1.2 run as stored, the same object shape and figures", () => {
    const stored = calculate({ includeLetterFigures: true });
    const run = readStoredRun(JSON.parse(JSON.stringify(INPUT)), stored);
    expect(run.result).toEqual(stored);
    expect(run.result.letters?.tenancies.map((t) => t.tenancyId)).toEqual(["t1", "t2", "t3"]);
  });

  it("completes a v1.1 run with the letter figures made from its own stored shares", () => {
    const v11 = calculate();
    const v12 = calculate({ includeLetterFigures: true });
    const run = readStoredRun(INPUT, v11);
    expect(run.result.tenancies).toEqual(v11.tenancies);
    expect(run.result.letters).toEqual(v12.letters);
  });

  it("completes a run stored before decision 0403 (parts on every allocation, no positions) without changing a figure", () => {
    const current = calculate({ includeLetterFigures: true });
    const { basis, letters: _letters, ...rest } = current;
    const old = {
      ...rest,
      tenancies: current.tenancies.map(({ position, ...line }) => ({
        ...line,
        allocations: line.allocations.map(({ item, ...allocation }) => ({
          ...allocation,
          parts: getAllocationParts({ basis }, { position }, { ...allocation, item }),
        })),
      })),
      vacancy: current.vacancy.map(({ position, ...line }) => ({
        ...line,
        allocations: line.allocations.map(({ item, ...allocation }) => ({
          ...allocation,
          parts: getAllocationParts({ basis }, { position }, { ...allocation, item }),
        })),
      })),
    };
    const run = readStoredRun(INPUT, old);
    expect(
      run.result.tenancies.map((t) => [
        t.position,
        t.total,
        t.allocations.map((a) => [a.item, a.amount]),
      ]),
    ).toEqual(
      current.tenancies.map((t) => [
        t.position,
        t.total,
        t.allocations.map((a) => [a.item, a.amount]),
      ]),
    );
    expect(run.result.letters?.tenancies).toEqual(current.letters?.tenancies);
    expect(run.result.letters?.items.map((i) => i.partAmounts)).toEqual(
      current.letters?.items.map((i) => i.partAmounts),
    );
  });

  it('reads a run whose water item is keyed by cold plus hot water (meter "water", issue 24 item 9)', () => {
    const input: StatementInput = {
      ...INPUT,
      consumption: [
        ...(INPUT.consumption ?? []),
        { unitId: "a", meter: "coldwater", value: 40 },
        { unitId: "a", meter: "warmwater", value: 12 },
        { unitId: "b", meter: "coldwater", value: 30 },
        { unitId: "b", meter: "warmwater", value: 8 },
      ],
      costItems: [
        ...INPUT.costItems,
        { costType: "Kaltwasser", amount: "900.00", key: "consumption", meter: "water" },
      ],
    };
    const outcome = calculateStatement(input, { includeLetterFigures: true });
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    const stored = JSON.parse(JSON.stringify(outcome.result)) as StatementResult;
    const run = readStoredRun(JSON.parse(JSON.stringify(input)), stored);
    expect(run.result.items.find((item) => item.costType === "Kaltwasser")?.meter).toBe("water");
    expect(run.result).toEqual(stored);
  });

  it("reads a v1.4 input with numbers and a v1.5 input with decimal text, each exactly as stored (decision 1640)", () => {
    const v14 = {
      ...INPUT,
      co2: {
        fuel: "gas" as const,
        consumptionKwh: 30000,
        pricePerTonne: 45,
        vatPercent: 19,
        emissionFactor: 0.201,
        area: 110.5,
      },
    };
    const v15: StatementInput = {
      ...INPUT,
      units: INPUT.units.map((unit) => ({ ...unit, area: String(unit.area) })),
      consumption: INPUT.consumption?.map((entry) => ({ ...entry, value: String(entry.value) })),
      costItems: INPUT.costItems.map((item) =>
        item.consumptionShare === undefined ? item : { ...item, consumptionShare: "70.00" },
      ),
      co2: {
        fuel: "gas",
        consumptionKwh: "30000.000",
        pricePerTonne: "45.00",
        vatPercent: "19.00",
        emissionFactor: "0.201000",
        area: "110.50",
      },
    };
    const results = [v14, v15].map((input) => {
      const outcome = calculateStatement(input, { includeLetterFigures: true });
      if (!outcome.ok) throw new Error(outcome.errors.join("; "));
      return JSON.parse(JSON.stringify(outcome.result)) as StatementResult;
    });
    const old = readStoredRun(JSON.parse(JSON.stringify(v14)), results[0]);
    const current = readStoredRun(JSON.parse(JSON.stringify(v15)), results[1]);
    expect(old.input.co2).toMatchObject(v14.co2);
    expect(current.input.co2).toMatchObject(v15.co2 as object);
    expect(current.input.costItems[0]?.consumptionShare).toBe("70.00");
    // The same statement in both forms: the same money.
    expect(current.result.tenancies.map((t) => [t.total, t.balance])).toEqual(
      old.result.tenancies.map((t) => [t.total, t.balance]),
    );
    expect(current.result.co2).toEqual(old.result.co2);
  });

  it("keeps fields it does not name, exactly as stored", () => {
    const stored = { ...calculate({ includeLetterFigures: true }), futureField: { note: "kept" } };
    expect(
      (readStoredRun(INPUT, stored).result as unknown as { futureField: unknown }).futureField,
    ).toEqual({ note: "kept" });
  });

  it("refuses what the engine did not write", () => {
    const stored = calculate({ includeLetterFigures: true });
    expect(() => readStoredRun(INPUT, { ...stored, totalCosts: 12.5 })).toThrow(
      StoredRunUnreadable,
    );
    expect(() =>
      readStoredRun(INPUT, {
        ...stored,
        tenancies: [{ ...stored.tenancies[0], total: "1.234,56" }],
      }),
    ).toThrow(/tenancies\.0\.total/);
    expect(() => readStoredRun({ ...INPUT, period: null }, stored)).toThrow(StoredRunUnreadable);
    expect(() => readStoredRun(INPUT, null)).toThrow(StoredRunUnreadable);
  });
});
