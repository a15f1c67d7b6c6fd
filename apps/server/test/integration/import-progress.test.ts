import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import { createBillingPeriodViaApi, createMeteringAccount } from "../support/metering-fixtures.ts";

// Issue 28: "Progress is shown for large files (10,000 bookings, 5 MB); the server streams and
// limits sizes" (decision 1700). A camt.053 of 10,000 outgoing bookings (just under 5 MB) is
// checked and imported with `Accept: application/x-ndjson`: the answer comes as lines, progress
// first and the result last; a second import of the same file changes nothing; a body above the
// limit is refused with the file's limit in German before the server reads it all.

const FILE_LIMIT = 5 * 1024 * 1024;
const BOOKINGS = 10_000;
const NDJSON = "application/x-ndjson";

/** Booking i: a distinct day, amount and purpose, so no two are the same booking. */
function largeCamt(): string {
  const entries: string[] = [];
  for (let index = 0; index < BOOKINGS; index += 1) {
    const day = `2025-${String((index % 12) + 1).padStart(2, "0")}-${String((index % 28) + 1).padStart(2, "0")}`;
    const amount = `${10 + (index % 90)}.${String(index % 100).padStart(2, "0")}`;
    // One line per booking (a bank's export is not indented either): about 480 bytes each.
    entries.push(
      `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
        `<BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt>` +
        `<AcctSvcrRef>2025${String(index).padStart(12, "0")}</AcctSvcrRef><NtryDtls><TxDtls>` +
        `<RltdPties><Cdtr><Pty><Nm>Stadtwerke Köln GmbH</Nm></Pty></Cdtr>` +
        `<CdtrAcct><Id><IBAN>DE54370400440532013000</IBAN></Id></CdtrAcct></RltdPties>` +
        `<RmtInf><Ustrd>Abschlag Wasser Vertragskonto 4711-0815 Beleg ${index}</Ustrd></RmtInf>` +
        `</TxDtls></NtryDtls></Ntry>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STM-2025-LARGE</MsgId><CreDtTm>2026-01-02T06:15:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>2025-LARGE</Id>
      <CreDtTm>2026-01-02T06:15:00+01:00</CreDtTm>
      <Acct><Id><IBAN>DE02120300000000202051</IBAN></Id><Ccy>EUR</Ccy></Acct>
${entries.join("\n")}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

interface StreamLine {
  type: "progress" | "result" | "error";
  progress?: { phase: string; unit: string; done: number; total: number };
  result?: Record<string, unknown>;
  status?: number;
  body?: { error: { code: string; message: string; errorId?: string } };
}

/** Reads an NDJSON answer chunk by chunk; `chunks` says in how many reads the lines came. */
async function readLines(response: Response): Promise<{ lines: StreamLine[]; chunks: number }> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain(NDJSON);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let chunks = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks += 1;
    text += decoder.decode(value, { stream: true });
  }
  const lines = text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as StreamLine);
  return { lines, chunks };
}

function progressOf(lines: StreamLine[], phase: string) {
  return lines.filter((line) => line.progress?.phase === phase).map((line) => line.progress!);
}

describe.each(TEST_DRIVERS)("import progress for large files (%s)", (driver) => {
  let t: TestContext;
  const camt = largeCamt();
  const file = {
    fileName: "umsaetze-2025.xml",
    contentBase64: Buffer.from(camt, "utf8").toString("base64"),
  };
  beforeAll(async () => {
    t = await createTestContext(driver, { importFileLimitBytes: FILE_LIMIT });
  });
  afterAll(async () => t?.close());

  it("streams the dry run and the import of 10,000 bookings (5 MB) with progress; the second import changes nothing", async () => {
    expect(Buffer.byteLength(camt)).toBeGreaterThan(4.4 * 1024 * 1024);
    expect(Buffer.byteLength(camt)).toBeLessThanOrEqual(FILE_LIMIT);
    const { cookie, userId, propertyId } = await createMeteringAccount(t);
    const billingPeriodId = await createBillingPeriodViaApi(
      t,
      cookie,
      propertyId,
      "2025-01-01",
      "2025-12-31",
    );
    const countBookings = async () =>
      Number(
        (
          await t.db
            .selectFrom("bankBookings")
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .where("userId", "=", userId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    const preview = await readLines(
      await t.request("POST", "/api/imports/bank-statements/preview", {
        cookie,
        headers: { accept: NDJSON },
        body: { billingPeriodId, file },
      }),
    );
    expect(preview.lines[0]).toEqual({
      type: "progress",
      progress: { phase: "read", unit: "bookings", done: 0, total: 0 },
    });
    const checked = progressOf(preview.lines, "check");
    expect(checked.map((entry) => entry.done)).toEqual(
      Array.from({ length: 21 }, (_, index) => index * 500),
    );
    expect(checked.every((entry) => entry.total === BOOKINGS)).toBe(true);
    // The lines came as the work went on, not all at once at the end.
    expect(preview.chunks).toBeGreaterThan(2);
    const previewResult = preview.lines.at(-1)!;
    expect(previewResult.type).toBe("result");
    expect(previewResult.result!.counts).toEqual({
      new: BOOKINGS,
      duplicate: 0,
      ignored: 0,
      error: 0,
    });
    const rows = previewResult.result!.rows as { row: number; amount: string }[];
    expect(rows).toHaveLength(BOOKINGS);
    // A dry run saves nothing.
    expect(await countBookings()).toBe(0);

    const assignments = rows.map((row) => ({
      row: row.row,
      parts: [{ costType: "Kaltwasser", amount: row.amount }],
    }));
    const commit = await readLines(
      await t.request("POST", "/api/imports/bank-statements", {
        cookie,
        headers: { accept: NDJSON },
        body: { billingPeriodId, file, assignments },
      }),
    );
    const saved = progressOf(commit.lines, "save");
    expect(saved.at(0)).toEqual({ phase: "save", unit: "bookings", done: 0, total: BOOKINGS });
    expect(saved.at(-1)).toEqual({
      phase: "save",
      unit: "bookings",
      done: BOOKINGS,
      total: BOOKINGS,
    });
    expect(progressOf(commit.lines, "check").at(-1)?.done).toBe(BOOKINGS);
    const result = commit.lines.at(-1)!;
    expect(result.type).toBe("result");
    expect(result.result).toMatchObject({ imported: BOOKINGS, skippedDuplicates: 0 });
    const importedTotal = result.result!.importedTotal as string;
    expect(await countBookings()).toBe(BOOKINGS);
    const costs = await readJson(
      await t.request("GET", `/api/billing-periods/${billingPeriodId}/costs`, { cookie }),
    );
    expect(
      (costs.costItems as { costType: string; amount: string }[]).map((item) => [
        item.costType,
        item.amount,
      ]),
    ).toEqual([["Kaltwasser", importedTotal]]);

    // The same file again (plain JSON this time): every booking is recognised, nothing changes.
    const again = await t.request("POST", "/api/imports/bank-statements", {
      cookie,
      body: { billingPeriodId, file, assignments },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get("content-type")).toContain("application/json");
    expect(await readJson(again)).toMatchObject({
      imported: 0,
      skippedDuplicates: BOOKINGS,
      message: "Alle Buchungen dieser Datei waren bereits importiert; es wurde nichts geändert.",
    });
    expect(await countBookings()).toBe(BOOKINGS);
    expect(
      await readJson(
        await t.request("GET", `/api/billing-periods/${billingPeriodId}/costs`, { cookie }),
      ),
    ).toEqual(costs);
  });

  it("answers a refused file as an error line with its German message, and a body above the limit with 413 before reading it", async () => {
    const { cookie, propertyId } = await createMeteringAccount(t);
    const billingPeriodId = await createBillingPeriodViaApi(
      t,
      cookie,
      propertyId,
      "2025-01-01",
      "2025-12-31",
    );
    const hostile = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>`;
    const refused = await readLines(
      await t.request("POST", "/api/imports/bank-statements/preview", {
        cookie,
        headers: { accept: NDJSON },
        body: {
          billingPeriodId,
          file: { fileName: "x.xml", contentBase64: Buffer.from(hostile).toString("base64") },
        },
      }),
    );
    const last = refused.lines.at(-1)!;
    expect(last).toMatchObject({ type: "error", status: 400 });
    expect(last.body!.error.message).toContain("DOCTYPE- oder ENTITY-Deklaration");
    expect(last.body!.error.errorId).toEqual(expect.any(String));

    // 7 MB of base64 (a file of about 5.3 MB) plus the quarter for assignments is above the body limit.
    const tooLarge = await t.request("POST", "/api/imports/bank-statements/preview", {
      cookie,
      headers: { accept: NDJSON },
      body: {
        billingPeriodId,
        file: { fileName: "gross.csv", contentBase64: "QUFB".repeat(2_200_000) },
      },
    });
    expect(tooLarge.status).toBe(413);
    expect((await readJson(tooLarge)).error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message:
        "Die Datei ist zu groß (höchstens 5 MB). Bitte teilen Sie sie auf, z. B. nach Monaten.",
    });
  });
});
