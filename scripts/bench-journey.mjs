#!/usr/bin/env node
// The measured journey of issue 27 as a benchmark: builds the app when it changed, runs the one
// e2e file e2e/tests/house-journey.test.ts (its counter, e2e/support/journey-counter.ts, rewrites
// the measured section of docs/house-setup.md, with JOURNEY_WRITE_DOCS=1), then prints the counts of each part and the
// keystroke-level estimate with the formula:
//   seconds = 1,5 × clicks + 3 × fields + 0,25 × characters + 10 × screens
//   npm run bench:journey            build if changed, run the journey, print the counts
//   npm run bench:journey -- --print print the last measured counts without running
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const docsPath = path.join(root, "docs/house-setup.md");
const isPrintOnly = process.argv.includes("--print");
// The targets of issue 27 ("Done when"): the whole scenario and the statement part.
const TARGET_TOTAL_SECONDS = 300;
const TARGET_STATEMENT_SECONDS = 120;
const MODEL = { click: 1.5, field: 3, character: 0.25, screen: 10 };

function runStep(command, args, env) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`bench:journey: ${command} ${args.join(" ")} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

function readMeasuredRows() {
  const text = fs.readFileSync(docsPath, "utf8");
  const section = /<!-- journey:begin -->([\s\S]*?)<!-- journey:end -->/.exec(text);
  if (!section) throw new Error("docs/house-setup.md has no measured journey section");
  const heading = section[1].split("\n").find((line) => line.startsWith("## ")) ?? "";
  const rows = section[1]
    .split("\n")
    .filter(
      (line) => line.startsWith("| ") && !line.startsWith("| Teil") && !line.startsWith("| ---"),
    )
    .map((line) => {
      const cells = line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
      const [clicks, fields, characters, screens] = cells.slice(1, 5).map(Number);
      return { name: cells[0].replace(/\*/g, ""), clicks, fields, characters, screens };
    });
  return { heading: heading.replace(/^## /, ""), rows };
}

function estimateSeconds(row) {
  return (
    row.clicks * MODEL.click +
    row.fields * MODEL.field +
    row.characters * MODEL.character +
    row.screens * MODEL.screen
  );
}

function formatSeconds(seconds) {
  return `${seconds.toFixed(1).replace(".", ",")} s`;
}

if (!isPrintOnly) {
  runStep("node", ["scripts/build.mjs", "--if-changed"]);
  runStep("npx", ["vitest", "run", "--project", "e2e", "e2e/tests/house-journey.test.ts"], {
    CI: "true",
    // The counter rewrites docs/house-setup.md only when asked (an ordinary e2e run does not).
    JOURNEY_WRITE_DOCS: "1",
  });
}

const { heading, rows } = readMeasuredRows();
console.log(`\nJourney (issue 27): ${heading}`);
console.log("seconds = 1,5 × clicks + 3 × fields + 0,25 × characters + 10 × screens\n");
for (const row of rows) {
  console.log(
    `${row.name.padEnd(52)} ${String(row.clicks).padStart(4)} clicks ${String(row.fields).padStart(4)} fields ` +
      `${String(row.characters).padStart(5)} characters ${String(row.screens).padStart(3)} screens  ${formatSeconds(estimateSeconds(row)).padStart(9)}`,
  );
}
const total = rows.find((row) => row.name === "Gesamt");
const statement = rows.find((row) => row.name.startsWith("Abrechnung"));
if (total)
  console.log(
    `\nTotal ${formatSeconds(estimateSeconds(total))} (target < ${TARGET_TOTAL_SECONDS} s)`,
  );
if (statement)
  console.log(
    `Statement part ${formatSeconds(estimateSeconds(statement))} (target < ${TARGET_STATEMENT_SECONDS} s)`,
  );
