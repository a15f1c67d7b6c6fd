import { getTodayInGermany } from "@nk/contract";

/** Part 2, section 2.1: the default billing period is the previous calendar year. */
export function getDefaultPeriod(today = getTodayInGermany()): { start: string; end: string } {
  const previousYear = Number(today.slice(0, 4)) - 1;
  return { start: `${previousYear}-01-01`, end: `${previousYear}-12-31` };
}
