/**
 * The calculation command (contract v1):
 *   npm run -s calc -- path/to/input.json     # or '-' for standard input
 * Prints the result JSON and exits 0, or prints {"errors": [...]} with German messages and
 * exits 2. Never prints a stack trace. The only place of the engine with I/O.
 */
import { readFileSync } from "node:fs";
import { calculateStatement } from "../index.ts";
import { MESSAGES } from "../messages/messages.ts";

const EXIT_OK = 0;
const EXIT_INPUT_ERROR = 2;
const EXIT_INTERNAL_ERROR = 1;

function printErrors(errors: readonly string[], exitCode: number): never {
  process.stdout.write(`${JSON.stringify({ errors }, null, 1)}\n`);
  process.exit(exitCode);
}

function readInputText(argument: string | undefined): string {
  if (argument === undefined) {
    printErrors(
      ["Aufruf: npm run -s calc -- <datei.json> (oder - für die Standardeingabe)"],
      EXIT_INPUT_ERROR,
    );
  }
  try {
    return argument === "-" ? readFileSync(0, "utf8") : readFileSync(argument, "utf8");
  } catch {
    return printErrors([`Datei "${argument}" kann nicht gelesen werden`], EXIT_INPUT_ERROR);
  }
}

function parseJson(text: string): unknown {
  const withoutByteOrderMark = text.replace(/^\uFEFF/, "");
  try {
    return JSON.parse(withoutByteOrderMark) as unknown;
  } catch (error) {
    return printErrors(
      [MESSAGES.invalidJson(describeJsonErrorPosition(error, withoutByteOrderMark))],
      EXIT_INPUT_ERROR,
    );
  }
}

// Node names the character where parsing failed ("at position 34"); say line and column.
function describeJsonErrorPosition(error: unknown, text: string): string | undefined {
  const match = error instanceof SyntaxError ? /position (\d+)/.exec(error.message) : null;
  if (!match) return text.trim() === "" ? "Die Eingabe ist leer" : undefined;
  const position = Number(match[1]);
  const before = text.slice(0, position);
  const line = before.split("\n").length;
  const column = position - before.lastIndexOf("\n");
  return `Zeile ${line}, Spalte ${column}`;
}

function main(): void {
  const input = parseJson(readInputText(process.argv[2]));
  const outcome = calculateStatement(input);
  if (!outcome.ok) printErrors(outcome.errors, EXIT_INPUT_ERROR);
  process.stdout.write(`${JSON.stringify(outcome.result, null, 1)}\n`);
  process.exitCode = EXIT_OK;
}

try {
  main();
} catch {
  // A bug, not the input's fault: say so without a stack trace.
  printErrors([MESSAGES.calculationFailed()], EXIT_INTERNAL_ERROR);
}
