import { addDays, getDaysInMonth, type IsoDate } from "../dates/calendar.ts";
import { Decimal, HUNDRED, ZERO } from "../money/decimal.ts";
import { isHeizkvMeterType } from "./remote-reading.ts";

/**
 * Issue 30, item 2 (docs/rules/heating.md#monthly-information, decision 1630): the monthly
 * consumption information of § 6a (1), (2) HeizkV. Where devices are remote-readable, each user
 * learns every month last month's consumption, compared with the month before, the same month of
 * the previous year and an average user of the same user category. Pure: readings in, figures out.
 */

/** `YYYY-MM`. */
export type MonthText = string;

interface MonthlyReadingInput {
  date: IsoDate;
  /** The meter's count as exact decimal text. */
  value: string;
}

export interface MonthlyMeterInput {
  meterId: string;
  /** The unit the meter measures, null for a common-area meter (never part of a user's figures). */
  unitId: string | null;
  /** The meter type as the product names it; only heating and hot-water devices count (HEIZKV_METER_TYPES). */
  meterType: string;
  readings: MonthlyReadingInput[];
}

interface MonthlyUnitInput {
  id: string;
  /** Living area in m² as exact decimal text: the average user is scaled by it. */
  area: string;
}

export interface MonthlyInformationInput {
  month: MonthText;
  units: MonthlyUnitInput[];
  meters: MonthlyMeterInput[];
}

export interface MonthlyFigure {
  meterType: string;
  /** The month's consumption (exact), null when a reading at either end of the month is missing. */
  consumption: string | null;
  previousMonth: string | null;
  sameMonthLastYear: string | null;
  /** The average user of the same category (same meter type in the building) for this unit's area, 1 decimal. */
  averageUser: string | null;
  /** Change against the previous month in whole percent (half up), null when either figure is missing or the previous one is 0. */
  changeToPreviousMonthPercent: number | null;
  changeToLastYearPercent: number | null;
}

export interface MonthlyUnitInformation {
  unitId: string;
  figures: MonthlyFigure[];
}

/** The month before `month` (`2025-01` → `2024-12`). */
export function getPreviousMonth(month: MonthText): MonthText {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return monthNumber === 1
    ? `${year - 1}-12`
    : `${year}-${String(monthNumber - 1).padStart(2, "0")}`;
}

/** The last day of `month`. */
export function getLastDayOfMonth(month: MonthText): IsoDate {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return `${month}-${String(getDaysInMonth(year, monthNumber)).padStart(2, "0")}`;
}

/**
 * A meter's count at the end of `month`: its reading on the month's last day, else on the next
 * month's first day (a reading taken at midnight either way). Null without one: the engine does
 * not interpolate a monthly figure the tenant could not check.
 */
function readEndOfMonth(
  readings: readonly MonthlyReadingInput[],
  month: MonthText,
): Decimal | null {
  const lastDay = getLastDayOfMonth(month);
  const onLastDay = readings.filter((reading) => reading.date === lastDay);
  const onNextDay = readings.filter((reading) => reading.date === addDays(lastDay, 1));
  const reading = onLastDay.at(-1) ?? onNextDay.at(0);
  return reading ? new Decimal(reading.value) : null;
}

/** One meter's consumption in `month`; null when a reading is missing or the count went down (a meter change). */
function measureMonth(meter: MonthlyMeterInput, month: MonthText): Decimal | null {
  const end = readEndOfMonth(meter.readings, month);
  const start = readEndOfMonth(meter.readings, getPreviousMonth(month));
  if (end === null || start === null || end.lessThan(start)) return null;
  return end.minus(start);
}

/** The sum of a unit's meters of one type in `month`; null when any of them lacks its figure. */
function measureUnit(meters: readonly MonthlyMeterInput[], month: MonthText): Decimal | null {
  let total = ZERO;
  for (const meter of meters) {
    const value = measureMonth(meter, month);
    if (value === null) return null;
    total = total.plus(value);
  }
  return total;
}

function describeChange(current: Decimal | null, earlier: Decimal | null): number | null {
  if (current === null || earlier === null || earlier.isZero()) return null;
  return current.minus(earlier).times(HUNDRED).dividedBy(earlier).toDecimalPlaces(0).toNumber();
}

const text = (value: Decimal | null): string | null => (value === null ? null : value.toFixed());

/** The monthly information of every unit with heating or hot-water meters, by meter type in a fixed order. */
export function computeMonthlyInformation(
  input: MonthlyInformationInput,
): MonthlyUnitInformation[] {
  const previousMonth = getPreviousMonth(input.month);
  const sameMonthLastYear = `${Number(input.month.slice(0, 4)) - 1}${input.month.slice(4)}`;
  const metersByUnitAndType = new Map<string, Map<string, MonthlyMeterInput[]>>();
  for (const meter of input.meters) {
    if (meter.unitId === null || !isHeizkvMeterType(meter.meterType)) continue;
    const byType = metersByUnitAndType.get(meter.unitId) ?? new Map<string, MonthlyMeterInput[]>();
    byType.set(meter.meterType, [...(byType.get(meter.meterType) ?? []), meter]);
    metersByUnitAndType.set(meter.unitId, byType);
  }
  const areaByUnit = new Map(input.units.map((unit) => [unit.id, new Decimal(unit.area)]));
  // The average user of a category: the building's consumption of that meter type per m² over
  // the units with a figure this month, times the unit's own area.
  const perSquareMetre = new Map<string, Decimal | null>();
  const types = [
    ...new Set([...metersByUnitAndType.values()].flatMap((byType) => [...byType.keys()])),
  ];
  for (const type of types) {
    let consumption = ZERO;
    let area = ZERO;
    for (const [unitId, byType] of metersByUnitAndType) {
      const meters = byType.get(type);
      const unitArea = areaByUnit.get(unitId);
      if (!meters || !unitArea) continue;
      const value = measureUnit(meters, input.month);
      if (value === null) continue;
      consumption = consumption.plus(value);
      area = area.plus(unitArea);
    }
    perSquareMetre.set(type, area.isZero() ? null : consumption.dividedBy(area));
  }
  const information: MonthlyUnitInformation[] = [];
  for (const unit of input.units) {
    const byType = metersByUnitAndType.get(unit.id);
    if (!byType) continue;
    const figures: MonthlyFigure[] = [];
    for (const [meterType, meters] of [...byType.entries()].sort(([a], [b]) =>
      a.localeCompare(b, "de"),
    )) {
      const consumption = measureUnit(meters, input.month);
      const previous = measureUnit(meters, previousMonth);
      const lastYear = measureUnit(meters, sameMonthLastYear);
      const rate = perSquareMetre.get(meterType) ?? null;
      figures.push({
        meterType,
        consumption: text(consumption),
        previousMonth: text(previous),
        sameMonthLastYear: text(lastYear),
        averageUser:
          rate === null ? null : rate.times(new Decimal(unit.area)).toDecimalPlaces(1).toFixed(1),
        changeToPreviousMonthPercent: describeChange(consumption, previous),
        changeToLastYearPercent: describeChange(consumption, lastYear),
      });
    }
    information.push({ unitId: unit.id, figures });
  }
  return information;
}
