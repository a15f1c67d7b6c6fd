#!/usr/bin/env node
// Writes the index of the decision records, docs/decisions/README.md, from the records
// themselves. `--check` (part of `npm run lint`) writes nothing and fails (exit 1) when a record
// lacks Status, Date or the Context / Decision / Consequences sections, or the index is not current.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseRecord, renderIndex } from "./decisions/index.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const folder = path.join(root, "docs/decisions");
const indexPath = path.join(folder, "README.md");
const isCheck = process.argv.includes("--check");

const records = fs
  .readdirSync(folder)
  .filter((name) => name.endsWith(".md") && name !== "README.md")
  .sort()
  .map((name) => parseRecord(name, fs.readFileSync(path.join(folder, name), "utf8")));
const problems = records.flatMap((record) =>
  record.problems.map((problem) => `docs/decisions/${record.fileName}: ${problem}`),
);
const numbers = new Map();
for (const record of records.filter((entry) => entry.number)) {
  if (numbers.has(record.number))
    problems.push(
      `docs/decisions/${record.fileName}: number ${record.number} is also ${numbers.get(record.number)}`,
    );
  numbers.set(record.number, record.fileName);
}
const index = renderIndex(records);

if (!isCheck) {
  fs.writeFileSync(indexPath, index);
  console.log(`decisions-index: wrote docs/decisions/README.md (${records.length} records)`);
}
const current = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, "utf8") : "";
if (current !== index)
  problems.push("docs/decisions/README.md is not current: run node scripts/decisions-index.mjs");
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
if (isCheck) console.log(`decisions-index: ${records.length} records, index current`);
