import type { BillingLine } from "./billing-lines.ts";
import { reduceWeights } from "./integer-shares.ts";
import { QUANTITY_SCALE } from "./fixed-point.ts";

export type TimedBasis = "area" | "persons" | "units";

/** Quantities, time weights and weights (quantity x time) of all lines, by line position. */
export interface TimedWeights {
  quantities: bigint[];
  timeWeights: bigint[];
  weights: bigint[];
}

/**
 * The weights of every line by basis and kind of time, computed once per statement and
 * shared by all cost items (items differ only in which lines take part). Time is days, or
 * degree-day units for Heizung (docs/rules/heating.md#heizkv). All exact integers.
 */
export class LineWeightCache {
  private readonly cache = new Map<string, TimedWeights>();
  private readonly reducedCache = new Map<readonly bigint[], number[] | null>();
  private readonly totalCache = new Map<readonly bigint[], bigint>();
  private readonly positions: number[];

  constructor(private readonly lines: BillingLine[]) {
    this.positions = lines.map((line) => line.position);
  }

  /** All lines of the statement with their positions (shared, not to be changed). */
  getAllLines(): { lines: BillingLine[]; positions: number[] } {
    return { lines: this.lines, positions: this.positions };
  }

  /** The sum of a weight list over all lines; once per list. */
  getTotal(weights: readonly bigint[]): bigint {
    let total = this.totalCache.get(weights);
    if (total === undefined) {
      total = 0n;
      for (let index = 0; index < weights.length; index += 1) total += weights[index] as bigint;
      this.totalCache.set(weights, total);
    }
    return total;
  }

  /** The weights divided by their common divisor, as numbers (null where one passes 2^53); once per list. */
  getReducedWeights(weights: readonly bigint[]): number[] | null {
    let reduced = this.reducedCache.get(weights);
    if (reduced === undefined) {
      reduced = reduceWeights(weights);
      this.reducedCache.set(weights, reduced);
    }
    return reduced;
  }

  getTimedWeights(basis: TimedBasis, isDegreeDayTimed: boolean): TimedWeights {
    const cacheKey = `${basis}:${isDegreeDayTimed ? "degree-days" : "days"}`;
    let cached = this.cache.get(cacheKey);
    if (!cached) {
      const timeWeights = this.lines.map((line) =>
        isDegreeDayTimed ? line.degreeDayUnits : line.dayUnits,
      );
      let quantities: bigint[];
      let weights: bigint[];
      if (basis === "persons") {
        // Contract v1.1: person-days (or person-degree-days) from the occupant periods; the
        // quantity shown is their average over the line's time (display only).
        weights = this.lines.map((line) =>
          isDegreeDayTimed ? line.personDegreeDayUnits : line.personDayUnits,
        );
        quantities = weights.map((weight, position) => {
          const time = timeWeights[position] as bigint;
          return time > 0n ? weight / time : (this.lines[position] as BillingLine).persons;
        });
      } else {
        quantities = this.lines.map((line) => (basis === "area" ? line.area : QUANTITY_SCALE));
        weights = quantities.map(
          (quantity, position) => quantity * (timeWeights[position] as bigint),
        );
      }
      cached = { quantities, timeWeights, weights };
      this.cache.set(cacheKey, cached);
    }
    return cached;
  }
}
