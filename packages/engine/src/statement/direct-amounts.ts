import { MESSAGES } from "../messages/messages.ts";
import { formatCents, parseMoneyToCents } from "../money/money.ts";
import { allocateScaledShares } from "../rounding/largest-remainder.ts";
import type { CostItemInput, ValidationIssue } from "../types.ts";
import type { BillingLine } from "./billing-lines.ts";
import { CONSUMPTION_SPLIT_SCALE, QUANTITY_SCALE, SHARE_SCALE } from "./fixed-point.ts";

/**
 * One cent as a weight of the direct key: the basis shows a line's weight in euros, with the
 * scale of untimed weights (statement-basis.ts), so its quantity reads as the amount itself.
 */
const DIRECT_CENT_WEIGHT = (QUANTITY_SCALE * CONSUMPTION_SPLIT_SCALE) / 100n;

/** The direct key's weights by line position (cents x DIRECT_CENT_WEIGHT) and each line's own labour cents. */
export interface DirectWeights {
  weights: bigint[];
  /** Labour cents by line position; null when no entry names a labour part. */
  laborCents: number[] | null;
}

/**
 * Contract v1.4 (docs/calculation/15-direkter-schluessel.md): the key "direct" takes each
 * tenancy's amount as entered and the vacancy's amount spread over the item's vacancy lines
 * by days (largest remainder). The amounts, vacancy included, must add up to the item's
 * amount to the cent; the item then distributes by them, so every line gets exactly its
 * amount (less a CO2 landlord share, which comes off in proportion).
 */
export function buildDirectWeights(
  item: CostItemInput,
  lines: readonly BillingLine[],
  lineCount: number,
  issues: ValidationIssue[],
  path: string,
): DirectWeights {
  const weights = new Array<bigint>(lineCount).fill(0n);
  const positionByTenancy = new Map<string, number>();
  const vacancyLines: BillingLine[] = [];
  for (const line of lines) {
    if (line.tenancy) positionByTenancy.set(line.tenancy.id, line.position);
    else vacancyLines.push(line);
  }
  const amountCents = parseMoneyToCents(item.amount);
  let laborCents: number[] | null = null;
  let sumCents = 0;
  const seen = new Set<string>();
  (item.directAmounts ?? []).forEach((entry, index) => {
    const entryPath = `${path}.directAmounts[${index}]`;
    const cents = parseMoneyToCents(entry.amount);
    const position = positionByTenancy.get(entry.tenancyId);
    if (cents < 0) {
      issues.push({
        path: `${entryPath}.amount`,
        message: MESSAGES.directAmountNegative(item.costType),
      });
      return;
    }
    if (position === undefined) {
      issues.push({
        path: `${entryPath}.tenancyId`,
        message: MESSAGES.directTenancyUnknown(item.costType, entry.tenancyId),
      });
      return;
    }
    if (seen.has(entry.tenancyId)) {
      issues.push({
        path: `${entryPath}.tenancyId`,
        message: MESSAGES.directTenancyTwice(item.costType, entry.tenancyId),
      });
      return;
    }
    seen.add(entry.tenancyId);
    sumCents += cents;
    weights[position] = BigInt(cents) * DIRECT_CENT_WEIGHT;
    if (entry.laborCosts !== undefined && entry.laborCosts !== null) {
      const labor = parseMoneyToCents(entry.laborCosts);
      if (labor < 0 || labor > cents)
        issues.push({
          path: `${entryPath}.laborCosts`,
          message: MESSAGES.directLaborAboveAmount(item.costType, entry.tenancyId),
        });
      laborCents ??= new Array<number>(lineCount).fill(0);
      laborCents[position] = labor;
    }
  });
  const vacancyCents = item.vacancyAmount ? parseMoneyToCents(item.vacancyAmount) : 0;
  if (vacancyCents < 0)
    issues.push({
      path: `${path}.vacancyAmount`,
      message: MESSAGES.directAmountNegative(item.costType),
    });
  else if (vacancyCents > 0 && vacancyLines.length === 0)
    issues.push({
      path: `${path}.vacancyAmount`,
      message: MESSAGES.directVacancyWithoutVacancy(item.costType),
    });
  else if (vacancyCents > 0) {
    // The vacancy's amount over its lines by days: all of it is the landlord's either way.
    const totalDays = vacancyLines.reduce((sum, line) => sum + BigInt(line.days), 0n);
    const cents = allocateScaledShares(
      vacancyCents,
      vacancyLines.map(
        (line) => (BigInt(vacancyCents) * SHARE_SCALE * BigInt(line.days)) / totalDays,
      ),
    );
    vacancyLines.forEach((line, index) => {
      weights[line.position] = BigInt(cents[index] ?? 0) * DIRECT_CENT_WEIGHT;
    });
  }
  sumCents += Math.max(vacancyCents, 0);
  if (sumCents !== amountCents) {
    issues.push({
      path: `${path}.directAmounts`,
      message: MESSAGES.directSumMismatch(
        item.costType,
        formatCents(sumCents),
        formatCents(amountCents),
      ),
    });
  }
  const entered = laborCents as number[] | null;
  if (entered !== null && item.laborCosts !== undefined && item.laborCosts !== null) {
    const total = entered.reduce((sum, cents) => sum + cents, 0);
    if (total !== parseMoneyToCents(item.laborCosts))
      issues.push({
        path: `${path}.laborCosts`,
        message: MESSAGES.directLaborMismatch(item.costType),
      });
  }
  return { weights, laborCents: entered };
}
