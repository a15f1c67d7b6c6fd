import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Issue 25: the documents and the web app's statement views only format the engine's figures.
// Each case lints a deliberate violation (or the allowed import next to it) with the
// repository's own eslint.config.js, so the rule holds by tool rather than by habit.

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

async function findArithmeticErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "documents/no-arithmetic")
    .map((message) => message.message);
}

const LETTER = "apps/server/src/features/statement-documents/x.ts";
const VIEW = "apps/web/src/features/statements/components/x.tsx";
const PREVIEW = "apps/web/src/features/statements/lib/preview-figures.ts";
const CHARTS = "apps/web/src/features/statements/lib/analysis-figures.ts";

describe("documents/no-arithmetic", () => {
  it.each([
    [
      "a letter imports Decimal from the engine",
      LETTER,
      'import { Decimal } from "@nk/engine";\nexport const x = Decimal;',
      "'Decimal' rounds or computes",
    ],
    [
      "a letter imports the largest-remainder rounding under another name",
      LETTER,
      'import { allocateCentsByLargestRemainder as split } from "@nk/engine";\nexport const x = split;',
      "'allocateCentsByLargestRemainder' rounds or computes",
    ],
    [
      "a letter prorates prepayments itself",
      LETTER,
      'import { proratePrepayments } from "@nk/engine";\nexport const x = proratePrepayments;',
      "'proratePrepayments' rounds or computes",
    ],
    [
      "a letter parses money to cents",
      LETTER,
      'import { parseMoneyToCents } from "@nk/engine";\nexport const x = parseMoneyToCents;',
      "'parseMoneyToCents' rounds or computes",
    ],
    [
      "a letter adds decimal texts with the contract's helper",
      LETTER,
      'import { sumDecimalTexts } from "@nk/contract";\nexport const x = sumDecimalTexts;',
      "'sumDecimalTexts' rounds or computes",
    ],
    [
      "a letter imports the engine's decimal module by path",
      LETTER,
      'import { Decimal } from "../../../../../packages/engine/src/money/decimal.ts";\nexport const x = Decimal;',
      "is engine arithmetic",
    ],
    [
      "a letter imports the engine's rounding by workspace path",
      LETTER,
      'import { allocateScaledShares } from "@nk/engine/rounding/largest-remainder.ts";\nexport const x = allocateScaledShares;',
      "is engine arithmetic",
    ],
    [
      "a letter imports the whole engine as a namespace",
      LETTER,
      'import * as engine from "@nk/engine";\nexport const x = engine;',
      "namespace import",
    ],
    [
      "a letter loads the engine lazily",
      LETTER,
      'export const x = () => import("@nk/engine");',
      "namespace import",
    ],
    [
      "a letter re-exports the rounding",
      LETTER,
      'export { roundEurosHalfUpToCents } from "@nk/engine";',
      "'roundEurosHalfUpToCents' rounds or computes",
    ],
    [
      "a letter imports a decimal library",
      LETTER,
      'import Decimal from "decimal.js";\nexport const x = Decimal;',
      "decimal library",
    ],
    [
      "a statement view subtracts decimal texts",
      VIEW,
      'import { subtractDecimalText } from "@nk/contract";\nexport const x = subtractDecimalText;',
      "'subtractDecimalText' rounds or computes",
    ],
    [
      "a statement page imports Decimal",
      "apps/web/src/features/statements/pages/x.tsx",
      'import { Decimal } from "@nk/engine";\nexport const x = Decimal;',
      "'Decimal' rounds or computes",
    ],
    // Decision 1043: the preview's figure files, and the arithmetic itself.
    [
      "the preview's figures scale money to cents",
      PREVIEW,
      'import { toScaledBigInt } from "@nk/contract";\nexport const x = toScaledBigInt;',
      "'toScaledBigInt' rounds or computes",
    ],
    [
      "the charts add decimal texts",
      CHARTS,
      'import { sumDecimalTexts } from "@nk/contract";\nexport const x = sumDecimalTexts;',
      "'sumDecimalTexts' rounds or computes",
    ],
    [
      "a view turns an amount into a number",
      VIEW,
      "export const x = (line: { amount: string }) => Number(line.amount);",
      "'Number' turns a figure into a number",
    ],
    [
      "a letter parses a quantity as a float",
      LETTER,
      "export const x = (reading: { value: string }) => parseFloat(reading.value);",
      "'parseFloat' turns a figure into a number",
    ],
    [
      "a letter parses with Number.parseFloat",
      LETTER,
      "export const x = (reading: { value: string }) => Number.parseFloat(reading.value);",
      "'Number.parseFloat' turns a figure into a number",
    ],
    [
      "a view scales money as a BigInt",
      VIEW,
      "export const x = (cents: string) => BigInt(cents);",
      "'BigInt' turns a figure into a number",
    ],
    [
      "a view converts with unary plus",
      VIEW,
      "export const x = (text: string) => +text;",
      "'unary +' turns a figure into a number",
    ],
    [
      "a letter rounds with toFixed",
      LETTER,
      "export const x = (euros: number) => euros.toFixed(2);",
      "'toFixed' rounds",
    ],
    [
      "a view rounds with Math.round",
      VIEW,
      "export const x = (euros: number) => Math.round(euros * 100);",
      "'Math.round' rounds",
    ],
    [
      "the preview adds the units' totals",
      PREVIEW,
      "export const x = (a: { total: number }, b: { total: number }) => a.total + b.total;",
      "'+' on 'total' computes with a figure",
    ],
    [
      "the charts divide an area",
      CHARTS,
      "export const x = (unit: { area: number }, kwh: number) => kwh / unit.area;",
      "'/' on 'area' computes with a figure",
    ],
    [
      "a letter adds up shares in a loop",
      LETTER,
      "export function x(lines: { share: number }[]) {\n  let sum = 0;\n  for (const line of lines) sum += line.share;\n  return sum;\n}",
      "'+=' on 'share' computes with a figure",
    ],
  ])("fails when %s", async (_case, filePath, code, message) => {
    const errors = await findArithmeticErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    [
      "a letter formats with the contract and reads the engine's result",
      LETTER,
      'import { formatEuroDe, formatQuantityDe, compareDecimalText } from "@nk/contract";\nimport { getAllocationParts, completeStoredResult, type StatementResult } from "@nk/engine";\nexport const x = [formatEuroDe, formatQuantityDe, compareDecimalText, getAllocationParts, completeStoredResult] as unknown as StatementResult;',
    ],
    [
      "a statement view formats euros",
      VIEW,
      'import { formatEuroDe } from "@nk/contract";\nimport type { StatementResult } from "@nk/engine";\nexport const x: [typeof formatEuroDe, StatementResult | null] = [formatEuroDe, null];',
    ],
    [
      "a chart sizes its bars from the text (decision 1043)",
      CHARTS,
      'import { toChartLength } from "@nk/contract";\nexport const x = (unit: { perM2: string | null }) => toChartLength(unit.perM2);',
    ],
    [
      "a view lays out a chart and counts pages",
      VIEW,
      "export const x = (width: number, total: number, index: number) => [Math.floor(width / 7), Math.ceil(total / 20), index + 1];",
    ],
    [
      "the preview formats the engine's share",
      PREVIEW,
      'import { formatDecimalTextDe } from "@nk/contract";\nexport const x = (unit: { sharePercent: string }) => `${formatDecimalTextDe(unit.sharePercent, 2)} %`;',
    ],
    // Outside the formatting-only files the helpers stay available (the engine, the server's services).
    [
      "the server's calculation service uses the engine's money helpers",
      "apps/server/src/features/statements/x-service.ts",
      'import { parseMoneyToCents } from "@nk/engine";\nexport const x = parseMoneyToCents;',
    ],
    [
      "the engine uses its decimal module",
      "packages/engine/src/statement/x.ts",
      'import { Decimal } from "../money/decimal.ts";\nexport const x = Decimal;',
    ],
    [
      "the wizard's form reads a number outside the figure files",
      "apps/web/src/features/statements/lib/cost-form.ts",
      "export const x = (text: string) => Number(text);",
    ],
  ])("passes when %s", async (_case, filePath, code) => {
    expect(await findArithmeticErrors(filePath, code)).toEqual([]);
  });
});
