import type { BillingLine } from "./billing-lines.ts";
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
 * degree-day units for Heizung (DECISIONS 3). All exact integers.
 */
export class LineWeightCache {
  private readonly cache = new Map<string, TimedWeights>();

  constructor(private readonly lines: readonly BillingLine[]) {}

  getTimedWeights(basis: TimedBasis, isDegreeDayTimed: boolean): TimedWeights {
    const cacheKey = `${basis}:${isDegreeDayTimed ? "degree-days" : "days"}`;
    let cached = this.cache.get(cacheKey);
    if (!cached) {
      const quantities = this.lines.map((line) => (basis === "area" ? line.area : basis === "persons" ? line.persons : QUANTITY_SCALE));
      const timeWeights = this.lines.map((line) => (isDegreeDayTimed ? line.degreeDayUnits : line.dayUnits));
      const weights = quantities.map((quantity, position) => quantity * (timeWeights[position] as bigint));
      cached = { quantities, timeWeights, weights };
      this.cache.set(cacheKey, cached);
    }
    return cached;
  }
}
