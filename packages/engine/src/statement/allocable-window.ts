import { countDaysInclusive, type IsoDate } from "../dates/calendar.ts";
import type { CostItemInput, StatementInput } from "../types.ts";
import { getAllocableUntil } from "../validation/cost-item-limits.ts";
import { type BillingLine, buildBillingLines } from "./billing-lines.ts";
import { LineWeightCache, type TimedBasis, type TimedWeights } from "./line-weights.ts";

/**
 * The days of the billing period up to an item's last allocable day (issue 24; BetrKV § 2
 * Nr. 15: cable fees until 2024-06-30). The lines are cut at that day exactly as the period
 * would be if it ended there (a tenancy that starts later has no share; one that ends later
 * counts its days up to it; occupant periods likewise), and the weights are laid out by the
 * whole statement's line positions, so an item charged up to a day distributes like any
 * other item, over fewer days.
 */
export interface AllocableWindow {
  until: IsoDate;
  /** Days of the period up to `until`, and of the whole period. */
  days: number;
  periodDays: number;
  /** Does the line at this position have days up to `until`? */
  hasLine(position: number): boolean;
  /** Quantities, time weights and weights up to `until`, by the statement's line positions (0 after it). */
  getTimedWeights(basis: TimedBasis, isDegreeDayTimed: boolean): TimedWeights;
}

export class AllocableWindows {
  private readonly windows = new Map<IsoDate, AllocableWindow>();

  constructor(
    private readonly input: StatementInput,
    private readonly lines: readonly BillingLine[],
  ) {}

  /** The item's window, or null when it may be charged for the whole period. */
  forItem(item: CostItemInput): AllocableWindow | null {
    const until = getAllocableUntil(item, this.input.period);
    if (until === null) return null;
    let window = this.windows.get(until);
    if (!window) {
      window = this.build(until);
      this.windows.set(until, window);
    }
    return window;
  }

  private build(until: IsoDate): AllocableWindow {
    const { start, end } = this.input.period;
    const windowLines = buildBillingLines({ ...this.input, period: { start, end: until } }).flatMap(
      (unit) => unit.lines,
    );
    const lineKey = (line: BillingLine) =>
      `${line.unitIndex}\u0000${line.tenancy?.id ?? ""}\u0000${line.from}`;
    const windowIndex = new Map(windowLines.map((line, index) => [lineKey(line), index]));
    const lineCount = this.lines.length;
    // A line of the whole period and its cut: same unit, same tenancy (or vacancy), same first day.
    const indexByPosition = new Int32Array(lineCount).fill(-1);
    for (const line of this.lines)
      indexByPosition[line.position] = windowIndex.get(lineKey(line)) ?? -1;
    const cache = new LineWeightCache(windowLines);
    const timedCache = new Map<string, TimedWeights>();
    const remap = (values: readonly bigint[]): bigint[] => {
      const result = new Array<bigint>(lineCount).fill(0n);
      for (let position = 0; position < lineCount; position += 1) {
        const index = indexByPosition[position] as number;
        if (index >= 0) result[position] = values[index] as bigint;
      }
      return result;
    };
    return {
      until,
      days: countDaysInclusive(start, until),
      periodDays: countDaysInclusive(start, end),
      hasLine: (position) => (indexByPosition[position] as number) >= 0,
      getTimedWeights: (basis, isDegreeDayTimed) => {
        const key = `${basis}:${isDegreeDayTimed ? "degree-days" : "days"}`;
        let timed = timedCache.get(key);
        if (!timed) {
          const own = cache.getTimedWeights(basis, isDegreeDayTimed);
          timed = {
            quantities: remap(own.quantities),
            timeWeights: remap(own.timeWeights),
            weights: remap(own.weights),
          };
          timedCache.set(key, timed);
        }
        return timed;
      },
    };
  }
}

/**
 * The part of an amount that falls on the window's days, by days, half up to cents (a single
 * figure, like the CO2 cost): amount × days / period days.
 */
export function getAllocableCents(amountCents: number, window: AllocableWindow): number {
  const numerator = BigInt(amountCents) * BigInt(window.days) * 2n + BigInt(window.periodDays);
  return Number(numerator / (2n * BigInt(window.periodDays)));
}
