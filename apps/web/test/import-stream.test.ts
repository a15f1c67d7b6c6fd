import { describe, expect, it } from "vitest";
import {
  describeImportProgress,
  getImportProgressPercent,
  type ImportProgress,
} from "@nk/contract";
import { ApiError } from "../src/lib/api-error";
import { readImportStream, STREAM_CUT_MESSAGE } from "../src/lib/import-stream";

// Decision 1700: the streamed answer of an import, read line by line (lines may be cut anywhere
// between chunks), and the German progress text.

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

const progress = (phase: ImportProgress["phase"], done: number, total: number): ImportProgress => ({
  phase,
  unit: "bookings",
  done,
  total,
});

describe("readImportStream", () => {
  it("passes every progress line on and resolves with the result, also when lines are cut between chunks", async () => {
    const lines = [
      { type: "progress", progress: progress("read", 0, 0) },
      { type: "progress", progress: progress("check", 500, 10000) },
      { type: "result", result: { imported: 3, message: "3 Buchungen über 12,00 € importiert." } },
    ]
      .map((line) => `${JSON.stringify(line)}\n`)
      .join("");
    const seen: ImportProgress[] = [];
    const result = await readImportStream<{ imported: number }>(
      streamOf([lines.slice(0, 17), lines.slice(17, 90), lines.slice(90)]),
      (entry) => seen.push(entry),
    );
    expect(seen).toEqual([progress("read", 0, 0), progress("check", 500, 10000)]);
    expect(result).toEqual({ imported: 3, message: "3 Buchungen über 12,00 € importiert." });
  });

  it("rejects with the ApiError of an error line, and with a German message when the answer ends without a result", async () => {
    const error = {
      type: "error",
      status: 400,
      body: {
        error: { code: "VALIDATION", message: "Die Datei ist leer.", fields: { file: "x" } },
      },
    };
    const refused = readImportStream(streamOf([`${JSON.stringify(error)}\n`]), () => {});
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      message: "Die Datei ist leer.",
      fields: { file: "x" },
    });
    const cut = readImportStream(
      streamOf([`${JSON.stringify({ type: "progress", progress: progress("save", 0, 10) })}\n`]),
      () => {},
    );
    await expect(cut).rejects.toMatchObject({ code: "NETWORK", message: STREAM_CUT_MESSAGE });
  });
});

describe("describeImportProgress", () => {
  it("says in German how far the server is", () => {
    expect(describeImportProgress(progress("read", 0, 0))).toBe("Datei wird gelesen …");
    expect(describeImportProgress(progress("check", 1200, 10000))).toBe(
      "1.200 von 10.000 Buchungen geprüft",
    );
    expect(describeImportProgress({ phase: "save", unit: "readings", done: 1, total: 1 })).toBe(
      "1 von 1 Zählerstand gespeichert",
    );
    expect(
      describeImportProgress({ phase: "save", unit: "readings", done: 1500, total: 2000 }),
    ).toBe("1.500 von 2.000 Zählerständen gespeichert");
    expect(describeImportProgress({ phase: "check", unit: "records", done: 0, total: 240 })).toBe(
      "0 von 240 Sätzen geprüft",
    );
  });

  it("fills the bar with checking only in a dry run, and checking then saving in an import", () => {
    expect(getImportProgressPercent(progress("check", 5000, 10000), false)).toBe(50);
    expect(getImportProgressPercent(progress("check", 5000, 10000), true)).toBe(25);
    expect(getImportProgressPercent(progress("save", 10000, 10000), true)).toBe(100);
    expect(getImportProgressPercent(progress("read", 0, 0), true)).toBe(0);
  });
});
