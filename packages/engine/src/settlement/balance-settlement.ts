import { formatCents, parseMoneyToCents } from "../money/money.ts";
import type { MoneyString } from "../types.ts";

/** What one letter settles between tenant and landlord (§ 556 (3) BGB, corrections). */
export interface SettlementInput {
  /** The statement's balance: costs minus prepayments; positive = back-payment (Nachzahlung). */
  balance: MoneyString;
  /**
   * A correction: what the tenant's previous letter settled (its `settled`), which the
   * tenant has paid or was paid out. null or absent for a first letter.
   */
  previousSettled?: MoneyString | null;
  /**
   * § 556 (3) Satz 3 BGB: the letter goes out after the deadline and the landlord has not
   * stated that the delay was not his fault. The claim may then not rise above what was
   * settled before (nothing, for a first letter); credits are paid out all the same.
   */
  isClaimBarred: boolean;
}

export interface BalanceSettlement {
  balance: MoneyString;
  previousSettled: MoneyString | null;
  /** The tenant's obligation after this letter (negative: the landlord owes). */
  settled: MoneyString;
  /** settled minus previousSettled (or settled): positive = the tenant pays, negative = the landlord pays. */
  due: MoneyString;
  /** demand: the tenant pays `amount`; payout: the landlord pays `amount`; none: nothing to pay. */
  kind: "demand" | "payout" | "none";
  /** |due|. */
  amount: MoneyString;
  /** The part of the balance that may not be claimed (balance minus settled), "0.00" when none. */
  barred: MoneyString;
}

/**
 * The payment a letter asks for or pays out. A first letter settles its balance; a late one
 * (claim barred) only a credit: min(balance, 0). A correction settles its new balance and
 * asks for (or pays out) only the difference to what the previous letter settled; a late
 * correction may lower the tenant's obligation but not raise it: min(balance, previous)
 * (BGH, 30.03.2011, VIII ZR 133/10: no correction to the tenant's detriment after the
 * deadline, also when the first result was a credit).
 */
export function settleBalance(input: SettlementInput): BalanceSettlement {
  const balance = parseMoneyToCents(input.balance);
  const hasPrevious = input.previousSettled !== undefined && input.previousSettled !== null;
  const previous = hasPrevious ? parseMoneyToCents(input.previousSettled as string) : 0;
  const settled = input.isClaimBarred ? Math.min(balance, previous) : balance;
  const due = settled - previous;
  return {
    balance: formatCents(balance),
    previousSettled: hasPrevious ? formatCents(previous) : null,
    settled: formatCents(settled),
    due: formatCents(due),
    kind: due > 0 ? "demand" : due < 0 ? "payout" : "none",
    amount: formatCents(Math.abs(due)),
    barred: formatCents(Math.max(0, balance - settled)),
  };
}
