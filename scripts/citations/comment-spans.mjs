// Finds the comments of a JavaScript/TypeScript/CSS/SQL source text as [start, end) character
// ranges. A small scanner, not a parser: it skips string and template literals and regular
// expression literals so that "//" inside them is not taken for a comment.

const REGEX_PRECEDERS = new Set([
  "(",
  ",",
  "=",
  ":",
  "[",
  "!",
  "&",
  "|",
  "?",
  "{",
  "}",
  ";",
  "+",
  "-",
  "*",
  "%",
  "~",
  "^",
  "\n",
]);

/** Returns the comment ranges of `text`; `language` is "js" (also TS, TSX), "css", "sql" or "html". */
export function findCommentSpans(text, language = "js") {
  if (language === "html") return findHtmlComments(text);
  const spans = [];
  let index = 0;
  let lastSignificant = "\n";
  while (index < text.length) {
    const char = text[index];
    const next = text[index + 1];
    if (char === "/" && next === "*") {
      const end = text.indexOf("*/", index + 2);
      const stop = end === -1 ? text.length : end + 2;
      spans.push([index, stop]);
      index = stop;
      continue;
    }
    if (
      (language === "js" && char === "/" && next === "/") ||
      (language === "sql" && char === "-" && next === "-")
    ) {
      const end = text.indexOf("\n", index);
      const stop = end === -1 ? text.length : end;
      spans.push([index, stop]);
      index = stop;
      continue;
    }
    if (char === '"' || char === "'" || (char === "`" && language === "js")) {
      index = skipQuoted(text, index, char);
      lastSignificant = char;
      continue;
    }
    if (language === "js" && char === "/" && REGEX_PRECEDERS.has(lastSignificant)) {
      index = skipRegex(text, index);
      lastSignificant = "/";
      continue;
    }
    if (!/\s/.test(char)) lastSignificant = char;
    else if (char === "\n" && lastSignificant === "\n") lastSignificant = "\n";
    index += 1;
  }
  return spans;
}

function findHtmlComments(text) {
  const spans = [];
  for (const match of text.matchAll(/<!--[\s\S]*?(?:-->|$)/g))
    spans.push([match.index, match.index + match[0].length]);
  return spans;
}

function skipQuoted(text, start, quote) {
  let index = start + 1;
  while (index < text.length) {
    const char = text[index];
    if (char === "\\") {
      index += 2;
      continue;
    }
    if (char === quote) return index + 1;
    if (char === "\n" && quote !== "`") return index;
    index += 1;
  }
  return index;
}

function skipRegex(text, start) {
  let index = start + 1;
  let inClass = false;
  while (index < text.length) {
    const char = text[index];
    if (char === "\\") {
      index += 2;
      continue;
    }
    if (char === "\n") return index;
    if (char === "[") inClass = true;
    else if (char === "]") inClass = false;
    else if (char === "/" && !inClass) return index + 1;
    index += 1;
  }
  return index;
}

/** The language of the comment scanner for a file name. */
export function languageOf(file) {
  if (file.endsWith(".css")) return "css";
  if (file.endsWith(".sql")) return "sql";
  if (file.endsWith(".html")) return "html";
  return "js";
}
