/** § 12 (1) HeizkV: the tenant's cut where heating or hot water is not distributed by consumption. */
export const HEIZKV_REDUCTION_PERCENT = 15;

/**
 * Issue 24, item 15: applies the § 12 (1) HeizkV cut up front. Every tenancy line's rounded
 * share loses 15 % of itself, half up to cents (a single figure the tenant can check: 15 % of
 * the share printed beside it); vacancy lines are the landlord's already and stay. The cuts
 * are the landlord's, so the item still adds up: lines + cuts + vacancy + CO2 share = amount.
 * Changes `cents` (by the item's line index) in place; `cuts` is -1 at vacancy lines (no cut applies).
 */
export function cutHeizkvShares(cents: number[], positions: readonly number[], isVacancyByPosition: Uint8Array): { cuts: number[]; totalCents: number } {
  const cuts = new Array<number>(cents.length).fill(-1);
  let totalCents = 0;
  for (let index = 0; index < cents.length; index += 1) {
    if (isVacancyByPosition[positions[index] as number] === 1) continue;
    const share = cents[index] as number;
    // Half up on whole cents: floor((share × 15 + 50) / 100) for a share of 0 or more.
    const cut = Math.floor((share * HEIZKV_REDUCTION_PERCENT + 50) / 100);
    cuts[index] = cut;
    cents[index] = share - cut;
    totalCents += cut;
  }
  return { cuts, totalCents };
}
