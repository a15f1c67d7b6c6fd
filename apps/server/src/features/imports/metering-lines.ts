import { addDays } from "@nk/engine";

// The lines of a unit in a billing period as the engine cuts them (tenancies inside the period,
// vacancy between them; packages/engine/src/statement/billing-lines.ts), so that a metering
// company's "last day of use" (D field 7) finds the tenancy or vacancy it belongs to.

export interface UnitLine {
  tenancyId: string | null;
  tenantName: string | null;
  from: string;
  to: string;
}

export interface TenancyDates {
  id: string;
  name: string;
  moveInDate: string;
  moveOutDate: string | null;
}

export function buildUnitLines(
  tenancies: readonly TenancyDates[],
  start: string,
  end: string,
): UnitLine[] {
  const inPeriod = tenancies
    .filter((t) => t.moveInDate <= end && (t.moveOutDate === null || t.moveOutDate >= start))
    .sort((a, b) => a.moveInDate.localeCompare(b.moveInDate));
  const lines: UnitLine[] = [];
  let nextFree = start;
  for (const tenancy of inPeriod) {
    const from = tenancy.moveInDate > start ? tenancy.moveInDate : start;
    const to =
      tenancy.moveOutDate !== null && tenancy.moveOutDate < end ? tenancy.moveOutDate : end;
    if (from > nextFree)
      lines.push({ tenancyId: null, tenantName: null, from: nextFree, to: addDays(from, -1) });
    lines.push({ tenancyId: tenancy.id, tenantName: tenancy.name, from, to });
    nextFree = addDays(to, 1);
  }
  if (nextFree <= end) lines.push({ tenancyId: null, tenantName: null, from: nextFree, to: end });
  return lines;
}
