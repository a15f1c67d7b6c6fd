// Rewrites citations of the former product specification ("DECISIONS n", "part X, section Y",
// ARCHITECTURE.md, calculation-contract.md) into citations of docs/rules/ and docs/. Pure: text
// in, text out. Idempotent: rewritten text holds none of the patterns it looks for.
import { findCommentSpans, languageOf } from "./comment-spans.mjs";
import {
  DECISION_TARGETS,
  RULES_DIR,
  guessPart,
  targetOfName,
  targetOfPart,
  targetOfSection,
} from "./citation-targets.mjs";

/** Exact phrases that the general patterns would render badly; applied first, anywhere in a file. */
const PHRASES = [
  ["(DECISIONS, prepayment overlap)", "(docs/rules/prepayments.md#open-end)"],
  [
    "(the specification's calculation-contract.md)",
    "(calculation contract v1.1: docs/decisions/0400-calculation-contract-v1-1.md)",
  ],
  [
    "(part 2, sections 2.1, 7 'PDF'/'E-mail', 8 'Saving and PDF';",
    "(docs/rules/statements.md#wizard, docs/rules/statements.md#pdfs-and-sending, docs/rules/statements.md#statement-messages;",
  ],
  [
    "or DECISIONS.md quote a text, it is used word for word",
    "or docs/rules/ quote a text, it is used word for word",
  ],
];

const DECISIONS = /\bDECISIONS(?:\.md)?(?:,? sections?)? (\d+(?:(?:, and |, | and |-)\d+)*)/g;
const DOCS_PATH = /(?<![\w./-])docs\/[\w./-]*[\w/]/g;
// A quoted sub-section name, possibly broken over two comment lines ('Monitoring\n// constants').
const QUOTED = String.raw`'[^'\n]*(?:\n[ \t]*(?:\*|\/\/)[ \t]*[^'\n]*)?'`;
const NAME = String.raw`(?:${QUOTED}|\(${QUOTED}\))`;
const ITEM = String.raw`\d+(?:\.\d+)?(?: step \d+)?(?: ${NAME})?`;
const LIST = String.raw`${ITEM}(?:(?:, and |, | and |-)${ITEM})*`;
const SPEC_SECTION = new RegExp(
  String.raw`(?:(?:the )?specification(?:'s)?,? )?(?:\bparts? ([12])(?: and part ([12]))?(?:,?[ \t]*\n[ \t]*(?:\*|\/\/|--)?[ \t]*|, ?| )?)?\bsections? (${LIST})`,
  "gi",
);
const SPEC_PART = new RegExp(
  String.raw`(?:(?:the )?specification(?:'s)? )?\bpart ([12])\b(?:(?:, | )(${NAME}))?`,
  "gi",
);
const ITEM_PARTS = new RegExp(
  String.raw`(, and |, | and |-)?(\d+(?:\.\d+)?)(?: step \d+)?(?: (${NAME}))?`,
  "g",
);

/**
 * Rewrites every citation in the text of `file` (repository-relative path). `resolveDocsPath`
 * (optional) maps a docs/ path that does not exist to the one it abbreviates, or returns null.
 */
export function rewriteCitations(text, file, resolveDocsPath = () => null) {
  let result = text;
  for (const [from, to] of PHRASES) result = result.split(from).join(to);
  result = result.replace(DECISIONS, (_match, list) =>
    formatTargets(expandNumbers(list).map((n) => DECISION_TARGETS[n] ?? "README.md")),
  );
  result = result.replace(/\bARCHITECTURE\.md\b/g, "docs/architecture.md");
  result = result.replace(
    /(?<![\w/])calculation-contract\.md\b/g,
    "docs/decisions/0400-calculation-contract-v1-1.md",
  );
  result = result.replace(DOCS_PATH, (reference) => resolveDocsPath(reference) ?? reference);
  if (file.endsWith(".md")) return rewriteSpec(result, file, true);
  const spans = joinLineComments(findCommentSpans(result, languageOf(file)), result);
  for (let index = spans.length - 1; index >= 0; index -= 1) {
    const [start, end] = spans[index];
    const comment = result.slice(start, end);
    const rewritten = rewriteSpec(comment, file, false);
    if (rewritten !== comment) result = result.slice(0, start) + rewritten + result.slice(end);
  }
  return result;
}

function rewriteSpec(comment, file, isMarkdown) {
  let result = comment.replace(SPEC_SECTION, (match, partA, partB, list) => {
    if (isMarkdown && !partA) return match;
    const items = parseItems(list);
    const parts = partA
      ? [Number(partA), ...(partB ? [Number(partB)] : [])]
      : [guessPart(items[0].section, file)];
    const cited = [];
    for (const part of parts) {
      for (const item of items) {
        const named = targetOfName(item.name);
        if (named) cited.push(named);
        else
          cited.push(
            item.name
              ? `${targetOfSection(part, item.section, file)} ${item.quoted}`
              : targetOfSection(part, item.section, file),
          );
      }
    }
    return formatTargets(cited);
  });
  if (isMarkdown) return result;
  return result.replace(SPEC_PART, (_match, part, quoted) => {
    const named = targetOfName(quoted ? unquote(quoted) : undefined);
    if (named) return formatTargets([named]);
    return formatTargets([
      quoted ? `${targetOfPart(Number(part))} ${quoted}` : targetOfPart(Number(part)),
    ]);
  });
}

/** Consecutive line comments read as one text, so a citation broken over two lines is found. */
function joinLineComments(spans, text) {
  const joined = [];
  for (const span of spans) {
    const previous = joined[joined.length - 1];
    if (previous && /^[ \t]*\n[ \t]*$/.test(text.slice(previous[1], span[0])))
      previous[1] = span[1];
    else joined.push([...span]);
  }
  return joined;
}

function parseItems(list) {
  const items = [];
  for (const match of list.matchAll(ITEM_PARTS)) {
    const [, separator, section, quoted] = match;
    if (separator === "-" && items.length > 0 && !section.includes(".")) {
      const from = Number(items[items.length - 1].section);
      for (let n = from + 1; n <= Number(section); n += 1) items.push({ section: String(n) });
      if (quoted) Object.assign(items[items.length - 1], { name: unquote(quoted), quoted });
      continue;
    }
    items.push(quoted ? { section, name: unquote(quoted), quoted } : { section });
  }
  return items;
}

function expandNumbers(list) {
  const numbers = [];
  for (const match of list.matchAll(/(-)?(\d+)/g)) {
    const value = Number(match[2]);
    if (match[1] && numbers.length > 0) {
      for (let n = numbers[numbers.length - 1] + 1; n <= value; n += 1) numbers.push(n);
    } else numbers.push(value);
  }
  return numbers;
}

function formatTargets(targets) {
  return [...new Set(targets)].map((target) => `${RULES_DIR}/${target}`).join(", ");
}

function unquote(quoted) {
  return quoted
    .replace(/^\(?'/, "")
    .replace(/'\)?$/, "")
    .replace(/\s*\n[ \t]*(?:\*|\/\/)[ \t]*/g, " ");
}

/** The anchor GitHub derives from a heading, also used for our explicit ids. */
export function slugOf(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-");
}
