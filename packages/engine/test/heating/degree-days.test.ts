import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, DEGREE_DAY_PER_MILLE, Decimal, degreeDayWeight } from "../../src/index.ts";
import { degreeDayUnits } from "../../src/heating/degree-days.ts";

describe("degreeDayWeight (Gradtagszahlen, docs/rules/heating.md#heizkv)", () => {
  it("gives a whole year exactly 1000 per mille, leap year or not", () => {
    expect(degreeDayWeight("2024-01-01", "2024-12-31").toString()).toBe("1000");
    expect(degreeDayWeight("2025-01-01", "2025-12-31").toString()).toBe("1000");
    expect(degreeDayWeight("2024-07-01", "2025-06-30").toString()).toBe("1000");
  });

  it("uses the table per month", () => {
    expect(degreeDayWeight("2025-01-01", "2025-01-31").toString()).toBe("170");
    expect(degreeDayWeight("2025-01-01", "2025-03-31").toString()).toBe("450");
    expect(degreeDayWeight("2025-04-01", "2025-12-31").toString()).toBe("550");
    expect(degreeDayWeight("2025-06-01", "2025-08-31").toString()).toBe("40");
    expect(degreeDayWeight("2025-07-01", "2025-07-31").toFixed(6)).toBe("13.333333");
    const table = Object.values(DEGREE_DAY_PER_MILLE).reduce((sum, value) => sum + value, 0);
    expect(table).toBeCloseTo(1000, 10);
  });

  it("prorates a partial month by its days (1-15 February 2024 = 150 x 15 / 29)", () => {
    expect(degreeDayWeight("2024-02-01", "2024-02-15").toFixed(10)).toBe(
      new Decimal(150).times(15).dividedBy(29).toFixed(10),
    );
    expect(degreeDayWeight("2024-01-01", "2024-02-15").toFixed(6)).toBe("247.586207");
    expect(degreeDayWeight("2024-02-16", "2024-12-31").toFixed(6)).toBe("752.413793");
    expect(degreeDayWeight("2025-12-31", "2025-12-31").toFixed(6)).toBe(
      new Decimal(160).dividedBy(31).toFixed(6),
    );
    expect(degreeDayWeight("2025-02-01", "2025-01-31").toString()).toBe("0");
  });

  it("adds up over adjacent ranges exactly (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        (offset, first, second) => {
          const start = addDays("2020-01-01", offset);
          const middle = addDays(start, first);
          const end = addDays(middle, second + 1);
          expect(degreeDayUnits(start, middle) + degreeDayUnits(addDays(middle, 1), end)).toBe(
            degreeDayUnits(start, end),
          );
        },
      ),
    );
  });
});
