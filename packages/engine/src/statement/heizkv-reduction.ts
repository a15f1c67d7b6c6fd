/** § 12 (1) HeizkV: the tenant's cut where heating or hot water is not distributed by consumption. */
export const HEIZKV_REDUCTION_PERCENT = 15;
/** § 12 (1) Satz 2 HeizkV: the cut where devices lack the remote reading § 5 requires (decision 1630). */
export const HEIZKV_REMOTE_READING_CUT_PERCENT = 3;

/** The percent a cost item cuts its tenancies' shares by, 0 for none (decision 1630: one cut per item). */
export function getHeizkvCutPercent(item: {
  heizkvReduction?: boolean | null;
  heizkvRemoteReadingCut?: boolean | null;
}): number {
  if (item.heizkvReduction) return HEIZKV_REDUCTION_PERCENT;
  if (item.heizkvRemoteReadingCut) return HEIZKV_REMOTE_READING_CUT_PERCENT;
  return 0;
}

/**
 * Issue 24, item 15: applies the § 12 (1) HeizkV cut up front. Every tenancy line's rounded
 * share loses `percent` (15, or 3 since issue 30) of itself, half up to cents (a single figure the tenant can check: the percent of
 * the share printed beside it); vacancy lines are the landlord's already and stay. The cuts
 * are the landlord's, so the item still adds up: lines + cuts + vacancy + CO2 share = amount.
 * Changes `cents` (by the item's line index) in place; `cuts` is -1 at vacancy lines (no cut applies).
 */
export function cutHeizkvShares(
  cents: number[],
  positions: readonly number[],
  isVacancyByPosition: Uint8Array,
  percent: number,
): { cuts: number[]; totalCents: number } {
  const cuts = new Array<number>(cents.length).fill(-1);
  let totalCents = 0;
  for (let index = 0; index < cents.length; index += 1) {
    if (isVacancyByPosition[positions[index] as number] === 1) continue;
    const share = cents[index] as number;
    // Half up on whole cents: floor((share × percent + 50) / 100) for a share of 0 or more.
    const cut = Math.floor((share * percent + 50) / 100);
    cuts[index] = cut;
    cents[index] = share - cut;
    totalCents += cut;
  }
  return { cuts, totalCents };
}
