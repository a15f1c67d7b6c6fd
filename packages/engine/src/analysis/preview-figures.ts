import { Decimal, ZERO } from "../money/decimal.ts";
import { formatCents, parseMoneyToCents } from "../money/money.ts";
import type { MoneyString, StatementInput, StatementResult } from "../types.ts";

/**
 * The figures the preview and the saved run show beside the engine's result (issue 25, decision
 * 1043): each unit's total (its tenancies and vacancy lines), each unit's and each item's share
 * of the total costs, the building's area and residents. Computed here so that the web app only
 * formats; the sums are exact (whole cents, exact m²), the percentages rounded half up.
 */

export interface PreviewUnitFigures {
  unitId: string;
  /** m² as entered (decimal text). */
  area: string;
  persons: number;
  /** The unit's tenancies' and vacancy lines' totals added up. */
  total: MoneyString;
  /** total of the total costs in percent, 2 decimals half up ("12.34"); null when the costs are 0. */
  sharePercent: string | null;
}

export interface PreviewItemFigures {
  /** The item's index in result.items. */
  item: number;
  costType: string;
  amount: MoneyString;
  /** amount of the total costs in percent, 2 decimals half up; null when the costs are 0. */
  sharePercent: string | null;
}

export interface StatementPreviewFigures {
  /** The units' m² added up (decimal text). */
  totalArea: string;
  /** The units' persons added up. */
  residents: number;
  /** One per unit of the input, in the input's order. */
  units: PreviewUnitFigures[];
  /** One per item of the result, in the result's order. */
  items: PreviewItemFigures[];
}

/** part / total in percent with two decimals, half up away from zero; null for a total of 0. */
export function calculateSharePercent(partCents: number, totalCents: number): string | null {
  if (totalCents === 0) return null;
  const part = BigInt(partCents);
  const total = BigInt(totalCents);
  const sign = part < 0n !== total < 0n ? -1n : 1n;
  const magnitudePart = part < 0n ? -part : part;
  const magnitudeTotal = total < 0n ? -total : total;
  // Basis points (100 % = 10000), rounded half up: (2 x part x 10000 + total) / (2 x total).
  const basisPoints = (magnitudePart * 20000n + magnitudeTotal) / (magnitudeTotal * 2n);
  const whole = basisPoints / 100n;
  const fraction = (basisPoints % 100n).toString().padStart(2, "0");
  return `${sign < 0n && basisPoints > 0n ? "-" : ""}${whole}.${fraction}`;
}

export function buildPreviewFigures(
  input: StatementInput,
  result: StatementResult,
): StatementPreviewFigures {
  const totalCents = parseMoneyToCents(result.totalCosts);
  const centsByUnit = new Map<string, number>();
  for (const line of [...result.tenancies, ...result.vacancy])
    centsByUnit.set(
      line.unitId,
      (centsByUnit.get(line.unitId) ?? 0) + parseMoneyToCents(line.total),
    );
  const units = input.units.map((unit) => {
    const cents = centsByUnit.get(unit.id) ?? 0;
    return {
      unitId: unit.id,
      area: new Decimal(unit.area).toString(),
      persons: unit.persons ?? 0,
      total: formatCents(cents),
      sharePercent: calculateSharePercent(cents, totalCents),
    };
  });
  const items = result.items.map((item, index) => ({
    item: index,
    costType: item.costType,
    amount: item.amount,
    sharePercent: calculateSharePercent(parseMoneyToCents(item.amount), totalCents),
  }));
  return {
    totalArea: input.units.reduce((sum, unit) => sum.plus(unit.area), ZERO).toString(),
    residents: input.units.reduce((sum, unit) => sum + (unit.persons ?? 0), 0),
    units,
    items,
  };
}
