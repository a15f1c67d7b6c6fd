import { addDays, countDaysInclusive, type IsoDate, maxDate, minDate } from "../dates/calendar.ts";
import { OPEN_END_DATE } from "../dates/date-range.ts";
import { degreeDayUnits } from "../heating/degree-days.ts";
import type { StatementInput, TenancyInput, UnitInput } from "../types.ts";
import { toScaledQuantity } from "./fixed-point.ts";

/**
 * One line of the statement: a tenancy's days inside the billing period, or a stretch of
 * vacancy (tenancyId null, borne by the landlord, DECISIONS 2). Every cost item is
 * distributed over the lines of the units that take part in it.
 */
export interface BillingLine {
  /** Position in the statement's order: units in input order, then by date. */
  position: number;
  unitIndex: number;
  unit: UnitInput;
  tenancy: TenancyInput | null;
  from: IsoDate;
  to: IsoDate;
  days: number;
  /** The days as the time weight of most items. */
  dayUnits: bigint;
  /** Degree-day weight of the days, exact (see degreeDayUnits; DECISIONS 3). */
  degreeDayUnits: bigint;
  /** m2 in units of 10^-9. */
  area: bigint;
  /** Persons of the tenancy (default the unit's), 0 for vacancy (DECISIONS 2); units of 10^-9. */
  persons: bigint;
}

/** A unit with its lines, in date order. */
export interface UnitLines {
  unit: UnitInput;
  unitIndex: number;
  lines: BillingLine[];
}

/**
 * Cuts the billing period of every unit into its tenancies and the vacancy in between.
 * Tenancies outside the period have no line. The caller has checked that a unit's
 * tenancies do not overlap.
 */
export function buildBillingLines(input: StatementInput): UnitLines[] {
  const { start, end } = input.period;
  const tenanciesByUnit = new Map<string, TenancyInput[]>();
  for (const tenancy of input.tenancies) {
    const list = tenanciesByUnit.get(tenancy.unitId);
    if (list) list.push(tenancy);
    else tenanciesByUnit.set(tenancy.unitId, [tenancy]);
  }
  const result: UnitLines[] = [];
  let position = 0;
  input.units.forEach((unit, unitIndex) => {
    const tenancies = (tenanciesByUnit.get(unit.id) ?? [])
      .filter((tenancy) => tenancy.start <= end && (tenancy.end ?? OPEN_END_DATE) >= start)
      .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    const area = toScaledQuantity(unit.area);
    const lines: BillingLine[] = [];
    const pushLine = (tenancy: TenancyInput | null, from: IsoDate, to: IsoDate): void => {
      const days = countDaysInclusive(from, to);
      lines.push({
        position: position++,
        unitIndex,
        unit,
        tenancy,
        from,
        to,
        days,
        dayUnits: BigInt(days),
        degreeDayUnits: degreeDayUnits(from, to),
        area,
        persons: tenancy ? toScaledQuantity(tenancy.persons ?? unit.persons ?? 0) : 0n,
      });
    };
    let nextFree: IsoDate = start;
    for (const tenancy of tenancies) {
      const from = maxDate(tenancy.start, start);
      const to = minDate(tenancy.end ?? OPEN_END_DATE, end);
      if (from > nextFree) pushLine(null, nextFree, addDays(from, -1));
      pushLine(tenancy, from, to);
      nextFree = addDays(to, 1);
    }
    if (nextFree <= end) pushLine(null, nextFree, end);
    result.push({ unit, unitIndex, lines });
  });
  return result;
}
