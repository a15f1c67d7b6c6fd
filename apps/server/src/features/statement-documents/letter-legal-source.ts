import {
  compareTenancyVersions,
  getStatementDeadline,
  isAfterStatementDeadline,
  proposeMonthlyPrepayment,
  settleBalance,
  type IsoDate,
  type PrepaymentRounding,
  type StatementResult,
} from "@nk/engine";
import type { LetterLegal } from "./letter-model.ts";
import { findTenancy } from "./run-lookup.ts";

// The § 556 (3) BGB figures of one letter (issue 24, items 1 and 2; decision 1061), all from
// the engine: the deadline, whether the letter's date lies after it, what the letter settles,
// and for a correction what changed since the letter the tenant received before.

/** The tenant's previous letter of the same billing period (an earlier version, dispatched). */
export interface PreviousLetter {
  version: number;
  dispatchedOn: IsoDate;
  /** What that letter settled (for letters sent before issue 24: their balance). */
  settledBalance: string;
  result: StatementResult;
}

export function buildLetterLegal(input: {
  result: StatementResult;
  tenancyId: string;
  version: number;
  letterDate: IsoDate;
  lateExcuse: string | null;
  previous: PreviousLetter | null;
  /** Issue 30: how the run rounds the proposed prepayment (§ 560 (4) BGB); null: no proposal. */
  prepaymentRounding?: PrepaymentRounding | null;
}): LetterLegal {
  const { result, tenancyId } = input;
  const tenancy = findTenancy(result, tenancyId);
  if (!tenancy) throw new Error(`Mietverhältnis ${tenancyId} ist nicht Teil der Abrechnung.`);
  const deadline = getStatementDeadline(result.period.end);
  const isLate = isAfterStatementDeadline(result.period.end, input.letterDate);
  const changes =
    input.version > 1 && input.previous
      ? compareTenancyVersions(input.previous.result, result, tenancyId)
      : null;
  const excuse = input.lateExcuse?.trim() ? input.lateExcuse.trim() : null;
  const settlement = settleBalance({
    balance: tenancy.balance,
    previousSettled: changes && input.previous ? input.previous.settledBalance : null,
    isClaimBarred: isLate && excuse === null,
  });
  return {
    deadline,
    isLate,
    lateExcuse: excuse,
    settlement,
    correction:
      changes && input.previous
        ? { version: input.version, previousLetterDate: input.previous.dispatchedOn, changes }
        : null,
    // § 560 (4) BGB: only for a tenancy that still runs at the period's end (one that ended pays no more prepayments).
    prepaymentProposal:
      input.prepaymentRounding && tenancy.to === result.period.end
        ? {
            monthly: proposeMonthlyPrepayment({
              costs: tenancy.total,
              periodStart: result.period.start,
              tenancyDays: tenancy.days,
              rounding: input.prepaymentRounding,
            }),
            rounding: input.prepaymentRounding,
          }
        : null,
  };
}
