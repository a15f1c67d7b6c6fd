// An independent reference for the statement tests: exact shares as integer ratios and the
// largest-remainder rounding of docs/rules/money-and-rounding.md#exact-money, written without the engine.

/** Cents of `totalCents` split by integer weights; ties to the larger exact share, then the earlier line. */
export function allocateCents(totalCents: bigint, weights: bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  const floors = weights.map((w) => (totalCents * w) / sum);
  const remainders = weights.map((w) => (totalCents * w) % sum);
  let left = totalCents - floors.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, index) => ({ index, remainder: remainders[index]!, w }))
    .sort((a, b) =>
      a.remainder !== b.remainder
        ? b.remainder > a.remainder
          ? 1
          : -1
        : a.w !== b.w
          ? b.w > a.w
            ? 1
            : -1
          : a.index - b.index,
    );
  const result = [...floors];
  for (const entry of order) {
    if (left === 0n) break;
    result[entry.index]! += 1n;
    left -= 1n;
  }
  return result;
}

/** Mixed key: base share by base weights, the rest by consumption, as one integer weight per line. */
export function mixedWeights(
  consumptionPercent: bigint,
  base: bigint[],
  consumption: bigint[],
): bigint[] {
  const baseSum = base.reduce((a, b) => a + b, 0n);
  const consumptionSum = consumption.reduce((a, b) => a + b, 0n);
  return base.map(
    (b, i) =>
      (100n - consumptionPercent) * b * consumptionSum +
      consumptionPercent * consumption[i]! * baseSum,
  );
}

export function cents(text: string): bigint {
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
}

export function euros(value: bigint): string {
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}
