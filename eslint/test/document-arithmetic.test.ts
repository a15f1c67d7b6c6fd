import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Issue 25: the documents and the web app's statement views only format the engine's figures.
// Each case lints a deliberate violation (or the allowed import next to it) with the
// repository's own eslint.config.js, so the rule holds by tool rather than by habit.

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

async function findArithmeticErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "documents/no-arithmetic").map((message) => message.message);
}

const LETTER = "apps/server/src/features/statement-documents/x.ts";
const VIEW = "apps/web/src/features/statements/components/x.tsx";

describe("documents/no-arithmetic", () => {
  it.each([
    ["a letter imports Decimal from the engine", LETTER, 'import { Decimal } from "@nk/engine";\nexport const x = Decimal;', "'Decimal' rounds or computes"],
    ["a letter imports the largest-remainder rounding under another name", LETTER, 'import { allocateCentsByLargestRemainder as split } from "@nk/engine";\nexport const x = split;', "'allocateCentsByLargestRemainder' rounds or computes"],
    ["a letter prorates prepayments itself", LETTER, 'import { proratePrepayments } from "@nk/engine";\nexport const x = proratePrepayments;', "'proratePrepayments' rounds or computes"],
    ["a letter parses money to cents", LETTER, 'import { parseMoneyToCents } from "@nk/engine";\nexport const x = parseMoneyToCents;', "'parseMoneyToCents' rounds or computes"],
    ["a letter adds decimal texts with the contract's helper", LETTER, 'import { sumDecimalTexts } from "@nk/contract";\nexport const x = sumDecimalTexts;', "'sumDecimalTexts' rounds or computes"],
    ["a letter imports the engine's decimal module by path", LETTER, 'import { Decimal } from "../../../../../packages/engine/src/money/decimal.ts";\nexport const x = Decimal;', "is engine arithmetic"],
    ["a letter imports the engine's rounding by workspace path", LETTER, 'import { allocateScaledShares } from "@nk/engine/rounding/largest-remainder.ts";\nexport const x = allocateScaledShares;', "is engine arithmetic"],
    ["a letter imports the whole engine as a namespace", LETTER, 'import * as engine from "@nk/engine";\nexport const x = engine;', "namespace import"],
    ["a letter loads the engine lazily", LETTER, 'export const x = () => import("@nk/engine");', "namespace import"],
    ["a letter re-exports the rounding", LETTER, 'export { roundEurosHalfUpToCents } from "@nk/engine";', "'roundEurosHalfUpToCents' rounds or computes"],
    ["a letter imports a decimal library", LETTER, 'import Decimal from "decimal.js";\nexport const x = Decimal;', "decimal library"],
    ["a statement view subtracts decimal texts", VIEW, 'import { subtractDecimalText } from "@nk/contract";\nexport const x = subtractDecimalText;', "'subtractDecimalText' rounds or computes"],
    ["a statement page imports Decimal", "apps/web/src/features/statements/pages/x.tsx", 'import { Decimal } from "@nk/engine";\nexport const x = Decimal;', "'Decimal' rounds or computes"],
  ])("fails when %s", async (_case, filePath, code, message) => {
    const errors = await findArithmeticErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ["a letter formats with the contract and reads the engine's result", LETTER, 'import { formatEuroDe, formatQuantityDe, compareDecimalText } from "@nk/contract";\nimport { getAllocationParts, completeStoredResult, type StatementResult } from "@nk/engine";\nexport const x = [formatEuroDe, formatQuantityDe, compareDecimalText, getAllocationParts, completeStoredResult] as unknown as StatementResult;'],
    ["a statement view formats euros", VIEW, 'import { formatEuroDe } from "@nk/contract";\nimport type { StatementResult } from "@nk/engine";\nexport const x: [typeof formatEuroDe, StatementResult | null] = [formatEuroDe, null];'],
    // Outside the formatting-only files the helpers stay available (the engine, the server's services).
    ["the server's calculation service uses the engine's money helpers", "apps/server/src/features/statements/x-service.ts", 'import { parseMoneyToCents } from "@nk/engine";\nexport const x = parseMoneyToCents;'],
    ["the engine uses its decimal module", "packages/engine/src/statement/x.ts", 'import { Decimal } from "../money/decimal.ts";\nexport const x = Decimal;'],
  ])("passes when %s", async (_case, filePath, code) => {
    expect(await findArithmeticErrors(filePath, code)).toEqual([]);
  });
});
