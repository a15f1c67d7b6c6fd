import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StatementConsumption } from "@nk/contract";
import { calculateStatement, type StatementInput, type StatementResult } from "@nk/engine";
import { buildLetterModel } from "../../src/features/statement-documents/build-letter-model.ts";
import { buildLettersDocument } from "../../src/features/statement-documents/letter-document.ts";
import { buildLetterLegal } from "../../src/features/statement-documents/letter-legal-source.ts";
import { renderPdf } from "../../src/features/statement-documents/pdf-renderer.ts";
import { tenancyMeterRows } from "../../src/features/statement-documents/snapshot-letter-source.ts";
import type { LetterSource } from "../../src/features/statement-documents/letter-model.ts";

// Issue 24, items 3, 4, 13 and 16: the letters of the engine's tenant-change example
// (packages/engine/test/fixtures/tenant-change-examples): a move-out reading, a move-in reading
// that ends a vacancy, water apportioned by days, a household growing from 3 to 4 persons, an
// estimated reading, an item the flat takes no part in. Read back with pdftotext.

const INPUT = JSON.parse(
  fs.readFileSync(
    new URL(
      "../../../../packages/engine/test/fixtures/tenant-change-examples/readings-on-every-boundary.input.json",
      import.meta.url,
    ),
    "utf8",
  ),
) as StatementInput;

function calculate(): StatementResult {
  const outcome = calculateStatement(INPUT);
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  return outcome.result;
}

const LABELS: StatementConsumption = {
  values: [],
  missing: [],
  meters: ["HKV-W1", "WW-W1", "HKV-W2", "WW-W2"].map((meterId) => ({
    meterId,
    label: `Zähler ${meterId}`,
    meterType: meterId.startsWith("HKV") ? "Heizkostenverteiler" : "Warmwasserzähler",
    meter: meterId.startsWith("HKV") ? ("heating" as const) : ("warmwater" as const),
    unitId: meterId.endsWith("W1") ? "W1" : "W2",
    unitName: meterId.endsWith("W1") ? "EG" : "OG",
    isCumulative: !meterId.startsWith("HKV"),
    start: null,
    end: null,
    consumption: null,
    intermediate: [],
    status: "ok" as const,
  })),
};

function sourceOf(result: StatementResult, tenancyId: string): LetterSource {
  const tenancy = result.tenancies.find((t) => t.tenancyId === tenancyId)!;
  return {
    input: INPUT,
    result,
    tenancyId,
    letterDate: "2025-03-14",
    draft: false,
    sender: {
      name: "Hausverwaltung Linde",
      street: "Lindenstraße 1",
      postalCode: "10115",
      city: "Berlin",
      phone: "030 1",
      iban: "DE89370400440532013000",
      bic: null,
      bankName: null,
    },
    property: {
      name: "Haus Linde",
      street: "Lindenweg 5",
      postalCode: "12345",
      city: "Musterstadt",
    },
    unitNames: { W1: "EG", W2: "OG" },
    tenancyNames: { A: "Anna Alt", B: "Bernd Neu", C: "Familie Clausen" },
    tenantAddress: null,
    meterReadings: tenancyMeterRows(
      LABELS,
      tenancy.unitId,
      tenancy.consumption ?? [],
      result.period.start,
    ),
    legal: buildLetterLegal({
      result,
      tenancyId,
      version: 1,
      letterDate: "2025-03-14",
      lateExcuse: null,
      previous: null,
    }),
  };
}

let dir = "";
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-letter-change-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function letterText(tenancyId: string): Promise<string> {
  const result = calculate();
  const source = sourceOf(result, tenancyId);
  const pdf = await renderPdf(
    buildLettersDocument([{ model: buildLetterModel(source) }], result.totalCosts),
  );
  const file = path.join(dir, `${tenancyId}.pdf`);
  fs.writeFileSync(file, pdf.bytes);
  const layout = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  const reading = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
  return `${layout}\n|\n${reading}`.replace(/\s+/g, " ");
}

describe("letters of a tenant change with readings on the change days (issue 24)", () => {
  it("the tenant who moved out sees her own move-out reading and consumption, not the flat's year", async () => {
    const text = await letterText("A");
    expect(text).toContain("Ihre Zählerstände und Ihr Verbrauch");
    expect(text).toContain("Zähler HKV-W1 0 (01.01.2024) 410 (30.06.2024) 410 Einheiten abgelesen");
    expect(text).not.toContain("980 Einheiten");
    // Water: no reading at her move-out: apportioned by days, never "abgelesen".
    expect(text).toContain("6,34 m³");
    expect(text).toContain(
      "anteilig nach Tagen (§ 9b Abs. 3 HeizkV): 8,5 m³ vom 01.01.2024 bis 31.08.2024, davon Ihr Anteil 182 von 244 Tagen",
    );
    expect(text).toContain("Ihr Verbrauch 410 Einheiten von insgesamt");
    expect(text).toContain(
      "Ihr Verbrauch 6,34 m³ (anteilig nach Tagen, § 9b Abs. 3 HeizkV) von insgesamt 34,2 m³",
    );
    expect(text).not.toContain("gemessen");
    // Issue 24, item 12: the § 6a (3) HeizkV information shows her own half year, not the flat's 980 units.
    expect(text).toContain(
      "Ihr Heizverbrauch 01.01.2024–30.06.2024 (182 Tage, abgelesen) 410,00 Einheiten",
    );
    // "1 Person", singular, on page 1 and in the step.
    expect(text).toContain("(60 m², 1 Person)");
    expect(text).toContain("1 Person × 182 Tage = 182 Personentage von insgesamt 1.694");
    // Decision 1140: the vacancy counts one person.
    expect(text).toContain(
      "eine leerstehende Wohnung zählt mit 1 Person, deren Anteil der Vermieter trägt",
    );
  });

  it("the tenant who moved in after the vacancy starts at her move-in reading", async () => {
    const text = await letterText("B");
    expect(text).toContain(
      "Zähler HKV-W1 450 (01.09.2024) 980 (31.12.2024) 530 Einheiten abgelesen",
    );
    expect(text).toContain("Zähler WW-W1 108,5 (01.09.2024) 114,2 (31.12.2024) 5,7 m³ abgelesen");
    expect(text).toContain("(60 m², 2 Personen)");
  });

  it("a household growing from 3 to 4: persons on page 1 and the person-day breakdown; the estimate marked; the step equals the share", async () => {
    const text = await letterText("C");
    expect(text).toContain("(80 m², 3 Personen bis 14.09.2024, 4 Personen ab 15.09.2024)");
    expect(text).toContain(
      "3 Personen × 258 Tage + 4 Personen × 108 Tage = 1.206 Personentage von insgesamt 1.694",
    );
    expect(text).toContain("1.200 Einheiten geschätzt (§ 9a HeizkV)");
    expect(text).toContain(
      "Ihr Verbrauch 1.200 Einheiten (geschätzt, § 9a HeizkV) von insgesamt 2.180 Einheiten",
    );
    // The step's result carries the share's rounding (issue 25): 427,16 € in the step and beside it.
    expect(text).toContain("600,00 € × 1.206 / 1.694 = 427,16 €");
  });

  it("an item the flat takes no part in is listed as 'nicht beteiligt', so the lines add up to the sum", async () => {
    const text = await letterText("A");
    expect(text).toContain("Aufzug 300,00 € Wohnfläche nicht beteiligt");
    expect(text).toContain("Ihre Wohnung EG ist an dieser Kostenart nicht beteiligt.");
    expect(text).toContain("Summe 5.900,00 € 1.076,45 €");
  });
});
