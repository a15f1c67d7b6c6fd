import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Conflict, NotFound } from "../../src/domain/domain-errors.ts";
import { buildLetterModel } from "../../src/features/statement-documents/build-letter-model.ts";
import {
  createLetterRenderPool,
  inProcessRenderer,
  LetterPoolClosed,
} from "../../src/features/statement-documents/letter-render-pool.ts";
import {
  reviveError,
  serializeError,
} from "../../src/features/statement-documents/letter-render-protocol.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { sampleLetterSource } from "../support/letter-fixture.ts";

// The worker pool that renders a run's letters (decision 0604): started from the TypeScript
// source here (tsx inside the thread), the same letters as on the main thread, errors as the
// same errors, and closed for good.

let dir = "";
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-pool-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function textOf(bytes: Buffer): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

const letter = (id: string) => {
  const source = sampleLetterSource(id);
  return { runs: [{ model: buildLetterModel(source) }], total: source.result.totalCosts };
};

describe("letter render pool", () => {
  it("renders letters on two threads side by side, with the same text and pages as on the main thread", async () => {
    const pool = createLetterRenderPool({ size: 2, logger: createLogger("error", {}) });
    try {
      const ids = ["schulz", "oezdemir", "krueger", "weiss", "schulz", "krueger"];
      const pooled = await Promise.all(
        ids.map((id) => pool.renderLetters(letter(id).runs, letter(id).total)),
      );
      for (const [index, id] of ids.entries()) {
        const local = await inProcessRenderer.renderLetters(letter(id).runs, letter(id).total);
        const pdf = pooled[index]!;
        expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
        expect(pdf.pageCount, id).toBe(local.pageCount);
        expect(textOf(pdf.bytes), id).toBe(textOf(local.bytes));
      }
      expect(textOf(pooled[0]!.bytes)).toContain("Familie Schulz");
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("answers a failure inside a worker with the same error, and keeps the thread", async () => {
    const logLines: string[] = [];
    const pool = createLetterRenderPool({
      size: 1,
      logger: createLogger("error", {}, (line) => logLines.push(line)),
    });
    try {
      await expect(pool.renderLetters([], "0.00")).rejects.toThrow("Keine Briefe zum Erstellen.");
      const { runs, total } = letter("weiss");
      expect((await pool.renderLetters(runs, total)).pageCount).toBeGreaterThan(0);
      // The letter failed, the thread did not (a lost thread is logged).
      expect(logLines.filter((line) => line.includes("letters.worker_failed"))).toEqual([]);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("brings a domain error across the thread as the same class, code and fields", () => {
    const conflict = reviveError(
      serializeError(
        new Conflict("Bitte hinterlegen Sie zuerst Ihre Abrechnungsdaten.", {
          code: "BILLING_DATA_MISSING",
          fields: { iban: "fehlt" },
        }),
      ),
    );
    expect(conflict).toBeInstanceOf(Conflict);
    expect(conflict).toMatchObject({
      code: "BILLING_DATA_MISSING",
      message: "Bitte hinterlegen Sie zuerst Ihre Abrechnungsdaten.",
      fields: { iban: "fehlt" },
    });
    const notFound = reviveError(serializeError(new NotFound("Abrechnung nicht gefunden.")));
    expect(notFound).toBeInstanceOf(NotFound);
    expect(notFound).toMatchObject({ code: "NOT_FOUND", message: "Abrechnung nicht gefunden." });
    const plain = reviveError(serializeError(new TypeError("kaputt")));
    expect(plain).not.toBeInstanceOf(NotFound);
    expect(plain.message).toBe("kaputt");
  });

  it("refuses new letters once closed", async () => {
    const pool = createLetterRenderPool({ size: 1, logger: createLogger("error", {}) });
    const { runs, total } = letter("krueger");
    await pool.renderLetters(runs, total);
    await pool.close();
    await expect(pool.renderLetters(runs, total)).rejects.toBeInstanceOf(LetterPoolClosed);
  }, 60_000);
});
