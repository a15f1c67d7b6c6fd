/**
 * npm run bench: times the statement calculation for a property of 2,000 units (20 cost
 * items of all keys, a tenant change in every fifth unit) and scales it up to 20,000 units.
 * Each size runs in its own child process so that its peak memory (max RSS) is its own.
 * Prints times and memory; asserts nothing (no timed assertions anywhere).
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildLetterFigures, calculateStatement, compactStatementResult } from "../src/index.ts";
import { buildBenchInput } from "./bench-input.ts";

const SIZES = [2000, 5000, 10000, 20000];
/** Runs per size: the first is cold; small sizes get more warm runs so that the JIT has settled. */
const getRunsPerSize = (units: number): number => (units <= 5000 ? 12 : 4);

interface Measurement {
  units: number;
  lines: number;
  allocations: number;
  /** The first call, with the JIT still cold. */
  coldMs: number;
  bestMs: number;
  bestCpuMs: number;
  medianMs: number;
  /** Max RSS with the input built, before the first calculation. */
  baselineRssMiB: number;
  /** Max RSS after one (cold) calculation: the peak of a single statement. */
  peakRssOneRunMiB: number;
  /** Max RSS after all runs (garbage of earlier runs included). */
  peakRssAllRunsMiB: number;
  /** Size of the result as JSON. */
  resultHeapMiB: number;
  /** Size of the result as the server stores it (contract v1.6, decision 1730), MB (10^6 bytes). */
  storedMB: number;
  /** Best warm CPU time with `includeBasis: false` (no step-by-step basis), after the runs above. */
  bestCpuWithoutBasisMs: number;
  /** Best warm wall time with the letter figures (contract v1.2, `includeLetterFigures`, as the server calls it). */
  bestWithLettersMs: number;
  /** The letter figures alone (buildLetterFigures on the result), best warm wall time. */
  bestLettersAloneMs: number;
}

function measureOneSize(unitCount: number): Measurement {
  const input = buildBenchInput(unitCount);
  const baselineRss = process.resourceUsage().maxRSS / 1024;
  let peakRssOneRun = 0;
  let resultHeapMiB = 0;
  let storedMB = 0;
  const timings: { wall: number; cpu: number }[] = [];
  let lines = 0;
  let allocations = 0;
  for (let run = 0; run < getRunsPerSize(unitCount); run += 1) {
    const cpuBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    const outcome = calculateStatement(input);
    const wall = Number(process.hrtime.bigint() - started) / 1e6;
    const cpu = process.cpuUsage(cpuBefore);
    if (!outcome.ok) throw new Error(`Bench input rejected: ${outcome.errors.join("; ")}`);
    lines = outcome.result.tenancies.length + outcome.result.vacancy.length;
    allocations = [...outcome.result.tenancies, ...outcome.result.vacancy].reduce(
      (sum, line) => sum + line.allocations.length,
      0,
    );
    timings.push({ wall, cpu: (cpu.user + cpu.system) / 1000 });
    if (run === 0) {
      peakRssOneRun = process.resourceUsage().maxRSS / 1024;
      resultHeapMiB = Buffer.byteLength(JSON.stringify(outcome.result)) / 1024 / 1024;
      storedMB = Buffer.byteLength(JSON.stringify(compactStatementResult(outcome.result))) / 1e6;
    }
  }
  const peakRssAllRuns = process.resourceUsage().maxRSS / 1024;
  // The same statement without the step-by-step basis: what the basis costs (informational).
  const withoutBasis: number[] = [];
  for (let run = 0; run < getRunsPerSize(unitCount); run += 1) {
    const cpuBefore = process.cpuUsage();
    calculateStatement(input, { includeBasis: false });
    const cpu = process.cpuUsage(cpuBefore);
    if (run > 0) withoutBasis.push((cpu.user + cpu.system) / 1000);
  }
  // Contract v1.2 (decision 1040): the call the server makes, and the letter figures alone.
  const withLetters: number[] = [];
  const lettersAlone: number[] = [];
  for (let run = 0; run < getRunsPerSize(unitCount); run += 1) {
    let started = process.hrtime.bigint();
    const outcome = calculateStatement(input, { includeLetterFigures: true });
    if (run > 0) withLetters.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (!outcome.ok) throw new Error("Bench input rejected");
    started = process.hrtime.bigint();
    buildLetterFigures(input, outcome.result);
    if (run > 0) lettersAlone.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const cold = timings[0]?.wall ?? 0;
  const warm = timings.slice(1).sort((a, b) => a.wall - b.wall);
  return {
    units: unitCount,
    lines,
    allocations,
    coldMs: round(cold),
    bestMs: round(warm[0]?.wall ?? cold),
    bestCpuMs: round(warm[0]?.cpu ?? 0),
    medianMs: round(warm[Math.floor(warm.length / 2)]?.wall ?? cold),
    baselineRssMiB: round(baselineRss),
    peakRssOneRunMiB: round(peakRssOneRun),
    peakRssAllRunsMiB: round(peakRssAllRuns),
    resultHeapMiB: round(resultHeapMiB),
    storedMB: round(storedMB),
    bestCpuWithoutBasisMs: round(Math.min(...withoutBasis)),
    bestWithLettersMs: round(Math.min(...withLetters)),
    bestLettersAloneMs: round(Math.min(...lettersAlone)),
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function runParent(): void {
  const script = fileURLToPath(import.meta.url);
  const results: Measurement[] = [];
  console.log(
    `Statement benchmark: 20 cost items (all five keys), a tenant change in every fifth unit, CO2 split.`,
  );
  console.log(
    `Each size in its own process; 1 cold run, then ${getRunsPerSize(2000) - 1} warm runs (${getRunsPerSize(20000) - 1} from 10,000 units). RSS is the whole process`,
  );
  console.log(
    "(Node, tsx and the input included: 'base' is before the first calculation). Wall times suffer when the machine is busy; CPU time less so.",
  );
  console.log(
    "The last column repeats the warm runs with includeBasis: false (no step-by-step basis); the other columns are the default call.",
  );
  console.log(
    "'with letters' is the call the server makes (includeLetterFigures, contract v1.2); 'letters' the letter figures alone (decision 1040).",
  );
  console.log(
    "'stored MB' is the result as the server stores it (compact, contract v1.6, decision 1730), in 10^6 bytes.",
  );
  console.log(
    "units   lines  allocations  cold ms  best ms  best CPU ms  median ms  ms/1000 units  base MiB  peak 1 run  peak all  JSON MiB  stored MB  CPU ms w/o basis  with letters ms  letters ms",
  );
  for (const size of SIZES) {
    const output = execFileSync(process.execPath, [...process.execArgv, script, String(size)], {
      encoding: "utf8",
    });
    const m = JSON.parse(output) as Measurement;
    results.push(m);
    console.log(
      [
        String(m.units).padStart(5),
        String(m.lines).padStart(7),
        String(m.allocations).padStart(12),
        m.coldMs.toFixed(0).padStart(8),
        m.bestMs.toFixed(0).padStart(8),
        m.bestCpuMs.toFixed(0).padStart(12),
        m.medianMs.toFixed(0).padStart(10),
        (m.bestMs / (m.units / 1000)).toFixed(0).padStart(14),
        m.baselineRssMiB.toFixed(0).padStart(9),
        m.peakRssOneRunMiB.toFixed(0).padStart(11),
        m.peakRssAllRunsMiB.toFixed(0).padStart(9),
        m.resultHeapMiB.toFixed(1).padStart(9),
        m.storedMB.toFixed(2).padStart(10),
        m.bestCpuWithoutBasisMs.toFixed(0).padStart(17),
        m.bestWithLettersMs.toFixed(0).padStart(16),
        m.bestLettersAloneMs.toFixed(0).padStart(11),
      ].join(" "),
    );
  }
  const first = results[0];
  const last = results[results.length - 1];
  if (first && last) {
    const sizeFactor = last.units / first.units;
    console.log(
      `${sizeFactor}x the units took ${(last.bestMs / first.bestMs).toFixed(1)}x the time (linear: ${sizeFactor}x).`,
    );
  }
}

const sizeArgument = process.argv[2];
if (sizeArgument) process.stdout.write(JSON.stringify(measureOneSize(Number(sizeArgument))));
else runParent();
