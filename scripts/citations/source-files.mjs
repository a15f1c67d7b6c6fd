// The files the citation scripts read: every tracked or new file of the repository with source
// text (code, styles, SQL) or Markdown, outside node_modules and generated output.
import { execFileSync } from "node:child_process";
import path from "node:path";

const CODE_EXTENSIONS = new Set([
  ".ts",
  ".tsx",
  ".js",
  ".jsx",
  ".mjs",
  ".cjs",
  ".css",
  ".sql",
  ".html",
]);
const MARKDOWN_EXTENSIONS = new Set([".md"]);
const SKIPPED = /(^|\/)(node_modules|dist|build|coverage|fixtures)\//;

/** Lists repository-relative paths of code and Markdown files (git's view: tracked and untracked, not ignored). */
export function listSourceFiles(root) {
  const output = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "-z"],
    { cwd: root, encoding: "utf8" },
  );
  const files = output.split("\0").filter(Boolean);
  return [...new Set(files)].filter((file) => {
    if (SKIPPED.test(file)) return false;
    const extension = path.extname(file);
    return CODE_EXTENSIONS.has(extension) || MARKDOWN_EXTENSIONS.has(extension);
  });
}

/** Lists every path git knows (tracked or untracked, not ignored), with its parent folders. */
export function listRepositoryPaths(root) {
  const output = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "-z"],
    { cwd: root, encoding: "utf8" },
  );
  const paths = new Set();
  for (const file of output.split("\0").filter(Boolean)) {
    paths.add(file);
    let folder = path.posix.dirname(file);
    while (folder !== ".") {
      paths.add(folder);
      folder = path.posix.dirname(folder);
    }
  }
  return paths;
}
