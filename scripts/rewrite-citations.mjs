#!/usr/bin/env node
// Rewrites every citation of the former product specification in the repository's comments and
// Markdown into a citation of docs/rules/ (see docs/rules/README.md). Idempotent: run it again
// after merging a branch that still has old citations. `--dry-run` lists the files it would change.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { listRepositoryPaths, listSourceFiles } from "./citations/source-files.mjs";
import { rewriteCitations } from "./citations/rewrite.mjs";
import { isExcludedFromCitations } from "./citations/excluded.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const isDryRun = process.argv.includes("--dry-run");
const paths = listRepositoryPaths(root);

/** "docs/calculation/03" or "docs/calculation/14-letter-figures.md" → the one file of that folder with that number. */
function resolveDocsPath(reference) {
  const target = reference.replace(/\/$/, "");
  if (paths.has(target)) return null;
  const folder = path.posix.dirname(target);
  const number = path.posix.basename(target).match(/^(\d{2,4})(?:-|$)/)?.[1];
  if (!number) return null;
  const candidates = [...paths].filter(
    (candidate) =>
      path.posix.dirname(candidate) === folder &&
      path.posix.basename(candidate).startsWith(`${number}-`),
  );
  return candidates.length === 1 ? candidates[0] : null;
}
const changed = [];
for (const file of listSourceFiles(root)) {
  if (isExcludedFromCitations(file)) continue;
  const absolute = path.join(root, file);
  if (!fs.existsSync(absolute)) continue;
  const text = fs.readFileSync(absolute, "utf8");
  const rewritten = rewriteCitations(text, file, resolveDocsPath);
  if (rewritten === text) continue;
  changed.push(file);
  if (!isDryRun) fs.writeFileSync(absolute, rewritten);
}
console.log(
  `rewrite-citations: ${changed.length} file(s) ${isDryRun ? "would change" : "changed"}`,
);
for (const file of changed) console.log(`  ${file}`);
