// Today's calendar date in Germany (YYYY-MM-DD), the day the server's rules use (age 18, the
// default move-out date), whatever the browser's time zone.
const BERLIN_DATE = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" });

export function getTodayInGermany(now: Date = new Date()): string {
  return BERLIN_DATE.format(now);
}
