// Exact sums of areas (validated decimal strings with at most 2 decimals, "62.5"), in integer
// hundredths of a square metre, so the wizard's total never picks up a binary-float remainder.

function toHundredths(area: string): number {
  const [whole = "0", fraction = ""] = area.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** '62.5' + '40.10' -> '102.60'. */
export function sumAreas(areas: readonly string[]): string {
  const total = areas.reduce((sum, area) => sum + toHundredths(area), 0);
  return `${Math.trunc(total / 100)}.${String(total % 100).padStart(2, "0")}`;
}
