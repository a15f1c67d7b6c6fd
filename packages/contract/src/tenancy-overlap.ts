import { formatCalendarDateDe } from "./calendar-dates.ts";

// One unit is let to one tenancy at a time (issue 15; decision 0980). Dates are inclusive
// (calculation contract: "Dates are YYYY-MM-DD, inclusive"): the move-out day is the old
// tenant's last day, so the next tenant may move in the day after. An open end counts as
// 2099-12-31, as for prepayments (docs/rules/prepayments.md#open-end). The server checks it in SQL
// (tenancy-overlap-queries.ts); the message is here.

/** The 409 code of a tenancy that overlaps another tenancy of the same unit. */
export const TENANCY_OVERLAP_CODE = "TENANCY_OVERLAP";

export interface TenancyRange {
  moveInDate: string;
  moveOutDate: string | null;
}

/** 'Die Wohneinheit ist vom 01.03.2024 an (ohne Auszugsdatum) an „Anna Alt“ vermietet. …' */
export function buildTenancyOverlapMessage(other: TenancyRange & { name: string }): string {
  const range = other.moveOutDate
    ? `vom ${formatCalendarDateDe(other.moveInDate)} bis ${formatCalendarDateDe(other.moveOutDate)}`
    : `seit ${formatCalendarDateDe(other.moveInDate)} (ohne Auszugsdatum)`;
  const way = other.moveOutDate
    ? "Wählen Sie ein Einzugsdatum nach dem Auszug oder ändern Sie die Daten des anderen Mieters."
    : `Tragen Sie zuerst ein Auszugsdatum für „${other.name}“ ein (Als ausgezogen markieren).`;
  return `Die Wohneinheit ist ${range} an „${other.name}“ vermietet; Mietzeiträume einer Wohneinheit dürfen sich nicht überschneiden. ${way}`;
}
