import { pdfGenerationDuration, statementCalculationDuration } from "./metrics-registry.ts";

// The small API the statement and PDF code calls (GET /metrics shows the histograms):
//   const started = performance.now();
//   const output = calculateStatement(input);
//   observeCalculation(performance.now() - started);

/** Records one statement calculation that took `ms` milliseconds. */
export function observeCalculation(ms: number): void {
  statementCalculationDuration.observe(ms / 1000);
}

/** Records one PDF document that took `ms` milliseconds to generate. */
export function observePdf(ms: number): void {
  pdfGenerationDuration.observe(ms / 1000);
}

/** Runs `work`, records its duration with `observe` (also when it throws) and returns its result. */
export async function measureDuration<T>(
  observe: (ms: number) => void,
  work: () => Promise<T> | T,
): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    observe(performance.now() - started);
  }
}
