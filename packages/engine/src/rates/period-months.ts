/**
 * The months of a billing period a tariff's base price is due for (docs/rules/statements.md#statement-constants): the
 * calendar months the period touches, at least 1 and at most 12. A billing period is at most a
 * year (§ 556 (3) BGB); one that starts mid-month touches 13 calendar months but is still one
 * year of base price. The one rule for the server's amounts and the wizard's preview (issue 25).
 */
export function countPeriodMonths(start: string, end: string): number {
  const startYear = Number(start.slice(0, 4));
  const startMonth = Number(start.slice(5, 7));
  const endYear = Number(end.slice(0, 4));
  const endMonth = Number(end.slice(5, 7));
  return Math.max(1, Math.min(12, (endYear - startYear) * 12 + (endMonth - startMonth) + 1));
}
