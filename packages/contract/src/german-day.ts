// The instant a calendar day begins in Germany (Europe/Berlin, CET or CEST), for filters that
// take dates while the rows carry timestamps.

const OFFSET_FORMAT = new Intl.DateTimeFormat("en-US", {
  timeZone: "Europe/Berlin",
  timeZoneName: "longOffset",
});

function berlinOffsetMinutes(at: Date): number {
  const name =
    OFFSET_FORMAT.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** "2024-03-31" -> the UTC instant of 00:00 that day in Germany. */
export function startOfGermanDay(date: string): Date {
  const utcMidnight = new Date(`${date}T00:00:00Z`);
  // The offset at local midnight: take it at noon UTC of the day before's evening, then correct once.
  const guess = new Date(utcMidnight.getTime() - berlinOffsetMinutes(utcMidnight) * 60_000);
  return new Date(utcMidnight.getTime() - berlinOffsetMinutes(guess) * 60_000);
}

/** The day after `date` (YYYY-MM-DD). */
export function nextCalendarDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
