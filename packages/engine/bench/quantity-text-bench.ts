/**
 * Decision 1640: what reading quantities as decimal text costs the engine. Times the statement
 * of 2,000 units (as `npm run bench` builds it) with its quantities as JSON numbers and as
 * decimal text, alternating, in one process; prints the best and median warm wall times of
 * each. Asserts nothing (no timed assertions anywhere). Run: node --import tsx
 * packages/engine/bench/quantity-text-bench.ts [units] [rounds]
 */
import { calculateStatement, type StatementInput } from "../src/index.ts";
import { buildBenchInput, toQuantityTextInput } from "./bench-input.ts";

const units = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 15);

function timeOnce(input: StatementInput): number {
  const started = process.hrtime.bigint();
  const outcome = calculateStatement(input);
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  if (!outcome.ok) throw new Error(`Bench input rejected: ${outcome.errors.join("; ")}`);
  return wall;
}

const summarize = (times: number[]): string => {
  const sorted = [...times].sort((a, b) => a - b);
  return `best ${sorted[0]?.toFixed(1)} ms, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms`;
};

const asNumbers = buildBenchInput(units);
const asText = toQuantityTextInput(asNumbers);
const numberTimes: number[] = [];
const textTimes: number[] = [];
// Two cold runs each first, so that both forms are measured warm.
for (let run = 0; run < 2; run += 1) {
  timeOnce(asNumbers);
  timeOnce(asText);
}
for (let round = 0; round < rounds; round += 1) {
  numberTimes.push(timeOnce(asNumbers));
  textTimes.push(timeOnce(asText));
}
console.log(`${units} units, ${rounds} warm runs each, alternating`);
console.log(`quantities as numbers: ${summarize(numberTimes)}`);
console.log(`quantities as text:    ${summarize(textTimes)}`);
