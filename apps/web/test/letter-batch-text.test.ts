import { describe, expect, it } from "vitest";
import { getLetterBatchPercent } from "@nk/contract";
import { describeLetterBatch } from "../src/features/statements/lib/letter-batch-text";

describe("progress of 'Alle Briefe (PDF)' (issue 32, decision 1084)", () => {
  it("counts whole percent of the letters made, 100 when done, 0 for an empty or waiting batch", () => {
    expect(getLetterBatchPercent({ status: "running", done: 1, total: 3 })).toBe(33);
    expect(getLetterBatchPercent({ status: "running", done: 999, total: 1000 })).toBe(99);
    expect(getLetterBatchPercent({ status: "done", done: 1000, total: 1000 })).toBe(100);
    expect(getLetterBatchPercent({ status: "queued", done: 0, total: 0 })).toBe(0);
  });

  it("says in German how many letters are made", () => {
    expect(describeLetterBatch({ status: "running", done: 1200, total: 1400 })).toBe(
      "Briefe werden erstellt: 1.200 von 1.400",
    );
    expect(describeLetterBatch({ status: "done", done: 40, total: 40 })).toBe(
      "Alle 40 Briefe erstellt",
    );
    expect(describeLetterBatch({ status: "done", done: 1, total: 1 })).toBe("1 Brief erstellt");
    expect(describeLetterBatch({ status: "queued", done: 0, total: 3 })).toBe(
      "Die Erstellung der Briefe beginnt gleich...",
    );
  });
});
