/**
 * Writes test/fixtures/frozen-outputs.json: the statement outputs of the engine as it is
 * now, for the calc examples and for seeded random inputs (the inputs are stored with them,
 * so the fixture does not depend on the generators staying the same). The frozen-outputs
 * test proves that a change of the engine's inner workings gives identical outputs.
 * Run only on purpose, when an output is meant to change:
 *   node --import tsx packages/engine/test/support/write-frozen-outputs.ts
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { calculateStatement } from "../../src/index.ts";
import { buildBenchInput } from "../../bench/bench-input.ts";
import { validStatementInput } from "./arbitraries.ts";
import { loadExamples } from "./examples.ts";

const SEED = 20261124;
const RANDOM_CASES = 60;
const FIXTURE = fileURLToPath(new URL("../fixtures/frozen-outputs.json", import.meta.url));

const inputs: { name: string; input: unknown }[] = loadExamples().map((example) => ({
  name: example.name,
  input: example.input,
}));
inputs.push({ name: "bench-20-units", input: buildBenchInput(20) });
fc.sample(validStatementInput, { seed: SEED, numRuns: RANDOM_CASES }).forEach((input, index) =>
  inputs.push({ name: `random-${index}`, input }),
);

const cases = inputs.map(({ name, input }) => ({
  name,
  input,
  output: calculateStatement(input),
  outputWithoutBasis: calculateStatement(input, { includeBasis: false }),
}));
writeFileSync(FIXTURE, `${JSON.stringify({ seed: SEED, cases })}\n`);
console.log(`Wrote ${cases.length} cases to ${FIXTURE}`);
