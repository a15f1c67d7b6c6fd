/** ".000" to ".999" and "000" to "999": the six decimals in two table lookups. */
const LEADING_DECIMALS: readonly string[] = Array.from(
  { length: 1000 },
  (_, value) => `.${String(value).padStart(3, "0")}`,
);
const TRAILING_DECIMALS: readonly string[] = Array.from({ length: 1000 }, (_, value) =>
  String(value).padStart(3, "0"),
);

/**
 * Formats non-negative micro-euros (an integer below 2^53) as euros with six decimals
 * ("1379.207554"), with two concatenations (one text per allocation and part).
 */
export function formatMicroEuros(microEuros: number): string {
  const euros = Math.floor(microEuros / 1e6);
  const fraction = microEuros - euros * 1e6;
  const leading = Math.floor(fraction / 1000);
  return (
    String(euros) +
    (LEADING_DECIMALS[leading] as string) +
    (TRAILING_DECIMALS[fraction - leading * 1000] as string)
  );
}
