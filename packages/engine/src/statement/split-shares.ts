import { formatMicroEuros } from "../money/micro-euros.ts";

/**
 * An exact share in units of 10^-20 cent (item-allocation.ts) split by one BigInt division
 * into safe integers: `split` = floor(share / 10^15), the share in whole 10^-15 cent, and
 * `rest` = share mod 10^15. Everything the statement needs of the share follows from these two
 * integers without another BigInt: its whole cents floor(split / 10^5), its remainder of a
 * cent (split mod 10^5) x 10^15 + rest, and its six-decimal text. The integers stay exact:
 * only remainders (%), sums and divisions of exact multiples, never a rounded quotient.
 */
export const SPLIT_SCALE = 10n ** 15n;
/** 10^-15 cent per cent. */
const SPLITS_PER_CENT = 100_000;
/** The largest split that a share may have: the text adds 5 to it, below 2^53. */
export const MAX_SPLIT = BigInt(Number.MAX_SAFE_INTEGER - 5);

/** floor(split / 10^5): the share's whole cents. */
export function getSplitWholeCents(split: number): number {
  return (split - (split % SPLITS_PER_CENT)) / SPLITS_PER_CENT;
}

/** split mod 10^5: the share's remainder of a cent in whole 10^-15 cent. */
export function getSplitRemainderHigh(split: number): number {
  return split % SPLITS_PER_CENT;
}

/**
 * The share as euros with six decimals, half up: formatScaledShareAsEuros (largest-remainder.ts)
 * of the same share. Its micro-euros floor((share + 5 x 10^15) / 10^16) are floor((split + 5) / 10),
 * since the rest (below 10^15) cannot carry past a whole 10^-16 euro.
 */
export function formatSplitShare(split: number): string {
  const rounded = split + 5;
  return formatMicroEuros((rounded - (rounded % 10)) / 10);
}
