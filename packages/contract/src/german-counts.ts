// Counts with their noun in German: "1 Person", "2 Personen", "1.234 Zählerstände" (issue 23:
// "1 Personen", "1 Zählerstände erfolgreich gespeichert!"). The number is de-DE grouped.

const COUNT_FORMAT = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 3 });

/** "1 Person" / "2 Personen" / "0 Personen"; a fraction ("1,5 Personen") takes the plural. */
export function formatCountDe(count: number, singular: string, plural: string): string {
  return `${COUNT_FORMAT.format(count)} ${count === 1 ? singular : plural}`;
}
