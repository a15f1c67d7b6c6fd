/**
 * npm run bench (letters): the warm time of one 3-page statement letter (on this thread, as a
 * single letter is made on request), and N letters (default 1,000; LETTER_BENCH_N) through the
 * server's worker pool (LETTER_RENDER_WORKERS, default 2, at most the cores) as a run's letters
 * are made, with throughput and peak memory (max RSS of the process, its worker threads
 * included), plus one PDF holding 100 letters. Prints figures; asserts nothing.
 */
import os from "node:os";
import { createLetterRenderPool } from "../src/features/statement-documents/letter-render-pool.ts";
import { mapInOrder } from "../src/features/statement-documents/map-in-order.ts";
import { createLogger } from "../src/lib/logger.ts";
import { buildLetterModel } from "../src/features/statement-documents/build-letter-model.ts";
import { buildLettersDocument } from "../src/features/statement-documents/letter-document.ts";
import type { LetterSource } from "../src/features/statement-documents/letter-model.ts";
import { renderPdf } from "../src/features/statement-documents/pdf-renderer.ts";
import { calculateStatement } from "@nk/engine";
import { SAMPLE_INPUT, sampleLetterSource } from "../test/support/letter-fixture.ts";

const WARM_RUNS = 30;
// The JIT compiles pdfmake's and pdfkit's hot paths over the first letters: 'warm' is measured
// after this many unmeasured letters (a server has made many letters before).
const WARM_UP_RUNS = 10;
const letterCount = Number(process.env.LETTER_BENCH_N ?? 1000);

/** A plainer statement (water, waste, tax, insurance, caretaker with § 35a; one meter) that prints on three pages. */
function threePageSource(): LetterSource {
  const input = {
    ...SAMPLE_INPUT,
    co2: null,
    costItems: SAMPLE_INPUT.costItems.filter((c) =>
      [
        "Kaltwasser",
        "Abwasser",
        "Müllabfuhr",
        "Grundsteuer",
        "Versicherung",
        "Hausmeister",
      ].includes(c.costType),
    ),
  };
  const outcome = calculateStatement(input, { includeLetterFigures: true });
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  const base = sampleLetterSource("krueger", { input, result: outcome.result });
  return { ...base, meterReadings: base.meterReadings?.slice(2, 3) ?? [] };
}

async function renderOne(source: LetterSource) {
  const model = buildLetterModel(source);
  return renderPdf(buildLettersDocument([{ model }], source.result.totalCosts));
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

console.log(
  `Load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ")} on ${os.cpus().length} cores (other processes slow every figure)`,
);
const three = threePageSource();
const cold = performance.now();
const first = await renderOne(three);
const coldMs = performance.now() - cold;
for (let run = 0; run < WARM_UP_RUNS; run += 1) await renderOne(three);
const warm: number[] = [];
const warmCpu: number[] = [];
for (let run = 0; run < WARM_RUNS; run += 1) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  await renderOne(three);
  const used = process.cpuUsage(cpu);
  warm.push(performance.now() - start);
  warmCpu.push((used.user + used.system) / 1000);
}
// CPU time beside wall time: on a machine shared with other work the wall time mostly measures the others.
console.log(
  `Letter PDF, ${first.pageCount} pages (${(first.bytes.length / 1024).toFixed(0)} KiB): cold ${coldMs.toFixed(0)} ms, ` +
    `warm median ${median(warm).toFixed(1)} ms (CPU ${median(warmCpu).toFixed(1)} ms), best ${Math.min(...warm).toFixed(1)} ms (${WARM_RUNS} runs after ${WARM_UP_RUNS} unmeasured)`,
);

const sources = ["schulz", "oezdemir", "krueger", "weiss"].map((id) => sampleLetterSource(id));
const poolSize = Math.min(
  Number(process.env.LETTER_RENDER_WORKERS ?? 2),
  os.availableParallelism(),
);
const pool = createLetterRenderPool({
  size: poolSize,
  logger: createLogger("warn", { service: "letter-bench" }),
});
const started = performance.now();
const startedCpu = process.cpuUsage();
let pages = 0;
let bytes = 0;
// As the server makes a run's letters: the model on this thread, layout and PDF in the pool,
// a few letters in flight per thread (the threads start with the first letters: included).
await mapInOrder(
  Array.from({ length: letterCount }, (_, index) => index),
  poolSize * 4,
  async (index) => {
    const source = sources[index % sources.length]!;
    const pdf = await pool.renderLetters(
      [{ model: buildLetterModel(source) }],
      source.result.totalCosts,
    );
    pages += pdf.pageCount;
    bytes += pdf.bytes.length;
  },
);
const seconds = (performance.now() - started) / 1000;
const cpuUsed = process.cpuUsage(startedCpu);
const cpuSeconds = (cpuUsed.user + cpuUsed.system) / 1e6;
await pool.close();
console.log(
  `${letterCount} letters (${pages} pages, ${mib(bytes)} MiB of PDF) through the pool of ${poolSize} worker threads: ${seconds.toFixed(1)} s wall, ${cpuSeconds.toFixed(1)} s CPU (all threads), ` +
    `${(letterCount / seconds).toFixed(1)} letters/s; peak memory (max RSS) ${mib(process.resourceUsage().maxRSS * 1024)} MiB`,
);

const runs = [];
for (let index = 0; index < 100; index += 1) {
  const source = sources[index % sources.length]!;
  const model = buildLetterModel(source);
  runs.push({
    model,
    pageCount: (await renderPdf(buildLettersDocument([{ model }], source.result.totalCosts)))
      .pageCount,
  });
}
const allStart = performance.now();
const all = await renderPdf(buildLettersDocument(runs, sources[0]!.result.totalCosts));
console.log(
  `One PDF with 100 letters: ${all.pageCount} pages, ${mib(all.bytes.length)} MiB in ${((performance.now() - allStart) / 1000).toFixed(1)} s; ` +
    `peak memory (max RSS) ${mib(process.resourceUsage().maxRSS * 1024)} MiB`,
);
