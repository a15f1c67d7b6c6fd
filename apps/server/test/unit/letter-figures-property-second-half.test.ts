import { describe, it } from "vitest";
import { checkRandomStatementLetters, expectCoverage, LETTER_PROPERTY_RUNS } from "../support/letter-figures-property.ts";

// Issue 25: every figure a letter prints is the engine's, over random statements
// (apps/server/test/support/letter-figures-property.ts). The second half of the 10,000 statements
// (decision 1043: two files, so that the unit suite's two workers share the work).

const RUNS = Math.floor(LETTER_PROPERTY_RUNS / 2);

describe("every figure a letter prints is the engine's (issue 25)", () => {
  it(`holds for ${RUNS.toLocaleString("de-DE")} random statements (the second half)`, () => {
    expectCoverage(checkRandomStatementLetters(RUNS, 25_2027), RUNS);
  }, 600_000);
});
