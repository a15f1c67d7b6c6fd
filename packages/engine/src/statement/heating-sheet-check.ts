import { HEATING_COST_TYPE, HOT_WATER_COST_TYPE } from "../constants/domain.ts";
import type { HeatingCostSheet } from "../heating/heating-cost-sheet.ts";
import { MESSAGES } from "../messages/messages.ts";
import { formatCents, parseMoneyToCents } from "../money/money.ts";
import type { CostItemInput } from "../types.ts";

/**
 * Issue 24, item 6: the items Heizung and Warmwasser must amount to what the heating cost
 * sheet gives (after the § 9 HeizkV split), so that the letter's sheet and its items agree.
 * Returns the German messages of every difference.
 */
export function checkHeatingSheetAgainstItems(
  sheet: HeatingCostSheet,
  items: readonly CostItemInput[],
): string[] {
  const sumOf = (costType: string) =>
    items
      .filter((item) => item.costType === costType)
      .reduce((sum, item) => sum + parseMoneyToCents(item.amount), 0);
  const hasItem = (costType: string) => items.some((item) => item.costType === costType);
  const errors: string[] = [];
  const heatingCents = sumOf(HEATING_COST_TYPE);
  if (heatingCents !== parseMoneyToCents(sheet.heatingCost))
    errors.push(
      MESSAGES.heatingSheetItemMismatch(
        HEATING_COST_TYPE,
        sheet.heatingCost,
        formatCents(heatingCents),
      ),
    );
  if (sheet.hotWaterCost !== null) {
    if (!hasItem(HOT_WATER_COST_TYPE)) errors.push(MESSAGES.heatingSheetHotWaterItemMissing());
    else {
      const hotWaterCents = sumOf(HOT_WATER_COST_TYPE);
      if (hotWaterCents !== parseMoneyToCents(sheet.hotWaterCost))
        errors.push(
          MESSAGES.heatingSheetItemMismatch(
            HOT_WATER_COST_TYPE,
            sheet.hotWaterCost,
            formatCents(hotWaterCents),
          ),
        );
    }
  }
  return errors;
}
