import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { EXAMPLES_DIRECTORY, pickExpectedFields } from "../support/examples.ts";
import { buildBaseInput } from "../support/inputs.ts";

const REPOSITORY_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const temporaryDirectory = mkdtempSync(join(tmpdir(), "nk-calc-"));

afterAll(() => rmSync(temporaryDirectory, { recursive: true, force: true }));

// Runs the command as `npm run calc` does: node --import tsx packages/engine/src/cli/calc.ts.
function runCalc(argument: string | undefined, standardInput?: string) {
  const result = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "packages/engine/src/cli/calc.ts",
      ...(argument === undefined ? [] : [argument]),
    ],
    {
      cwd: REPOSITORY_ROOT,
      input: standardInput ?? "",
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    json: parseOrNull(result.stdout),
  };
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function writeInput(name: string, content: string): string {
  const path = join(temporaryDirectory, name);
  writeFileSync(path, content);
  return path;
}

describe("npm run calc (contract v1 command)", () => {
  it("prints an example's expected output for a file and exits 0", async () => {
    const { default: expected } = await import(
      `${EXAMPLES_DIRECTORY}three-units-all-keys.expected.json`,
      { with: { type: "json" } }
    );
    const run = runCalc(`${EXAMPLES_DIRECTORY}three-units-all-keys.input.json`);
    expect(run.status).toBe(0);
    expect(pickExpectedFields(run.json, expected)).toEqual(expected);
    expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it("reads standard input with '-'", async () => {
    const { readFileSync } = await import("node:fs");
    const run = runCalc(
      "-",
      readFileSync(
        `${EXAMPLES_DIRECTORY}area-key-move-out-vacancy-prepayment-change.input.json`,
        "utf8",
      ),
    );
    expect(run.status).toBe(0);
    expect((run.json as { totalCosts: string }).totalCosts).toBe("1500.00");
  });

  it("prints the HeizkV violation as errors and exits 2", () => {
    const run = runCalc(`${EXAMPLES_DIRECTORY}heizkv-violation.input.json`);
    expect(run.status).toBe(2);
    expect(run.json).toEqual({
      errors: ["HeizkV-Verstoß: Verbrauchsanteil 80% liegt außerhalb 50-70%"],
    });
  });

  it("says so when the input is not JSON, without a stack trace", () => {
    const run = runCalc("-", '{"period": {"start": "2024-01-01",\n  "end": 2024-12-31}}');
    expect(run.status).toBe(2);
    expect(run.json).toEqual({ errors: ["Eingabe ist kein gültiges JSON: Zeile 2, Spalte 14"] });
    expect(run.stderr).toBe("");
    const empty = runCalc("-", "");
    expect(empty.json).toEqual({
      errors: ["Eingabe ist kein gültiges JSON: Die Eingabe ist leer"],
    });
  });

  it("names a missing field", () => {
    const input = buildBaseInput() as unknown as Record<string, unknown>;
    delete input.costItems;
    const run = runCalc(writeInput("missing.json", JSON.stringify(input)));
    expect(run.status).toBe(2);
    expect(run.json).toEqual({ errors: ['Feld "costItems" fehlt'] });
  });

  it("names a field of the wrong type", () => {
    const input = buildBaseInput();
    (input.units[0] as unknown as Record<string, unknown>).area = "sechzig";
    const run = runCalc("-", JSON.stringify(input));
    expect(run.status).toBe(2);
    expect(run.json).toEqual({ errors: ['Feld "units[0].area" muss eine Zahl sein'] });
  });

  it("reports a file it cannot read and a missing argument", () => {
    const missing = runCalc(join(temporaryDirectory, "does-not-exist.json"));
    expect(missing.status).toBe(2);
    expect((missing.json as { errors: string[] }).errors[0]).toMatch(/kann nicht gelesen werden/);
    const noArgument = runCalc(undefined);
    expect(noArgument.status).toBe(2);
    expect((noArgument.json as { errors: string[] }).errors[0]).toMatch(/^Aufruf:/);
  });
});
