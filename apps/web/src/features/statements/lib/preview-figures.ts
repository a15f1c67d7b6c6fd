import { compareDecimalText, formatDecimalTextDe, fromScaledBigInt, sumDecimalTexts, toScaledBigInt } from "@nk/contract";
import type { StatementInput, StatementResult } from "@nk/engine";

// Figures of the preview derived from the engine's input and output: exact decimal text, never
// floats (DECISIONS 1); only the display rounds.

/** The exact sum of money texts ("12.30" + "1.05" -> "13.35"). */
export function sumMoney(values: readonly string[]): string {
  return sumDecimalTexts(values.length ? values : ["0"], 2);
}

/** 'part / total' as a de-DE percent with two decimals ('12,34 %'); '–' when the total is 0. */
export function formatSharePercent(part: string, total: string): string {
  const partCents = toScaledBigInt(part, 2);
  const totalCents = toScaledBigInt(total, 2);
  if (partCents === null || totalCents === null || totalCents === 0n) return "–";
  // Basis points rounded half up: 100 % = 10000.
  const basisPoints = (partCents * 20000n + totalCents) / (totalCents * 2n);
  return `${formatDecimalTextDe(fromScaledBigInt(basisPoints, 2), 2)} %`;
}

/** Balance > 0: Nachzahlung (red); < 0: Guthaben (green); 0: ausgeglichen (DECISIONS 5). */
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
  area: number;
  persons: number;
  tenancies: StatementResult["tenancies"];
  vacancy: StatementResult["vacancy"];
  total: string;
}

/** One row per unit of the input: its tenancies, vacancy lines and the sum of their totals. */
export function buildUnitRows(input: StatementInput, result: StatementResult): UnitRow[] {
  return input.units.map((unit) => {
    const tenancies = result.tenancies.filter((t) => t.unitId === unit.id);
    const vacancy = result.vacancy.filter((v) => v.unitId === unit.id);
    return {
      unitId: unit.id,
      area: unit.area,
      persons: unit.persons ?? 0,
      tenancies,
      vacancy,
      total: sumMoney([...tenancies.map((t) => t.total), ...vacancy.map((v) => v.total)]),
    };
  });
}

/** Total area of the units (m², up to two decimals as entered). */
export function sumArea(input: StatementInput): string {
  return sumDecimalTexts(input.units.map((unit) => String(unit.area)), 2);
}

export function sumResidents(input: StatementInput): number {
  return input.units.reduce((sum, unit) => sum + (unit.persons ?? 0), 0);
}
