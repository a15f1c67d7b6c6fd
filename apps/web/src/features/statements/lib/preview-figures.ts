import { compareDecimalText, formatDecimalTextDe } from "@nk/contract";
import type { StatementPreviewFigures, StatementResult } from "@nk/engine";

// What the preview shows beside the engine's result, formatted from the engine's figures
// (buildPreviewFigures, issue 25, decision 1043): this file only formats and chooses.

/** The engine's share in percent ("12.34") as de-DE text ('12,34 %'); '–' without one (total costs 0). */
export function formatSharePercent(percent: string | null): string {
  return percent === null ? "–" : `${formatDecimalTextDe(percent, 2)} %`;
}

/** Balance > 0: Nachzahlung (red); < 0: Guthaben (green); 0: ausgeglichen (docs/rules/prepayments.md#prepayment-rules). */
export type BalanceKind = "backPayment" | "credit" | "even";

export function getBalanceKind(balance: string): BalanceKind {
  const sign = compareDecimalText(balance, "0");
  return sign > 0 ? "backPayment" : sign < 0 ? "credit" : "even";
}

/** The amount without its sign (a credit of "-12.50" is shown as 12,50 € Guthaben). */
export function absoluteMoney(value: string): string {
  return value.startsWith("-") ? value.slice(1) : value;
}

export interface UnitRow {
  unitId: string;
  /** m² (decimal text). */
  area: string;
  persons: number;
  tenancies: StatementResult["tenancies"];
  vacancy: StatementResult["vacancy"];
  /** The engine's sum of the unit's tenancies and vacancy lines. */
  total: string;
  /** The engine's share of the total costs in percent; null when the costs are 0. */
  sharePercent: string | null;
}

/** One row per unit of the input: its tenancies, vacancy lines and the engine's figures of the unit. */
export function buildUnitRows(
  result: StatementResult,
  figures: StatementPreviewFigures,
): UnitRow[] {
  return figures.units.map((unit) => ({
    unitId: unit.unitId,
    area: unit.area,
    persons: unit.persons,
    tenancies: result.tenancies.filter((t) => t.unitId === unit.unitId),
    vacancy: result.vacancy.filter((v) => v.unitId === unit.unitId),
    total: unit.total,
    sharePercent: unit.sharePercent,
  }));
}
