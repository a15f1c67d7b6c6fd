// Compares the engine's copy of the calculation examples with the specification's folder.
//   npm run sync:examples              report differences; exit 1 when the copy differs
//   npm run sync:examples -- --write   copy the specification's files over the copy
// The specification's examples live outside the repository (SPEC_DIR below) on the
// machines that have it; a fresh clone does not, and then there is nothing to compare. The
// tests read only the copy (packages/engine/test/fixtures/calc-examples/), never this folder.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const SPEC_DIR = path.resolve(REPO_ROOT, "../shared/spec/calc-examples");
const COPY_DIR = path.join(REPO_ROOT, "packages/engine/test/fixtures/calc-examples");
const isWriting = process.argv.includes("--write");

function listJson(directory) {
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory)
    .filter((file) => file.endsWith(".json"))
    .sort();
}

if (!fs.existsSync(SPEC_DIR)) {
  console.log(`sync:examples: ${SPEC_DIR} does not exist; nothing to compare.`);
  process.exit(0);
}

const specFiles = listJson(SPEC_DIR);
const copyFiles = listJson(COPY_DIR);
const differences = [];
for (const file of specFiles) {
  const spec = fs.readFileSync(path.join(SPEC_DIR, file));
  const copyPath = path.join(COPY_DIR, file);
  if (!fs.existsSync(copyPath)) differences.push({ file, kind: "missing in the copy" });
  else if (!spec.equals(fs.readFileSync(copyPath))) differences.push({ file, kind: "differs" });
}
for (const file of copyFiles) {
  if (!specFiles.includes(file)) differences.push({ file, kind: "only in the copy" });
}

if (differences.length === 0) {
  console.log(`sync:examples: the copy matches (${specFiles.length} files).`);
  process.exit(0);
}
for (const { file, kind } of differences) console.log(`${kind}: ${file}`);
if (!isWriting) {
  console.log(
    "sync:examples: the copy differs; run `npm run sync:examples -- --write` to copy the specification's files.",
  );
  process.exit(1);
}
fs.mkdirSync(COPY_DIR, { recursive: true });
for (const { file, kind } of differences) {
  if (kind === "only in the copy") fs.rmSync(path.join(COPY_DIR, file));
  else fs.copyFileSync(path.join(SPEC_DIR, file), path.join(COPY_DIR, file));
}
console.log(`sync:examples: copied ${differences.length} change(s).`);
