// Unit tests of the citation codemod and the reference check: `node --test scripts/test/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rewriteCitations } from "../citations/rewrite.mjs";
import { anchorsOfMarkdown, findBrokenReferences } from "../citations/references.mjs";
import { findCommentSpans } from "../citations/comment-spans.mjs";

const repository = {
  hasPath: (target) =>
    ["docs/rules/heating.md", "docs/rules", "docs/architecture.md", "docs/decisions"].includes(
      target,
    ),
  anchorsOf: (target) =>
    target === "docs/rules/heating.md" ? new Set(["heizkv", "consumption-analysis"]) : null,
  decisionNumbers: new Set(["1020"]),
};

test("rewrites DECISIONS n, lists and ranges to docs/rules anchors", () => {
  assert.equal(
    rewriteCitations("// (DECISIONS 3)\n", "a.ts"),
    "// (docs/rules/heating.md#heizkv)\n",
  );
  assert.equal(
    rewriteCitations("// DECISIONS 6 and 10: x\n", "a.ts"),
    "// docs/rules/statements.md#letter-contents, docs/rules/statements.md#pdfs-and-sending: x\n",
  );
  assert.match(
    rewriteCitations("/** DECISIONS 1-3 */", "a.ts"),
    /money-and-rounding.md#exact-money, docs\/rules\/tenancies-and-keys.md#who-bears-what, docs\/rules\/heating.md#heizkv/,
  );
  assert.equal(
    rewriteCitations('it("refuses (DECISIONS 3)", () => {});\n', "a.test.ts"),
    'it("refuses (docs/rules/heating.md#heizkv)", () => {});\n',
  );
});

test("rewrites part and section citations in comments only, named sub-sections to their anchor", () => {
  assert.equal(
    rewriteCitations("// (part 2, section 4)\n", "x.ts"),
    "// (docs/rules/statements.md#statuses)\n",
  );
  assert.equal(
    rewriteCitations("// section 5 'Plan limits'\n", "x.ts"),
    "// docs/rules/accounts-and-plans.md#plan-limits\n",
  );
  assert.equal(
    rewriteCitations("// Section 5 'Meter': x\n", "apps/web/meters.tsx"),
    "// docs/rules/master-data.md#validation 'Meter': x\n",
  );
  assert.equal(
    rewriteCitations("// Section 5: y\n", "features/statements/cost.ts"),
    "// docs/rules/statements.md#statement-checks: y\n",
  );
  assert.equal(rewriteCitations('const s = "section 5";\n', "x.ts"), 'const s = "section 5";\n');
  assert.equal(
    rewriteCitations(
      "// text (part 2,\n// sections 2.1 and 5)\n",
      "packages/contract/src/statements/statement-analysis.ts",
    ),
    "// text (docs/rules/statements.md#wizard, docs/rules/heating.md#efficiency-class-check)\n",
  );
});

test("expands an abbreviated docs path through the resolver and maps ARCHITECTURE.md", () => {
  const resolve = (reference) =>
    reference === "docs/calculation/03" ? "docs/calculation/03-heizkosten-heizkv.md" : null;
  assert.equal(
    rewriteCitations("// docs/calculation/03 and ARCHITECTURE.md\n", "a.ts", resolve),
    "// docs/calculation/03-heizkosten-heizkv.md and docs/architecture.md\n",
  );
});

test("is idempotent", () => {
  const once = rewriteCitations(
    "// DECISIONS 9; part 1, sections 3-5 and 8 'Tenants'\n",
    "apps/server/src/features/tenants/x.ts",
  );
  assert.equal(rewriteCitations(once, "apps/server/src/features/tenants/x.ts"), once);
  assert.doesNotMatch(once, /DECISIONS|part 1|section/);
});

test("leaves Markdown prose without an explicit part alone", () => {
  const text = "See section 4 above. Specification part 1 (sections 2-5) describes it.\n";
  assert.equal(rewriteCitations(text, "docs/x.md"), text);
  assert.equal(
    rewriteCitations("DECISIONS 3 and part 2, section 4.\n", "docs/x.md"),
    "docs/rules/heating.md#heizkv and docs/rules/statements.md#statuses.\n",
  );
});

test("the check reports citations of documents the repository lacks, with their line", () => {
  const text = [
    'const a = "DECISIONS 3";',
    "// fine: docs/rules/heating.md#heizkv",
    "// DECISIONS 9",
    "/* part 2, section 4 */",
    "// docs/rules/heating.md#missing",
    "// docs/nothing.md",
    "// ../shared/spec",
    "// decision 1020 and decision 0999",
  ].join("\n");
  const problems = findBrokenReferences(text, "a.ts", repository).map(
    (problem) => `${problem.line}: ${problem.reason}`,
  );
  assert.deepEqual(problems, [
    "3: the specification's DECISIONS (cite docs/rules/)",
    "4: a part of the specification (cite docs/rules/)",
    "4: a section of the specification (cite docs/rules/)",
    "5: docs/rules/heating.md has no anchor #missing",
    "6: docs/nothing.md does not exist",
    "7: a path outside the repository",
    "8: decision 0999 has no record in docs/decisions/",
  ]);
});

test("the check passes rewritten text", () => {
  const text = rewriteCitations("// (DECISIONS 3) see ARCHITECTURE.md\n", "a.ts");
  assert.deepEqual(findBrokenReferences(text, "a.ts", repository), []);
});

test("comment spans skip strings, templates and regular expressions", () => {
  const text = 'const u = "http://x"; const r = /\\/\\//; const t = `//${1}`; // real\n/* block */';
  const spans = findCommentSpans(text).map(([start, end]) => text.slice(start, end));
  assert.deepEqual(spans, ["// real", "/* block */"]);
});

test("anchors of Markdown: explicit ids and heading slugs", () => {
  const anchors = anchorsOfMarkdown('<a id="heizkv"></a>\n## Heating and hot-water costs\n');
  assert.ok(anchors.has("heizkv"));
  assert.ok(anchors.has("heating-and-hot-water-costs"));
});

test("HTML comments are the only comments of an HTML file", () => {
  const text = '<a href="http://x">part 2</a><!-- section 5 -->';
  const spans = findCommentSpans(text, "html").map(([start, end]) => text.slice(start, end));
  assert.deepEqual(spans, ["<!-- section 5 -->"]);
});
