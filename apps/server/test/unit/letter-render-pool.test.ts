import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Conflict, NotFound } from "../../src/domain/domain-errors.ts";
import { buildLetterModel } from "../../src/features/statement-documents/build-letter-model.ts";
import {
  createLetterRenderPool,
  createLetterThreadPool,
  inProcessRenderer,
  LetterPoolClosed,
} from "../../src/features/statement-documents/letter-render-pool.ts";
import {
  reviveError,
  serializeError,
} from "../../src/features/statement-documents/letter-render-protocol.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { sampleLetterSource } from "../support/letter-fixture.ts";

// The worker pool that renders a run's letters (decisions 0604, 1710: piscina): started from the
// TypeScript source here (tsx inside the thread), the same letters as on the main thread, errors
// as the same errors, a lost thread replaced, and closed for good.

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
    const pool = createLetterThreadPool({
      size: 1,
      logger: createLogger("error", {}, (line) => logLines.push(line)),
    });
    try {
      await expect(pool.renderLetters([], "0.00")).rejects.toThrow("Keine Briefe zum Erstellen.");
      const [thread] = pool.threads;
      expect(thread).toBeDefined();
      const { runs, total } = letter("weiss");
      expect((await pool.renderLetters(runs, total)).pageCount).toBeGreaterThan(0);
      // The letter failed, the thread did not (a lost thread is logged).
      expect(pool.threads).toEqual([thread]);
      expect(logLines.filter((line) => line.includes("letters.worker_failed"))).toEqual([]);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("fails the letter of a thread that dies, logs it, and serves the next letter on a new thread", async () => {
    const logLines: string[] = [];
    const pool = createLetterThreadPool({
      size: 1,
      logger: createLogger("error", {}, (line) => logLines.push(line)),
    });
    try {
      const { runs, total } = letter("schulz");
      await pool.renderLetters(runs, total);
      const [thread] = pool.threads;
      // The thread is free and started: the letter goes to it at once, and the thread ends
      // under it (as an out-of-memory end or a crash in a library would).
      const lost = pool.renderLetters(runs, total).then(
        () => null,
        (error: Error) => error,
      );
      await thread!.terminate();
      expect((await lost)?.message).toMatch(/^Der Brief-Worker ist ausgefallen/);
      expect(logLines.filter((line) => line.includes("letters.worker_failed"))).toHaveLength(1);
      const next = await pool.renderLetters(runs, total);
      expect(textOf(next.bytes)).toContain("Familie Schulz");
      expect(pool.threads).toHaveLength(1);
      expect(pool.threads[0]).not.toBe(thread);
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

  it("fails the waiting letters when no thread can start (a broken build), instead of keeping them waiting", async () => {
    const logLines: string[] = [];
    const pool = createLetterThreadPool({
      size: 1,
      logger: createLogger("error", {}, (line) => logLines.push(line)),
      file: path.join(dir, "missing-letter-render-worker.js"),
    });
    try {
      const { runs, total } = letter("weiss");
      const outcomes = await Promise.allSettled([
        pool.renderLetters(runs, total),
        pool.renderLetters(runs, total),
      ]);
      for (const outcome of outcomes) {
        expect(outcome.status).toBe("rejected");
        expect((outcome as PromiseRejectedResult).reason.message).toMatch(
          /^Der Brief-Worker ist ausgefallen: .*missing-letter-render-worker/,
        );
      }
      expect(logLines.some((line) => line.includes("letters.worker_failed"))).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("lets the letters in progress finish when closed, then refuses new ones and ends the threads", async () => {
    const pool = createLetterThreadPool({ size: 1, logger: createLogger("error", {}) });
    const { runs, total } = letter("krueger");
    const running = pool.renderLetters(runs, total);
    const waiting = pool.renderLetters(runs, total);
    await pool.close(60_000);
    expect((await running).pageCount).toBeGreaterThan(0);
    expect((await waiting).pageCount).toBeGreaterThan(0);
    expect(pool.threads).toEqual([]);
    await expect(pool.renderLetters(runs, total)).rejects.toBeInstanceOf(LetterPoolClosed);
  }, 60_000);

  it("refuses the letters still in progress once the grace time is over", async () => {
    const pool = createLetterThreadPool({ size: 1, logger: createLogger("error", {}) });
    const { runs, total } = letter("krueger");
    await pool.renderLetters(runs, total);
    const outcomes = Promise.allSettled([
      pool.renderLetters(runs, total),
      pool.renderLetters(runs, total),
    ]);
    await pool.close(0);
    for (const outcome of await outcomes) {
      expect(outcome.status).toBe("rejected");
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(LetterPoolClosed);
    }
    expect(pool.threads).toEqual([]);
  }, 60_000);

  it("renders on the calling thread with no threads configured", () => {
    expect(createLetterRenderPool({ size: 0, logger: createLogger("error", {}) })).toBe(
      inProcessRenderer,
    );
  });
});
