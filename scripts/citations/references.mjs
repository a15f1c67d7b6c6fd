// Finds comments that cite a document the repository does not have. Pure apart from the
// `repository` it is given (which paths exist, and the anchors of a Markdown file).
import { findCommentSpans, languageOf } from "./comment-spans.mjs";
import { slugOf } from "./rewrite.mjs";

/** Citations of documents that live outside the repository (the former product specification). */
const OUTSIDE_CODE = [
  [/\bDECISIONS\b/, "the specification's DECISIONS (cite docs/rules/)"],
  [/\bparts? [12]\b/i, "a part of the specification (cite docs/rules/)"],
  [/\bsections? \d/i, "a section of the specification (cite docs/rules/)"],
  [/\.\.\/shared\b/, "a path outside the repository"],
  [/\bARCHITECTURE\.md\b/, "ARCHITECTURE.md (the repository has docs/architecture.md)"],
  [
    /(?<![\w/])calculation-contract\.md\b/,
    "calculation-contract.md (cite docs/decisions/0400-calculation-contract-v1-1.md)",
  ],
];
/** In Markdown, only unambiguous citations: "section 4" may be the page's own. */
const OUTSIDE_MARKDOWN = [
  [/\bDECISIONS \d/, "the specification's DECISIONS (cite docs/rules/)"],
  [/\bparts? [12],? sections? \d/i, "a part of the specification (cite docs/rules/)"],
  [
    /(?<![\w/])calculation-contract\.md\b/,
    "calculation-contract.md (cite docs/decisions/0400-calculation-contract-v1-1.md)",
  ],
];
const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]*[\w/](?:#[\w-]+)?/g;
const DECISION_NUMBERS = /\bdecisions? ((?:\d{4})(?:(?:, and |, | and )\d{4})*)\b/gi;

/**
 * Returns the problems of one file: { line, text, reason }. `repository` has `hasPath(path)`,
 * `anchorsOf(path)` (a Set, or null for a file that is not Markdown) and `decisionNumbers` (a Set).
 */
export function findBrokenReferences(text, file, repository) {
  const problems = [];
  const isMarkdown = file.endsWith(".md");
  const spans = isMarkdown ? [[0, text.length]] : findCommentSpans(text, languageOf(file));
  const patterns = isMarkdown ? OUTSIDE_MARKDOWN : OUTSIDE_CODE;
  for (const [start, end] of spans) {
    const comment = text.slice(start, end);
    const lines = comment.split("\n");
    let lineNumber = lineOf(text, start);
    for (const line of lines) {
      for (const [pattern, reason] of patterns)
        if (pattern.test(line)) problems.push({ line: lineNumber, text: line.trim(), reason });
      for (const match of line.matchAll(DOCS_PATH)) {
        const reason = checkDocsPath(match[0], repository);
        if (reason) problems.push({ line: lineNumber, text: line.trim(), reason });
      }
      for (const match of line.matchAll(DECISION_NUMBERS)) {
        for (const number of match[1].match(/\d{4}/g)) {
          if (!repository.decisionNumbers.has(number))
            problems.push({
              line: lineNumber,
              text: line.trim(),
              reason: `decision ${number} has no record in docs/decisions/`,
            });
        }
      }
      lineNumber += 1;
    }
  }
  return problems;
}

function checkDocsPath(reference, repository) {
  const [rawPath, anchor] = reference.split("#");
  const target = rawPath.replace(/\/$/, "");
  if (!repository.hasPath(target)) return `${target} does not exist`;
  if (!anchor) return null;
  const anchors = repository.anchorsOf(target);
  if (anchors && !anchors.has(anchor)) return `${target} has no anchor #${anchor}`;
  return null;
}

function lineOf(text, index) {
  let line = 1;
  for (let position = 0; position < index; position += 1)
    if (text.charCodeAt(position) === 10) line += 1;
  return line;
}

/** The anchors of a Markdown text: explicit ids and the slugs of its headings. */
export function anchorsOfMarkdown(text) {
  const anchors = new Set();
  for (const match of text.matchAll(/\bid="([^"]+)"/g)) anchors.add(match[1]);
  for (const match of text.matchAll(/^#{1,6}\s+(.+)$/gm)) anchors.add(slugOf(match[1]));
  return anchors;
}
