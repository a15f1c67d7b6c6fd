// The server's notion of 'today' as a calendar date in Germany (YYYY-MM-DD), never a local time.
const BERLIN_DATE = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" });

export function getTodayInGermany(now: Date = new Date()): string {
  return BERLIN_DATE.format(now);
}
