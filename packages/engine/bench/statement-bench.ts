/**
 * npm run bench: times the statement calculation for a property of 2,000 units (20 cost
 * items of all keys, a tenant change in every fifth unit) and scales it up to 20,000 units.
 * Each size runs in its own child process so that its peak memory (max RSS) is its own.
 * Prints times and memory; asserts nothing (no timed assertions anywhere).
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { calculateStatement } from "../src/index.ts";
import { buildBenchInput } from "./bench-input.ts";

const SIZES = [2000, 5000, 10000, 20000];
const RUNS_PER_SIZE = 3;

interface Measurement {
  units: number;
  lines: number;
  bestMs: number;
  medianMs: number;
  peakRssMiB: number;
  heapUsedMiB: number;
}

function measureOneSize(unitCount: number): Measurement {
  const input = buildBenchInput(unitCount);
  const timings: number[] = [];
  let lines = 0;
  for (let run = 0; run < RUNS_PER_SIZE; run += 1) {
    const started = process.hrtime.bigint();
    const outcome = calculateStatement(input);
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (!outcome.ok) throw new Error(`Bench input rejected: ${outcome.errors.join("; ")}`);
    lines = outcome.result.tenancies.length + outcome.result.vacancy.length;
    timings.push(elapsed);
  }
  timings.sort((a, b) => a - b);
  return {
    units: unitCount,
    lines,
    bestMs: round(timings[0] ?? 0),
    medianMs: round(timings[Math.floor(timings.length / 2)] ?? 0),
    peakRssMiB: round(process.resourceUsage().maxRSS / 1024),
    heapUsedMiB: round(process.memoryUsage().heapUsed / 1024 / 1024),
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function runParent(): void {
  const script = fileURLToPath(import.meta.url);
  const results: Measurement[] = [];
  console.log(`Statement benchmark: 20 cost items (all five keys), tenant change in every fifth unit, CO2 split; ${RUNS_PER_SIZE} runs per size, first run includes warm-up`);
  console.log("units    lines   best ms   median ms   ms per 1000 units   peak RSS MiB");
  for (const size of SIZES) {
    const output = execFileSync(process.execPath, [...process.execArgv, script, String(size)], { encoding: "utf8" });
    const measurement = JSON.parse(output) as Measurement;
    results.push(measurement);
    console.log(
      `${String(measurement.units).padStart(5)}  ${String(measurement.lines).padStart(7)}  ${measurement.bestMs.toFixed(1).padStart(8)}  ${measurement.medianMs.toFixed(1).padStart(10)}  ${(measurement.bestMs / (measurement.units / 1000)).toFixed(1).padStart(18)}  ${measurement.peakRssMiB.toFixed(1).padStart(13)}`,
    );
  }
  const first = results[0];
  const last = results[results.length - 1];
  if (first && last) {
    const sizeFactor = last.units / first.units;
    const timeFactor = last.bestMs / first.bestMs;
    console.log(`${sizeFactor}x the units took ${timeFactor.toFixed(1)}x the time (linear would be ${sizeFactor}x).`);
  }
}

const sizeArgument = process.argv[2];
if (sizeArgument) process.stdout.write(JSON.stringify(measureOneSize(Number(sizeArgument))));
else runParent();
