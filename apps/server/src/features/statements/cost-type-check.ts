import {
  ALLOCABILITY_MESSAGES,
  classifyCostType,
  type CostItem,
  type TenancyLaw,
} from "@nk/contract";
import { ValidationFailed } from "../../domain/domain-errors.ts";

// Issue 24, item 11 (decision 1062): before anything is calculated, every cost item must be one
// the landlord may charge. Items that can never be charged under the property's tenancy law
// are refused with the reason; items that need an agreement need the lease clause the landlord
// confirms them with (allocationNote). The verdicts are the contract's code list.

export function assertChargeableCostItems(
  items: readonly Pick<CostItem, "costType" | "allocationNote">[],
  law: TenancyLaw,
  period: { start: string; end: string },
): void {
  const fields: Record<string, string> = {};
  const messages: string[] = [];
  items.forEach((item, index) => {
    const verdict = classifyCostType(item.costType, law, period);
    if (verdict.status === "notAllocable") {
      const message = ALLOCABILITY_MESSAGES.notAllocable(
        item.costType,
        law,
        verdict.reason,
        verdict.source,
      );
      fields[`costItems.${index}.costType`] = message;
      messages.push(message);
    } else if (verdict.needsConfirmation && !item.allocationNote) {
      const message = ALLOCABILITY_MESSAGES.confirmationRequired(item.costType);
      fields[`costItems.${index}.allocationNote`] = message;
      messages.push(message);
    }
  });
  if (messages.length > 0) throw new ValidationFailed(fields, messages[0], "VALIDATION", messages);
}
