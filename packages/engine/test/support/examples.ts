import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The repository's copy of the specification's calc-examples (`npm run sync:examples`
 * compares it with the specification where that exists); tests never read outside the repository.
 */
export const EXAMPLES_DIRECTORY = fileURLToPath(
  new URL("../fixtures/calc-examples/", import.meta.url),
);

export interface ExampleCase {
  name: string;
  inputPath: string;
  input: unknown;
  expected: unknown;
}

/** The product's own worked examples beyond the specification's (issue 24: letters and the law). */
export const LETTER_LAW_EXAMPLES_DIRECTORY = fileURLToPath(
  new URL("../fixtures/letter-law-examples/", import.meta.url),
);

/** Reads every `<name>.input.json` with its `<name>.expected.json`. */
export function loadExamples(directory: string = EXAMPLES_DIRECTORY): ExampleCase[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith(".input.json"))
    .sort()
    .map((file) => {
      const name = file.slice(0, -".input.json".length);
      const inputPath = `${directory}${file}`;
      return {
        name,
        inputPath,
        input: JSON.parse(readFileSync(inputPath, "utf8")) as unknown,
        expected: JSON.parse(readFileSync(`${directory}${name}.expected.json`, "utf8")) as unknown,
      };
    });
}

/**
 * Keeps of `actual` only the fields `expected` names (objects), element by element (lists,
 * whose lengths must match), so that extra output fields do not count.
 */
export function pickExpectedFields(actual: unknown, expected: unknown): unknown {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return actual;
    return actual.map((value, index) => pickExpectedFields(value, expected[index]));
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return actual;
    const picked: Record<string, unknown> = {};
    for (const key of Object.keys(expected))
      picked[key] = pickExpectedFields(
        (actual as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
      );
    return picked;
  }
  return actual;
}
