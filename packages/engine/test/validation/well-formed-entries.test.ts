import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateStatementInputShape } from "../../src/index.ts";
import {
  readWellFormedPrepayment,
  readWellFormedReading,
  readWellFormedTenancy,
  readWellFormedUnit,
} from "../../src/validation/well-formed-entries.ts";

// Decision 0404: the shape check takes plainly right entries without building field paths.
// Whatever such a shortcut accepts, the detailed reader must accept the same way: same entry,
// no issue. Values mix right ones with the near misses the detailed reader refuses.

const text = fc.constantFrom<unknown>("u1", "u2", " u1", "", "  ", 7, null, undefined, "t1", "t2");
const quantity = fc.constantFrom<unknown>(
  0,
  1.5,
  62.25,
  -1,
  1e12,
  1e13,
  Number.NaN,
  Infinity,
  "5",
  null,
  undefined,
);
const money = fc.constantFrom<unknown>(
  "180.00",
  " 195.50 ",
  "12",
  "-3.5",
  "1.234",
  "abc",
  180,
  null,
  undefined,
);
const date = fc.constantFrom<unknown>(
  "2024-01-01",
  "2024-07-01",
  "2024-02-30",
  "2024-1-1",
  "",
  20240101,
  null,
  undefined,
);
const meter = fc.constantFrom<unknown>("heating", "coldwater", "water", "", 3, null, undefined);
const flag = fc.constantFrom<unknown>(true, false, "true", 0, null, undefined);

function baseInput(): Record<string, unknown> {
  return {
    period: { start: "2024-01-01", end: "2024-12-31" },
    units: [
      { id: "u1", area: 50 },
      { id: "u2", area: 40 },
    ],
    tenancies: [
      { id: "t1", unitId: "u1", start: "2020-01-01" },
      { id: "t2", unitId: "u2", start: "2020-01-01" },
    ],
    costItems: [{ costType: "Grundsteuer", amount: "100.00", key: "area" }],
  };
}

describe("well-formed entries (decision 0404)", () => {
  it("accepts a reading only as the detailed reader does", () => {
    fc.assert(
      fc.property(
        fc.record({ unitId: text, tenancyId: text, meter, value: quantity }, { requiredKeys: [] }),
        (entry) => {
          const taken = readWellFormedReading(
            entry,
            new Set(["u1", "u2"]),
            new Map([
              ["t1", "u1"],
              ["t2", "u2"],
            ]),
          );
          const outcome = validateStatementInputShape({ ...baseInput(), consumption: [entry] });
          if (taken)
            expect(outcome).toEqual({
              ok: true,
              input: expect.objectContaining({ consumption: [taken] }),
            });
          else
            expect(
              outcome.ok && outcome.input.consumption?.length === 1 ? "accepted" : "refused",
            ).toBe("refused");
        },
      ),
      { numRuns: 400, seed: 4030 },
    );
  });

  it("accepts a prepayment only as the detailed reader does", () => {
    fc.assert(
      fc.property(
        fc.record(
          { monthlyAmount: money, validFrom: date, validUntil: date },
          { requiredKeys: [] },
        ),
        (entry) => {
          const taken = readWellFormedPrepayment(entry);
          const input = baseInput();
          input.tenancies = [{ id: "t1", unitId: "u1", start: "2020-01-01", prepayments: [entry] }];
          const outcome = validateStatementInputShape(input);
          if (taken) expect(outcome.ok && outcome.input.tenancies[0]?.prepayments).toEqual([taken]);
          else
            expect(
              outcome.ok && outcome.input.tenancies[0]?.prepayments?.length === 1
                ? "accepted"
                : "refused",
            ).toBe("refused");
        },
      ),
      { numRuns: 400, seed: 4031 },
    );
  });

  it("accepts a unit only as the detailed reader does, a repeated id never", () => {
    fc.assert(
      fc.property(
        fc.record(
          { id: text, area: quantity, persons: quantity, decentralizedHotWater: flag },
          { requiredKeys: [] },
        ),
        (entry) => {
          const taken = readWellFormedUnit(entry, new Set(["u2"]));
          const input = { ...baseInput(), units: [{ id: "u2", area: 40 }, entry], tenancies: [] };
          const outcome = validateStatementInputShape(input);
          if (taken) expect(outcome.ok && outcome.input.units[1]).toEqual(taken);
          else
            expect(outcome.ok && outcome.input.units.length === 2 ? "accepted" : "refused").toBe(
              "refused",
            );
        },
      ),
      { numRuns: 400, seed: 4032 },
    );
  });

  it("accepts a tenancy only as the detailed reader does, a repeated id never", () => {
    const prepayment = fc.record(
      { monthlyAmount: money, validFrom: date, validUntil: date },
      { requiredKeys: [] },
    );
    const list = fc.oneof(
      fc.constant<unknown>(undefined),
      fc.constant<unknown>(null),
      fc.constant<unknown>([]),
      fc.constant<unknown>("x"),
      fc.array(prepayment, { maxLength: 2 }),
    );
    const occupants = fc.constantFrom<unknown>(
      undefined,
      null,
      [],
      [{ from: "2024-01-01", persons: 2 }],
      "x",
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            id: text,
            unitId: text,
            start: date,
            end: date,
            persons: quantity,
            occupants,
            prepayments: list,
          },
          { requiredKeys: [] },
        ),
        (entry) => {
          const taken = readWellFormedTenancy(
            entry,
            new Set(["u1", "u2"]),
            new Map([["t2", "u2"]]),
          );
          const input = {
            ...baseInput(),
            tenancies: [{ id: "t2", unitId: "u2", start: "2020-01-01" }, entry],
          };
          const outcome = validateStatementInputShape(input);
          if (taken) expect(outcome.ok && outcome.input.tenancies[1]).toEqual(taken);
          else
            expect(
              outcome.ok &&
                outcome.input.tenancies.length === 2 &&
                !outcome.input.tenancies[1]?.occupants
                ? "accepted"
                : "refused",
            ).toBe("refused");
        },
      ),
      { numRuns: 600, seed: 4034 },
    );
  });
});
