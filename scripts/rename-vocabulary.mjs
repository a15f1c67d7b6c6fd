#!/usr/bin/env node
// One-off codemod of issue 31, finding 6 (decision 1750, docs/glossary.md): one English name for
// each thing of the statement domain. It rewrites identifiers, Kysely table names, SQL table and
// column names and activity keys in apps/, packages/, e2e/, docs/ and scripts/, so that it can be
// run again on a tree that others changed meanwhile:
//
//   cost group (costGroupId, cost_groups)         -> billing period (billingPeriodId, billing_periods)
//   statement snapshot (statement_snapshots)      -> statement run (statement_runs, statementRunId)
//   statement = a tenant's letter (statements)    -> tenancy statement (tenancy_statements)
//
// Left alone: node_modules, dist, every migration registered before 1750 in migrations/index.ts
// (they ran with the old names; never edit a migration), the decision records (history), and
// every file that contains the marker "rename-vocabulary: keep" (the migration 1750, its test,
// the compatibility module, the glossary and this script name the old words on purpose).
// The database follows through migration 1750 (ALTER ... RENAME); stored JSON is not rewritten.
//
//   node scripts/rename-vocabulary.mjs            rewrite the tree, print the files changed
//   node scripts/rename-vocabulary.mjs --check    print what would change, exit 1 if anything would
//
// The run is idempotent: a second run changes nothing.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ROOTS = ["apps", "packages", "e2e", "docs", "scripts"];
const SKIP_DIRS = new Set([
  "node_modules",
  "dist",
  ".tmp",
  "data",
  "test-results",
  "artifacts",
  "fixtures",
  "samples",
]);
const EXTENSIONS = new Set([".ts", ".tsx", ".js", ".mjs", ".cjs", ".md", ".json", ".html"]);
const KEEP_MARKER = "rename-vocabulary: keep";
const MIGRATIONS_DIR = "apps/server/src/db/migrations/";
const RENAMING_MIGRATION = "1750-one-name-for-each-thing";

/** Identifier characters: a match must not continue an identifier on its left. */
const START = "(?<![A-Za-z0-9_$])";
const END = "(?![A-Za-z0-9_$])";

/** [pattern, replacement, only for files whose path matches] in order. */
const RULES = [
  // --- billing period (was: cost group) -------------------------------------------------------
  // Two queries modules each had a "find the owned period" function; keep them apart.
  [new RegExp(`${START}findOwnedCostGroup${END}`, "g"), "findOwnedPeriodRow"],
  [new RegExp(`${START}cost_groups${END}`, "g"), "billing_periods"],
  [new RegExp(`${START}cost_group_id${END}`, "g"), "billing_period_id"],
  [new RegExp(`${START}cost_group${END}`, "g"), "billing_period"],
  [new RegExp(`${START}costGroup`, "g"), "billingPeriod"],
  [/CostGroup/g, "BillingPeriod"],
  [new RegExp(`${START}COST_GROUP`, "g"), "BILLING_PERIOD"],
  // --- statement run (was: statement snapshot) --------------------------------------------------
  [new RegExp(`${START}statement_snapshots${END}`, "g"), "statement_runs"],
  [new RegExp(`${START}statementSnapshots${END}`, "g"), "statementRuns"],
  [/StatementSnapshots/g, "StatementRuns"],
  [new RegExp(`${START}snapshot_id${END}`, "g"), "statement_run_id"],
  [new RegExp(`${START}snapshotId(s?)${END}`, "g"), "statementRunId$1"],
  // --- tenancy statement (was: the table statements) ---------------------------------------------
  [
    new RegExp(`${START}statements: StatementsTable${END}`, "g"),
    "tenancyStatements: TenancyStatementsTable",
  ],
  [new RegExp(`${START}StatementsTable${END}`, "g"), "TenancyStatementsTable"],
  // Kysely: the table as the argument of a query builder call ("statements" or "statements as st").
  [
    /(\.(?:selectFrom|updateTable|insertInto|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*)"statements((?: as \w+)?)"/g,
    '$1"tenancyStatements$2"',
    /^apps\/server\//,
  ],
  // Kysely table names listed one per line in tests ("costGroups", "statements", ...).
  [/^(\s*)"statements",$/gm, '$1"tenancyStatements",', /^apps\/server\/(test|bench)\//],
  // SQL text in the server's queries: the table after from/join/into/update, and its columns.
  [
    /(?<![A-Za-z0-9_$])((?:from|join|into|update) )statements(?![A-Za-z0-9_$])(?!\/)/g,
    "$1tenancy_statements",
    /^apps\/server\/(src|test|bench)\/.*\.ts$/,
  ],
  [
    /(?<![A-Za-z0-9_$.])statements\.([a-z]+_[a-z_]+|status|id)(?![A-Za-z0-9_$(])/g,
    "tenancy_statements.$1",
    /^apps\/server\/src\/.*-queries\.ts$/,
  ],
];

/**
 * The migrations that run before the renaming one, in the order of migrations/index.ts: they
 * were written with the old names and must keep them. Before the renaming migration is
 * registered, that is every migration.
 */
function migrationsBeforeRename() {
  const index = fs.readFileSync(path.join(ROOT, MIGRATIONS_DIR, "index.ts"), "utf8");
  const names = [...index.matchAll(/name: "([^"]+)"/g)].map((match) => match[1]);
  const position = names.indexOf(RENAMING_MIGRATION);
  return new Set(position === -1 ? names : names.slice(0, position));
}

const OLD_MIGRATIONS = migrationsBeforeRename();

function isExcluded(rel) {
  if (rel.startsWith("docs/decisions/")) return true;
  if (rel.startsWith(MIGRATIONS_DIR) && OLD_MIGRATIONS.has(path.basename(rel, ".ts"))) return true;
  return rel.endsWith("package-lock.json");
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") && entry.name !== ".") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* walk(full);
    } else if (EXTENSIONS.has(path.extname(entry.name))) {
      yield full;
    }
  }
}

/** Files to rename (git mv): the name after the same identifier rules. */
function renamedPath(rel) {
  return rel
    .replace(/cost-group/g, "billing-period")
    .replace(/statement-snapshot/g, "statement-run")
    .replace(/costGroup/g, "billingPeriod");
}

function rewrite(rel, text) {
  if (text.includes(KEEP_MARKER)) return text;
  let out = text;
  for (const [pattern, replacement, only] of RULES) {
    if (only && !only.test(rel)) continue;
    out = out.replace(pattern, replacement);
  }
  return out;
}

function main() {
  const check = process.argv.includes("--check");
  const changed = [];
  const moves = [];
  for (const top of ROOTS) {
    const dir = path.join(ROOT, top);
    if (!fs.existsSync(dir)) continue;
    for (const file of walk(dir)) {
      const rel = path.relative(ROOT, file).split(path.sep).join("/");
      if (isExcluded(rel)) continue;
      const text = fs.readFileSync(file, "utf8");
      const out = rewrite(rel, text);
      if (out !== text) {
        changed.push(rel);
        if (!check) fs.writeFileSync(file, out);
      }
      const target = renamedPath(rel);
      if (target !== rel && !text.includes(KEEP_MARKER)) moves.push([rel, target]);
    }
  }
  for (const [from, to] of moves) {
    if (!check) {
      fs.mkdirSync(path.dirname(path.join(ROOT, to)), { recursive: true });
      fs.renameSync(path.join(ROOT, from), path.join(ROOT, to));
    }
  }
  for (const rel of changed) console.log(`${check ? "would change" : "changed"} ${rel}`);
  for (const [from, to] of moves) console.log(`${check ? "would move" : "moved"} ${from} -> ${to}`);
  if (moves.length > 0 && !check) {
    console.log("Files were moved: fix their importers (tsc names them), then `git add -A`.");
  }
  if (check && (changed.length > 0 || moves.length > 0)) process.exitCode = 1;
}

main();
