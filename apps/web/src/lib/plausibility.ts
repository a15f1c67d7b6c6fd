import {
  compareDecimalText,
  formatAreaDe,
  formatDecimalTextDe,
  parseDecimalText,
  subtractDecimalText,
} from "@nk/contract";

// Values that are allowed but rarely meant (issue 15, decision 0981): the form asks before it
// saves them. A typo such as 6675 for 66,75 m² or a reading with a digit too many is caught here.

/** Above this living area (m²) a flat is unusual enough to ask. */
const PLAUSIBLE_MAX_UNIT_AREA = "1000";
/** A consumption above this many times the previous period's is asked about. */
const PLAUSIBLE_CONSUMPTION_FACTOR = 10n;

/** The question for a unit's area, or null when it is plausible (or not a number yet). */
export function findImplausibleArea(areaText: string, unitName?: string): string | null {
  const area = parseDecimalText(areaText);
  if (area === null || compareDecimalText(area, PLAUSIBLE_MAX_UNIT_AREA) <= 0) return null;
  const subject = unitName?.trim() ? `Die Wohneinheit „${unitName.trim()}“` : "Die Wohneinheit";
  return `${subject} hat ${formatAreaDe(area)} Wohnfläche, mehr als ${formatDecimalTextDe(PLAUSIBLE_MAX_UNIT_AREA)} m² für eine Wohnung. Ist der Wert richtig?`;
}

/**
 * The question for a new reading whose consumption since the last reading is more than ten times
 * the consumption between the two readings before it; null when plausible or not comparable.
 */
export function findImplausibleReadingJump(
  valueText: string,
  previous: { readingValue: string } | undefined,
  beforePrevious: { readingValue: string } | undefined,
): string | null {
  const value = parseDecimalText(valueText);
  if (value === null || !previous || !beforePrevious) return null;
  const consumption = subtractDecimalText(value, previous.readingValue);
  const earlier = subtractDecimalText(previous.readingValue, beforePrevious.readingValue);
  if (compareDecimalText(earlier, "0") <= 0 || compareDecimalText(consumption, "0") <= 0)
    return null;
  // Both differences have 3 decimals: compared as integers of thousandths, exactly.
  const isJump =
    BigInt(consumption.replace(".", "")) >
    BigInt(earlier.replace(".", "")) * PLAUSIBLE_CONSUMPTION_FACTOR;
  if (!isJump) return null;
  return `Der Verbrauch seit dem letzten Stand (${formatDecimalTextDe(consumption)}) ist mehr als zehnmal so hoch wie im Zeitraum davor (${formatDecimalTextDe(earlier)}). Ist der Zählerstand richtig?`;
}
