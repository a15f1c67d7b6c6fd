#!/usr/bin/env node
// Fails (exit 1, listing file:line) when a comment, or a Markdown page, cites a document the
// repository does not have: the former specification's "DECISIONS n" or "part X, section Y", a
// path outside the repository, a docs/ path or anchor that does not exist, or a decision record
// number without a file. Part of `npm run lint`. Fix old citations with scripts/rewrite-citations.mjs.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { listRepositoryPaths, listSourceFiles } from "./citations/source-files.mjs";
import { anchorsOfMarkdown, findBrokenReferences } from "./citations/references.mjs";
import { isExcludedFromCitations } from "./citations/excluded.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const paths = listRepositoryPaths(root);
const anchorCache = new Map();
const repository = {
  hasPath: (target) => paths.has(target) || fs.existsSync(path.join(root, target)),
  anchorsOf(target) {
    if (!target.endsWith(".md")) return null;
    if (!anchorCache.has(target))
      anchorCache.set(target, anchorsOfMarkdown(fs.readFileSync(path.join(root, target), "utf8")));
    return anchorCache.get(target);
  },
  decisionNumbers: new Set(
    fs
      .readdirSync(path.join(root, "docs/decisions"))
      .map((name) => name.match(/^(\d{4})-/)?.[1])
      .filter(Boolean),
  ),
};

let count = 0;
for (const file of listSourceFiles(root)) {
  if (isExcludedFromCitations(file)) continue;
  const absolute = path.join(root, file);
  if (!fs.existsSync(absolute)) continue;
  for (const problem of findBrokenReferences(fs.readFileSync(absolute, "utf8"), file, repository)) {
    console.error(`${file}:${problem.line}: ${problem.reason}\n    ${problem.text}`);
    count += 1;
  }
}
if (count > 0) {
  console.error(
    `\ncheck-references: ${count} citation(s) of documents the repository lacks. Old specification citations: node scripts/rewrite-citations.mjs`,
  );
  process.exit(1);
}
console.log("check-references: every cited document exists in the repository");
