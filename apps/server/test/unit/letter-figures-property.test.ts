import assert from "node:assert/strict";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateStatement, parseMoneyToCents, type StatementInput, type StatementResult } from "@nk/engine";
import { validStatementInput } from "../../../../packages/engine/test/support/arbitraries.ts";
import { buildLetterModel } from "../../src/features/statement-documents/build-letter-model.ts";
import { buildLetterLegal } from "../../src/features/statement-documents/letter-legal-source.ts";
import type { LetterModel, LetterSource } from "../../src/features/statement-documents/letter-model.ts";
import { SAMPLE_SENDER } from "../support/letter-fixture.ts";

// Issue 25: every figure a letter prints comes from the engine. Over random valid statements
// (tenant changes, vacancy, occupant periods, § 35a labour costs, CO2, excluded units,
// decentralised hot water: the engine's own generator), the letter model of every tenancy is
// built as the PDF is (without rendering) and read back as printed text: the item lines add up
// to the printed total, each step's printed result adds up to the printed share, the § 35a lines
// to their printed sums, the prepayment months to the printed prepayments, and every printed
// amount is the engine's figure. The checks inside the loop use node:assert's strict equality
// (Object.is, deep strict equality): the same checks as vitest's expect (no looser), at well under
// half its cost per call, which was more than half of the test's time (decision 1043).
// LETTER_PROPERTY_RUNS overrides the number of statements (default 10,000).

const RUNS = Number(process.env.LETTER_PROPERTY_RUNS ?? 10_000);

/** A printed euro amount ("1.234,56 €", "− 3,10 €") as cents. */
function printedCents(text: string): number {
  const match = /(-|−)?\s*([\d.]+,\d{2}) €\s*$/.exec(text.trim());
  if (!match) throw new Error(`Kein Eurobetrag: ${text}`);
  const cents = Number((match[2] as string).replace(/\./g, "").replace(",", ""));
  return match[1] ? -cents : cents;
}

const euroCents = (value: string) => printedCents(`${value.replace(".", ",")} €`);
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function letterSource(input: StatementInput, result: StatementResult, tenancyId: string): LetterSource {
  return {
    input,
    result,
    tenancyId,
    letterDate: result.period.end,
    draft: false,
    sender: SAMPLE_SENDER,
    property: { name: "Haus", street: "Gartenweg 7", postalCode: "12345", city: "Musterstadt" },
    unitNames: {},
    tenancyNames: {},
    tenantAddress: null,
    legal: buildLetterLegal({ result, tenancyId, version: 1, letterDate: result.period.end, lateExcuse: null, previous: null }),
  };
}

/** Every check of one tenancy's letter against the engine's result; returns what it checked. */
function checkLetter(model: LetterModel, result: StatementResult, tenancyIndex: number): { steps: number; taxLines: number; co2: number } {
  const tenancy = result.tenancies[tenancyIndex] as StatementResult["tenancies"][number];
  const figures = result.letters?.tenancies[tenancyIndex];
  // The item lines add up to the printed total, which is the engine's total.
  assert.equal(sum(model.costLines.map((line) => euroCents(line.share))), euroCents(model.totalCosts));
  assert.equal(model.totalCosts, tenancy.total);
  // Issue 24: items the flat takes no part in are printed "nicht beteiligt" with 0,00 and no steps.
  const participating = model.costLines.filter((line) => line.notParticipating === null);
  for (const line of model.costLines.filter((entry) => entry.notParticipating !== null)) assert.deepEqual([line.share, line.steps.length], ["0.00", 0]);
  assert.equal(model.costLines.length, result.items.length);
  assert.deepEqual(participating.map((line) => line.share), tenancy.allocations.map((allocation) => allocation.amount));
  let steps = 0;
  for (const [index, line] of participating.entries()) {
    const allocation = tenancy.allocations[index] as StatementResult["tenancies"][number]["allocations"][number];
    // Each step prints "… = result"; the results add up to the share printed beside them (before a § 12 cut).
    const shareSteps = line.heizkvReduction ? line.steps.slice(0, -1) : line.steps;
    if (shareSteps.length > 0) {
      assert.equal(sum(shareSteps.map((step) => printedCents(step.amount))), euroCents(line.heizkvReduction?.shareBefore ?? line.share));
      steps += shareSteps.length;
    }
    assert.equal(line.heizkvReduction?.cut ?? null, allocation.heizkvReduction ?? null);
  }
  // § 35a: the engine's labour shares, adding up to the printed sums.
  const laborAllocations = tenancy.allocations.filter((allocation) => allocation.laborCosts !== undefined && parseMoneyToCents(result.items[allocation.item]?.laborCosts ?? "0") > 0);
  assert.deepEqual(model.taxLines.map((line) => line.yourShare), laborAllocations.map((allocation) => allocation.laborCosts));
  if (model.taxLines.length > 0) {
    assert.deepEqual(model.taxTotals, tenancy.taxDeductible);
    for (const category of ["householdServices", "craftsmen"] as const) {
      const label = category === "craftsmen" ? "Handwerkerleistungen (§ 35a Abs. 3 EStG)" : "Haushaltsnahe Dienstleistungen (§ 35a Abs. 2 EStG)";
      const lines = model.taxLines.filter((line) => line.categoryLabel === label);
      assert.equal(sum(lines.map((line) => euroCents(line.yourShare))), euroCents(model.taxTotals?.[category] ?? "0"));
    }
  }
  // Prepayments: the months add up to the printed sum, the engine's.
  assert.equal(sum(model.prepaymentMonths.map((month) => euroCents(month.amount))), euroCents(model.prepayments));
  assert.equal(model.prepayments, tenancy.prepayments);
  assert.equal(model.balance, tenancy.balance);
  assert.equal(euroCents(model.resultAmount), Math.abs(euroCents(tenancy.balance)));
  // CO2: the tenancy's part is the engine's split.
  let co2 = 0;
  if (model.co2?.yourCost) {
    assert.equal(model.co2.yourCost, figures?.co2?.tenantCost ?? "0.00");
    co2 = 1;
  }
  return { steps, taxLines: model.taxLines.length, co2 };
}

interface PropertyCoverage {
  statements: number;
  letters: number;
  steps: number;
  taxLines: number;
  co2Letters: number;
  tenantChanges: number;
  vacancies: number;
}

/** Checks every tenancy's letter of `runs` random statements from `seed`; returns what it reached. */
function checkRandomStatementLetters(runs: number, seed: number): PropertyCoverage {
  const seen: PropertyCoverage = { statements: 0, letters: 0, steps: 0, taxLines: 0, co2Letters: 0, tenantChanges: 0, vacancies: 0 };
  fc.assert(
    fc.property(validStatementInput, (input) => {
      const outcome = calculateStatement(input, { includeLetterFigures: true });
      if (!outcome.ok) return;
      const { result } = outcome;
      seen.statements += 1;
      if (result.vacancy.length > 0) seen.vacancies += 1;
      if (new Set(result.tenancies.map((t) => t.unitId)).size < result.tenancies.length) seen.tenantChanges += 1;
      // The CO2 parts of all lines add up to the tenants' CO2 cost (vacancy lines are the landlord's).
      if (result.co2?.tenantCost && result.letters?.tenancies.some((t) => t.co2)) {
        const linesCents = sum(result.letters.tenancies.map((t) => euroCents(t.co2?.tenantCost ?? "0")));
        assert.ok(linesCents <= euroCents(result.co2.tenantCost), `CO2 der Mietverhältnisse ${linesCents} Cent über den Mieterkosten ${result.co2.tenantCost}`);
      }
      for (const [index, tenancy] of result.tenancies.entries()) {
        const model = buildLetterModel(letterSource(input, result, tenancy.tenancyId));
        const checked = checkLetter(model, result, index);
        seen.letters += 1;
        seen.steps += checked.steps;
        seen.taxLines += checked.taxLines;
        seen.co2Letters += checked.co2;
      }
    }),
    { numRuns: runs, seed },
  );
  return seen;
}

/** The generator really reached what the issue names. */
function expectCoverage(seen: PropertyCoverage, runs: number): void {
  expect(seen.statements).toBeGreaterThan(runs * 0.5);
  expect(seen.taxLines).toBeGreaterThan(0);
  expect(seen.co2Letters).toBeGreaterThan(0);
  expect(seen.tenantChanges).toBeGreaterThan(0);
  expect(seen.vacancies).toBeGreaterThan(0);
}

describe("every figure a letter prints is the engine's (issue 25)", () => {
  it(`holds for ${RUNS.toLocaleString("de-DE")} random statements`, () => {
    expectCoverage(checkRandomStatementLetters(RUNS, 25_2026), RUNS);
  }, 600_000);
});
