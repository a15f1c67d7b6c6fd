import { addDays, countDaysInclusive, type IsoDate, maxDate, minDate } from "../dates/calendar.ts";
import { OPEN_END_DATE } from "../dates/date-range.ts";
import { degreeDayUnits } from "../heating/degree-days.ts";
import { DEGREE_DAY_UNITS_PER_MILLE } from "../heating/degree-days.ts";
import type {
  OccupancyStretch,
  OccupantInput,
  StatementInput,
  TenancyInput,
  UnitInput,
} from "../types.ts";
import { QUANTITY_SCALE, toDisplayNumber, toScaledQuantity } from "./fixed-point.ts";

/**
 * One line of the statement: a tenancy's days inside the billing period, or a stretch of
 * vacancy (tenancyId null, borne by the landlord, docs/rules/tenancies-and-keys.md#who-bears-what). Every cost item is
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
  /** Degree-day weight of the days, exact (see degreeDayUnits; docs/rules/heating.md#heizkv). */
  degreeDayUnits: bigint;
  /** m2 in units of 10^-9. */
  area: bigint;
  /** Persons of the tenancy (default the unit's), 0 for vacancy (docs/rules/tenancies-and-keys.md#who-bears-what); units of 10^-9. */
  persons: bigint;
  /**
   * The persons key's weights (contract v1.1): the sum over the line's days of that day's
   * persons (an occupant period's, else `persons`), times days or degree-day units.
   */
  personDayUnits: bigint;
  personDegreeDayUnits: bigint;
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
  const vacancyPersons = input.vacancyPersons ? toScaledQuantity(input.vacancyPersons) : 0n;
  const builder = new LineBuilder(vacancyPersons);
  const result: UnitLines[] = [];
  for (let unitIndex = 0; unitIndex < input.units.length; unitIndex += 1) {
    const unit = input.units[unitIndex] as UnitInput;
    const candidates = tenanciesByUnit.get(unit.id) ?? [];
    const tenancies =
      candidates.length === 1 && isInPeriod(candidates[0] as TenancyInput, start, end)
        ? candidates
        : candidates
            .filter((tenancy) => isInPeriod(tenancy, start, end))
            .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    const area = toScaledQuantity(unit.area);
    const lines: BillingLine[] = [];
    let nextFree: IsoDate = start;
    for (const tenancy of tenancies) {
      const from = maxDate(tenancy.start, start);
      const to = minDate(tenancy.end ?? OPEN_END_DATE, end);
      if (from > nextFree)
        lines.push(builder.build(unit, unitIndex, area, null, nextFree, addDays(from, -1)));
      lines.push(builder.build(unit, unitIndex, area, tenancy, from, to));
      nextFree = addDays(to, 1);
    }
    if (nextFree <= end) lines.push(builder.build(unit, unitIndex, area, null, nextFree, end));
    result.push({ unit, unitIndex, lines });
  }
  return result;
}

/**
 * Makes the lines in statement order. Most lines span the same dates (the whole period) and
 * count the same persons: their time weights and scaled persons are computed once (exact
 * integers either way).
 */
class LineBuilder {
  private position = 0;
  private readonly timeByRange = new Map<IsoDate, Map<IsoDate, LineTime>>();
  private readonly scaledPersons = new Map<number, bigint>();

  /** Decision 1140: a vacancy counts the input's vacancyPersons (default 0, contract v1.1). */
  constructor(private readonly vacancyPersons: bigint) {}

  build(
    unit: UnitInput,
    unitIndex: number,
    area: bigint,
    tenancy: TenancyInput | null,
    from: IsoDate,
    to: IsoDate,
  ): BillingLine {
    const { days, dayUnits, degreeDays } = this.getTime(from, to);
    const persons = tenancy
      ? this.scalePersons(tenancy.persons ?? unit.persons ?? 0)
      : this.vacancyPersons;
    let personDayUnits: bigint;
    let personDegreeDayUnits: bigint;
    if (tenancy?.occupants?.length) {
      const personWeights = weighPersonDays(tenancy.occupants, persons, from, to);
      personDayUnits = personWeights.days;
      personDegreeDayUnits = personWeights.degreeDays;
    } else {
      personDayUnits = persons * dayUnits;
      personDegreeDayUnits = persons * degreeDays;
    }
    const position = this.position;
    this.position += 1;
    return {
      position,
      unitIndex,
      unit,
      tenancy,
      from,
      to,
      days,
      dayUnits,
      degreeDayUnits: degreeDays,
      area,
      persons,
      personDayUnits,
      personDegreeDayUnits,
    };
  }

  private getTime(from: IsoDate, to: IsoDate): LineTime {
    let byEnd = this.timeByRange.get(from);
    if (!byEnd) {
      byEnd = new Map();
      this.timeByRange.set(from, byEnd);
    }
    let time = byEnd.get(to);
    if (!time) {
      const days = countDaysInclusive(from, to);
      time = { days, dayUnits: BigInt(days), degreeDays: degreeDayUnits(from, to) };
      byEnd.set(to, time);
    }
    return time;
  }

  private scalePersons(persons: number): bigint {
    let scaled = this.scaledPersons.get(persons);
    if (scaled === undefined) {
      scaled = toScaledQuantity(persons);
      this.scaledPersons.set(persons, scaled);
    }
    return scaled;
  }
}

interface LineTime {
  days: number;
  dayUnits: bigint;
  degreeDays: bigint;
}

// Does the tenancy have days inside the period?
function isInPeriod(tenancy: TenancyInput, start: IsoDate, end: IsoDate): boolean {
  return tenancy.start <= end && (tenancy.end ?? OPEN_END_DATE) >= start;
}

/**
 * Issue 24, item 13: the stretches of a line with the same persons (occupant periods, else the
 * tenancy's persons), for the person-day breakdown the letters print ("3 × 258 + 4 × 108").
 * Vacancy lines have none. Neighbouring stretches with the same persons are joined.
 */
export function describeOccupancy(line: BillingLine): OccupancyStretch[] {
  if (!line.tenancy) return [];
  // Without occupant periods the line is one stretch of the tenancy's persons: its days and
  // degree days are the line's own.
  if (!line.tenancy.occupants?.length) {
    return [
      {
        from: line.from,
        to: line.to,
        persons: toDisplayNumber(line.persons, QUANTITY_SCALE),
        days: line.days,
        degreeDayPerMille: toDisplayNumber(line.degreeDayUnits, DEGREE_DAY_UNITS_PER_MILLE),
      },
    ];
  }
  const stretches: OccupancyStretch[] = [];
  const add = (persons: bigint, from: IsoDate, to: IsoDate): void => {
    if (to < from) return;
    const previous = stretches[stretches.length - 1];
    const personsNumber = toDisplayNumber(persons, QUANTITY_SCALE);
    if (previous && previous.persons === personsNumber && addDays(previous.to, 1) === from) {
      previous.to = to;
      previous.days = countDaysInclusive(previous.from, to);
      previous.degreeDayPerMille = toDisplayNumber(
        degreeDayUnits(previous.from, to),
        DEGREE_DAY_UNITS_PER_MILLE,
      );
      return;
    }
    stretches.push({
      from,
      to,
      persons: personsNumber,
      days: countDaysInclusive(from, to),
      degreeDayPerMille: toDisplayNumber(degreeDayUnits(from, to), DEGREE_DAY_UNITS_PER_MILLE),
    });
  };
  const occupants = line.tenancy.occupants ?? [];
  const sorted = [...occupants].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  let nextDay: IsoDate = line.from;
  for (const occupant of sorted) {
    const segmentFrom = maxDate(occupant.from, line.from);
    const segmentTo = minDate(occupant.to ?? OPEN_END_DATE, line.to);
    if (segmentTo < segmentFrom) continue;
    if (segmentFrom > nextDay) add(line.persons, nextDay, addDays(segmentFrom, -1));
    add(toScaledQuantity(occupant.persons), segmentFrom, segmentTo);
    nextDay = addDays(segmentTo, 1);
  }
  if (nextDay <= line.to) add(line.persons, nextDay, line.to);
  return stretches;
}

/**
 * Person-days and person-degree-days of a tenancy's line (contract v1.1): each stretch of
 * the line inside an occupant period counts that period's persons, every other day the
 * tenancy's persons. The caller has checked that the periods do not overlap.
 */
function weighPersonDays(
  occupants: readonly OccupantInput[],
  basePersons: bigint,
  from: IsoDate,
  to: IsoDate,
): { days: bigint; degreeDays: bigint } {
  let days = 0n;
  let degreeDays = 0n;
  const add = (persons: bigint, segmentFrom: IsoDate, segmentTo: IsoDate): void => {
    if (segmentTo < segmentFrom || persons === 0n) return;
    days += persons * BigInt(countDaysInclusive(segmentFrom, segmentTo));
    degreeDays += persons * degreeDayUnits(segmentFrom, segmentTo);
  };
  const sorted = [...occupants].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  let nextDay: IsoDate = from;
  for (const occupant of sorted) {
    const segmentFrom = maxDate(occupant.from, from);
    const segmentTo = minDate(occupant.to ?? OPEN_END_DATE, to);
    if (segmentTo < segmentFrom) continue;
    if (segmentFrom > nextDay) add(basePersons, nextDay, addDays(segmentFrom, -1));
    add(toScaledQuantity(occupant.persons), segmentFrom, segmentTo);
    nextDay = addDays(segmentTo, 1);
  }
  if (nextDay <= to) add(basePersons, nextDay, to);
  return { days, degreeDays };
}
