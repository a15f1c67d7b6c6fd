// Unit tests of the decision records' index: `node --test scripts/test/`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseRecord, renderIndex, shortStatus } from "../decisions/index.mjs";

const record = (number, title, status = "accepted") =>
  `# ${number} ${title}\n\nStatus: ${status}\nDate: 2026-11-29\n\n## Context\n\nWhy.\n\n## Decision\n\nWhat.\n\n## Consequences\n\nThen.\n`;

test("a record with Status, Date, Context, Decision and Consequences has no problems", () => {
  const parsed = parseRecord("1043-letters.md", record("1043", "Letters"));
  assert.deepEqual(parsed.problems, []);
  assert.equal(parsed.title, "Letters");
  assert.equal(parsed.date, "2026-11-29");
});

test("a record without Status, Date or a section is reported", () => {
  const parsed = parseRecord("0005-plans.md", "# 0005 Plans\n\n## Decision\n\nWhat.\n");
  assert.deepEqual(parsed.problems, [
    "no 'Status:' line",
    "no 'Date: YYYY-MM-DD' line",
    "no '## Context' section",
    "no '## Consequences' section",
  ]);
});

test("tolerates bold labels", () => {
  const parsed = parseRecord(
    "1500-x.md",
    record("1500", "X")
      .replace("Status: accepted", "**Status:** accepted")
      .replace("Date:", "**Date:**"),
  );
  assert.deepEqual(parsed.problems, []);
  assert.equal(parsed.status, "accepted");
});

test("the index groups by number range, records added later included, with the short status", () => {
  const records = [
    parseRecord("1084-later.md", record("1084", "Later")),
    parseRecord(
      "0986-toasts.md",
      record("0986", "Toasts", "superseded by 1190 (toast placement in one record)"),
    ),
    parseRecord("1500-new-range.md", record("1500", "New | range")),
    parseRecord("1080-no-cache.md", record("1080", "No cache")),
  ];
  const index = renderIndex(records);
  assert.match(
    index,
    /## 0980-0999 [^\n]*\n\n\| record \| title \| status \|\n\|---\|---\|---\|\n\| \[0986\]\(0986-toasts.md\) \| Toasts \| superseded by 1190 \|/,
  );
  assert.match(
    index,
    /## 1080-1099 Speed at scale \(issue 32\)\n\n[^#]*\[1080\][^#]*\[1084\]\(1084-later.md\) \| Later \| accepted \|/,
  );
  assert.match(
    index,
    /## 1500-1599 Further records\n\n[^#]*\| \[1500\]\(1500-new-range.md\) \| New \\\| range \| accepted \|/,
  );
});

test("shortStatus drops the explanation", () => {
  assert.equal(
    shortStatus("accepted, partly superseded by 1000 (its rules for reading)"),
    "accepted, partly superseded by 1000",
  );
  assert.equal(shortStatus("accepted"), "accepted");
});
