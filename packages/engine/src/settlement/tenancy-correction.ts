import { formatCents, parseMoneyToCents } from "../money/money.ts";
import type {
  Allocation,
  IsoDate,
  MoneyString,
  StatementResult,
  TenancyStatement,
} from "../types.ts";

/** One cost item whose total or whose share of the tenancy differs between two versions. */
export interface TenancyItemChange {
  costType: string;
  /** The item's place among the items of its cost type (0: the first), to tell repeats apart. */
  occurrence: number;
  /** The item's total for the house; null where the version has no such item. */
  previousItemAmount: MoneyString | null;
  itemAmount: MoneyString | null;
  /** The tenancy's share; null where the version has no such item or the tenancy takes no part. */
  previousShare: MoneyString | null;
  share: MoneyString | null;
  /** share minus previousShare (missing counts 0). */
  shareDifference: MoneyString;
}

/** What changed for one tenancy from the previous version of a statement to the corrected one. */
export interface TenancyCorrection {
  tenancyId: string;
  previousUsage: { from: IsoDate; to: IsoDate; days: number };
  usage: { from: IsoDate; to: IsoDate; days: number };
  /** Only the items that changed, in the corrected version's order, removed items last. */
  changes: TenancyItemChange[];
  previousTotal: MoneyString;
  total: MoneyString;
  totalDifference: MoneyString;
  previousPrepayments: MoneyString;
  prepayments: MoneyString;
  prepaymentsDifference: MoneyString;
  previousBalance: MoneyString;
  balance: MoneyString;
  /** balance minus previousBalance: positive = the tenant owes more than before. */
  balanceDifference: MoneyString;
}

interface ItemSlot {
  key: string;
  costType: string;
  occurrence: number;
  amount: MoneyString;
  share: MoneyString | null;
}

/**
 * The differences a correction letter lists (issue 24, item 2): every cost item whose total
 * or whose share of the tenancy changed, the tenancy's costs, prepayments and balance before
 * and after. Items are matched by cost type and their place among the items of that type.
 * Null when the tenancy is missing from either version (it then gets a first letter).
 */
export function compareTenancyVersions(
  previous: StatementResult,
  next: StatementResult,
  tenancyId: string,
): TenancyCorrection | null {
  const before = previous.tenancies.find((t) => t.tenancyId === tenancyId);
  const after = next.tenancies.find((t) => t.tenancyId === tenancyId);
  if (!before || !after) return null;
  const previousSlots = slotsOf(previous, before);
  const nextSlots = slotsOf(next, after);
  const previousByKey = new Map(previousSlots.map((slot) => [slot.key, slot]));
  const nextKeys = new Set(nextSlots.map((slot) => slot.key));
  const changes: TenancyItemChange[] = [];
  for (const slot of nextSlots) {
    const old = previousByKey.get(slot.key);
    const change = toChange(old ?? null, slot);
    if (change) changes.push(change);
  }
  for (const old of previousSlots) {
    if (nextKeys.has(old.key)) continue;
    const change = toChange(old, null);
    if (change) changes.push(change);
  }
  return {
    tenancyId,
    previousUsage: { from: before.from, to: before.to, days: before.days },
    usage: { from: after.from, to: after.to, days: after.days },
    changes,
    previousTotal: before.total,
    total: after.total,
    totalDifference: difference(before.total, after.total),
    previousPrepayments: before.prepayments,
    prepayments: after.prepayments,
    prepaymentsDifference: difference(before.prepayments, after.prepayments),
    previousBalance: before.balance,
    balance: after.balance,
    balanceDifference: difference(before.balance, after.balance),
  };
}

function difference(before: MoneyString | null, after: MoneyString | null): MoneyString {
  return formatCents(
    (after === null ? 0 : parseMoneyToCents(after)) -
      (before === null ? 0 : parseMoneyToCents(before)),
  );
}

function toChange(old: ItemSlot | null, slot: ItemSlot | null): TenancyItemChange | null {
  const any = (slot ?? old) as ItemSlot;
  const previousItemAmount = old?.amount ?? null;
  const itemAmount = slot?.amount ?? null;
  const previousShare = old?.share ?? null;
  const share = slot?.share ?? null;
  const isSame =
    old !== null && slot !== null && previousItemAmount === itemAmount && previousShare === share;
  if (isSame) return null;
  return {
    costType: any.costType,
    occurrence: any.occurrence,
    previousItemAmount,
    itemAmount,
    previousShare,
    share,
    shareDifference: difference(previousShare, share),
  };
}

/** The items of a version with the tenancy's share of each (null where it takes no part). */
function slotsOf(result: StatementResult, tenancy: TenancyStatement): ItemSlot[] {
  const seen = new Map<string, number>();
  return result.items.map((item, index) => {
    const occurrence = seen.get(item.costType) ?? 0;
    seen.set(item.costType, occurrence + 1);
    const allocation = findAllocation(tenancy.allocations, index, item.costType, occurrence);
    return {
      key: `${item.costType}\u0000${occurrence}`,
      costType: item.costType,
      occurrence,
      amount: item.amount,
      share: allocation?.amount ?? null,
    };
  });
}

// Results since decision 0403 name the item's index; older ones are matched by the n-th
// allocation of the cost type.
function findAllocation(
  allocations: readonly Allocation[],
  itemIndex: number,
  costType: string,
  occurrence: number,
): Allocation | undefined {
  if (allocations.some((a) => a.item !== undefined))
    return allocations.find((a) => a.item === itemIndex);
  return allocations.filter((a) => a.costType === costType)[occurrence];
}
