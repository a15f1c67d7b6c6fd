/**
 * A small proleptic Gregorian calendar on "YYYY-MM-DD" strings. The engine has no clock and
 * uses no Date object: every date is a civil date, every range is inclusive of both ends,
 * and day arithmetic goes through a day number (days since 1970-01-01).
 */

/** A calendar date as the contract writes it: "YYYY-MM-DD". */
export type IsoDate = string;

/** A civil date split into its parts; month 1-12. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

const DASH = 45;
const DIGIT_ZERO = 48;

// The number written by the ASCII digits text[start..end), or -1 if one is not a digit (0-9).
function readDigits(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index += 1) {
    const digit = text.charCodeAt(index) - DIGIT_ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Is this a leap year in the Gregorian calendar? */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Returns the number of days of a month (month 1-12). */
export function getDaysInMonth(year: number, month: number): number {
  if (month === 2 && isLeapYear(year)) return 29;
  return DAYS_IN_MONTH[month - 1] ?? 0;
}

/** Returns the number of days of a year. */
export function getDaysInYear(year: number): number {
  return isLeapYear(year) ? 366 : 365;
}

/** Splits a "YYYY-MM-DD" string into its parts, or null if it is not a real calendar date. */
export function parseIsoDate(text: string): CivilDate | null {
  // The pattern checked by character codes: this runs for every date of a statement.
  if (text.length !== 10 || text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH) return null;
  const year = readDigits(text, 0, 4);
  const month = readDigits(text, 5, 7);
  const day = readDigits(text, 8, 10);
  if (year < 0 || month < 0 || day < 0) return null;
  if (month < 1 || month > 12) return null;
  if (day < 1 || day > getDaysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Is the text a real calendar date in the form "YYYY-MM-DD"? */
export function isIsoDate(text: unknown): text is IsoDate {
  return typeof text === "string" && parseIsoDate(text) !== null;
}

function requireIsoDate(text: IsoDate): CivilDate {
  const parsed = parseIsoDate(text);
  if (!parsed) throw new RangeError(`Not a calendar date: ${text}`);
  return parsed;
}

/** Formats civil date parts as "YYYY-MM-DD". */
function formatIsoDate(date: CivilDate): IsoDate {
  const year = String(date.year).padStart(4, "0");
  const month = String(date.month).padStart(2, "0");
  const day = String(date.day).padStart(2, "0");
  return `${year}-${month}-${day}`;
}

/**
 * Converts a civil date to a day number (days since 1970-01-01). The algorithm counts in
 * 400-year eras that start on 1 March, so the leap day is the last day of its "year"
 * (H. Hinnant, "chrono-compatible low-level date algorithms").
 */
function toDayNumber(date: CivilDate): number {
  const year = date.month <= 2 ? date.year - 1 : date.year;
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const monthFromMarch = (date.month + 9) % 12;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + date.day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** Converts a day number (days since 1970-01-01) back to a civil date. */
function fromDayNumber(dayNumber: number): CivilDate {
  const shifted = dayNumber + 719468;
  const era = Math.floor(shifted / 146097);
  const dayOfEra = shifted - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36524) -
      Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

/** Returns the day number of a "YYYY-MM-DD" date. */
export function isoToDayNumber(date: IsoDate): number {
  return toDayNumber(requireIsoDate(date));
}

/** Returns the "YYYY-MM-DD" date of a day number. */
export function dayNumberToIso(dayNumber: number): IsoDate {
  return formatIsoDate(fromDayNumber(dayNumber));
}

/** Adds a number of days (may be negative) to a date. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return dayNumberToIso(isoToDayNumber(date) + days);
}

/** Counts the days from `from` to `to`, both inclusive (0 when `to` is before `from`). */
export function countDaysInclusive(from: IsoDate, to: IsoDate): number {
  return Math.max(0, isoToDayNumber(to) - isoToDayNumber(from) + 1);
}

/** Returns the earlier of two dates. ISO strings of four-digit years compare as text. */
export function minDate(a: IsoDate, b: IsoDate): IsoDate {
  return a <= b ? a : b;
}

/** Returns the later of two dates. */
export function maxDate(a: IsoDate, b: IsoDate): IsoDate {
  return a >= b ? a : b;
}

/**
 * Returns the day number of the last day of the year-long range that starts on `start`:
 * the day before the same date one year later. A start on 29 February has no twin in a
 * common year; the year then ends on 28 February.
 */
function getOneYearEndDayNumber(start: IsoDate): number {
  const from = requireIsoDate(start);
  const nextYear = from.year + 1;
  const day = Math.min(from.day, getDaysInMonth(nextYear, from.month));
  const sameDateNextYear = toDayNumber({ year: nextYear, month: from.month, day });
  return from.day > day ? sameDateNextYear : sameDateNextYear - 1;
}

/**
 * Is the range exactly one calendar year long (start plus one year minus one day)?
 * 2024-01-01..2024-12-31 and 2023-03-01..2024-02-29 are; 2024-01-01..2024-12-30 is not.
 */
export function isFullYear(start: IsoDate, end: IsoDate): boolean {
  return isoToDayNumber(end) === getOneYearEndDayNumber(start);
}

/** Is the range longer than one calendar year (start plus one year minus one day)? */
export function isLongerThanOneYear(start: IsoDate, end: IsoDate): boolean {
  return isoToDayNumber(end) > getOneYearEndDayNumber(start);
}
