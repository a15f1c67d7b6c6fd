import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuroDe } from "@nk/contract";
import { calculateStatement } from "@nk/engine";
import { buildLetterModel } from "../../src/features/statement-documents/build-letter-model.ts";
import { buildLettersDocument } from "../../src/features/statement-documents/letter-document.ts";
import { renderPdf } from "../../src/features/statement-documents/pdf-renderer.ts";
import { SAMPLE_INPUT, sampleLetterSource, sampleResult } from "../support/letter-fixture.ts";

// Real PDFs, read back as text with pdftotext (poppler-utils) and as pixels with pdftoppm; the
// GiroCode is decoded from the rendered page with jsQR.

let dir = "";
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-letter-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function renderLetter(tenancyId: string, overrides = {}) {
  const source = sampleLetterSource(tenancyId, overrides);
  const model = buildLetterModel(source);
  const pdf = await renderPdf(buildLettersDocument([{ model }], source.result.totalCosts));
  const file = path.join(dir, `${tenancyId}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf.bytes);
  return { model, pdf, file, source };
}

/** The text in layout order (table rows on one line) and in reading order (wrapped paragraphs whole). */
function pdfText(file: string, page?: number): string {
  const range = page ? ["-f", String(page), "-l", String(page)] : [];
  const layout = execFileSync("pdftotext", ["-layout", ...range, file, "-"], { encoding: "utf8" });
  const reading = execFileSync("pdftotext", [...range, file, "-"], { encoding: "utf8" });
  return `${layout}\n|\n${reading}`;
}

/** Whitespace-insensitive: the layout may put any number of spaces between words of a table. */
function flat(text: string): string {
  return text.replace(/\s+/g, " ");
}

describe("statement letter PDF (heating, CO2, tenant change, estimate, § 35a)", () => {
  it("carries every content docs/rules/statements.md#letter-contents requires, in German with exact amounts", async () => {
    const { model, pdf, file, source } = await renderLetter("schulz");
    expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = flat(pdfText(file));
    const tenancy = source.result.tenancies.find((t) => t.tenancyId === "schulz")!;

    // Letter frame: sender line, window address, date, subject for property and unit.
    expect(text).toContain("Hausverwaltung Sonnenschein GmbH · Lindenstraße 12a · 10115 Berlin");
    expect(text).toContain("Familie Schulz");
    expect(text).toContain("Neue Allee 3");
    expect(text).toContain("80331 München");
    expect(text).toContain("14.03.2025");
    expect(text).toContain("Nebenkostenabrechnung 2024");
    expect(text).toContain("Wohnhaus Gartenweg, EG links – Gartenweg 7, 12345 Musterstadt");

    // 1. Every cost item with its total and its key; 4. the tenant's share per item.
    for (const item of source.result.items) {
      expect(text, item.costType).toContain(item.costType);
      expect(text, item.costType).toContain(formatEuroDe(item.amount));
    }
    for (const allocation of tenancy.allocations)
      expect(text, allocation.costType).toContain(formatEuroDe(allocation.amount));
    expect(text).toContain(
      `Summe ${formatEuroDe(source.result.totalCosts)} ${formatEuroDe(tenancy.total)}`,
    );

    // 2. Keys named and explained in words; 3. the share step by step with the days.
    expect(text).toContain("Verteilung nach Wohnfläche: Ihr Anteil ist die Fläche Ihrer Wohnung");
    expect(text).toContain("Verteilung nach Personen");
    expect(text).toContain("Verteilung nach Wohneinheiten");
    expect(text).toContain(
      "Verteilung zu 30 % als Grundkosten nach Wohnfläche und zu 70 % nach dem erfassten Verbrauch",
    );
    expect(text).toContain("80 m² × 182 Tage = 14.560 von insgesamt 72.285");
    expect(text).toContain("986,00 € × 14.560 / 72.285 = 198,60 €");
    expect(text).toContain("Gradtagsanteil");
    expect(text).toContain("Ihr Verbrauch 610 Einheiten von insgesamt");
    expect(text).toContain("182 von 366 Tagen");

    // Prepayments by month, deducted; the result.
    for (const month of [
      "Januar 2024",
      "Februar 2024",
      "März 2024",
      "April 2024",
      "Mai 2024",
      "Juni 2024",
    ])
      expect(text).toContain(`${month} ganzer Monat 210,00 €`);
    expect(text).not.toContain("Juli 2024");
    expect(text).toContain("Summe Ihrer Vorauszahlungen 1.260,00 €");
    expect(model.result).toBe("Nachzahlung");
    expect(text).toContain(`Nachzahlung ${formatEuroDe(tenancy.balance)}`);

    // Meter readings with the estimate marked.
    expect(text).toContain(
      "WW-55102 312,6 (31.12.2023) 334 (31.12.2024) 21,4 m³ geschätzt (§ 9a HeizkV)",
    );
    expect(text).toContain("1.021,35");

    // CO2KostAufG § 7 (3): emissions, kg/m², stage, split, the tenant's CO2 cost.
    const co2 = source.result.co2!;
    expect(text).toContain("CO₂-Kostenaufteilung (§ 7 Abs. 3 CO2KostAufG)");
    // Issue 24, item 7: the stage only, and the whole basis: 32,000 kWh (upper) x 0.903 = 28,896 kWh
    // x 0.20088 = 5,804.63 kg; 2024 at 45 EUR/t = 261.21 EUR net, 19 % VAT 49.63 EUR, 310.84 EUR.
    expect(text).toContain(`Stufe ${co2.stage}`);
    expect(text).not.toContain("(Klasse");
    expect(text).toContain("Energie laut Rechnung (Brennwert) 32.000 kWh");
    expect(text).toContain("Umrechnung auf den Heizwert (× 0,903) 28.896 kWh");
    expect(text).toContain("Emissionsfaktor (Standardwert Erdgas) 0,20088 kg CO₂/kWh");
    expect(text).toContain("5.804,63 kg");
    expect(text).toContain("01.01.2024–31.12.2024: 5.804,63 kg × 45,00 € je Tonne 261,21 €");
    expect(text).toContain("Umsatzsteuer 19 % 49,63 €");
    expect(text).toContain("CO₂-Kosten des Gebäudes 310,84 €");
    expect(text).toContain(
      "gesetzlicher CO₂-Preis (§ 4 Abs. 1 Nr. 1 CO2KostAufG, Festpreis nach § 10 Abs. 2 BEHG)",
    );
    expect(text).toContain(`${co2.tenantPercent} % / ${co2.landlordPercent} %`);
    expect(text).toContain("kg CO₂/m²·a");
    expect(text).toContain(
      `Ihr Anteil an den CO₂-Kosten (in Ihren Heiz- und Warmwasserkosten enthalten) ${formatEuroDe(model.co2!.yourCost!)}`,
    );
    expect(text).toContain("abzügl. CO₂-Anteil Vermieter");

    // § 6a (3) HeizkV annual information.
    expect(text).toContain("Jährliche Verbrauchsinformation (§ 6a Abs. 3 HeizkV)");
    // Issue 24, item 12: her own half year (610 units to her move-out), not the flat's 905 + 610,
    // against her own 2023, weather-corrected (0,97 and 1,08), and the average user of 80 m².
    expect(text).toContain(
      "Ihr Heizverbrauch 01.01.2024–30.06.2024 (182 Tage, abgelesen) 610,00 Einheiten",
    );
    expect(text).toContain("witterungsbereinigt (Klimafaktor 0,97) 591,70 Einheiten");
    expect(text).toContain(
      "Ihr Heizverbrauch im Vorzeitraum 01.01.2023–31.12.2023 (365 Tage) 1.480,00 Einheiten",
    );
    expect(text).toContain("witterungsbereinigt (Klimafaktor 1,08) 1.598,40 Einheiten");
    expect(text).toContain("Veränderung je Tag gegenüber dem Vorzeitraum (witterungsbereinigt)");
    expect(text).toContain("Durchschnittsnutzer mit Ihrer Wohnfläche im gleichen Zeitraum");
    expect(text).toContain("Vergleich, witterungsbereinigt (Einheiten)");
    expect(text).toContain("Energieträger: Erdgas 100,00 %");
    expect(text).toContain("Energiesteuer (Erdgas) 176,96 €");
    expect(text).toContain("Gebrauchsüberlassung und Eichung der Erfassungsgeräte 212,40 €");
    expect(text).toContain("Ablesung und Abrechnung 318,60 €");
    expect(text).toContain("verbraucherzentrale-energieberatung.de");
    expect(text).toContain("Universalschlichtungsstelle des Bundes");

    // § 35a EStG.
    expect(text).toContain("Steuerermäßigung nach § 35a EStG");
    expect(text).toContain("Haushaltsnahe Dienstleistungen (§ 35a Abs. 2 EStG)");
    expect(text).toContain("Handwerkerleistungen (§ 35a Abs. 3 EStG)");
    expect(text).toContain(
      `Summe haushaltsnahe Dienstleistungen ${formatEuroDe(model.taxTotals!.householdServices)}`,
    );

    // Payment: due date 30 days after the letter, IBAN, purpose.
    expect(text).toContain("bis zum 13.04.2025");
    expect(text).toContain("DE89 3704 0044 0532 0130 00");
    expect(text).toContain("Verwendungszweck Nebenkostenabrechnung 2024 Familie Schulz, EG links");
    expect(text).toContain("GiroCode");

    // Notes: receipts and the objection period.
    expect(text).toContain("Abrechnungsbelege");
    expect(text).toContain("§ 556 Abs. 3 Satz 5 BGB");

    // Page numbers on every page, header of long tables repeated, no draft mark.
    for (let page = 1; page <= pdf.pageCount; page += 1)
      expect(flat(pdfText(file, page))).toContain(`Seite ${page} von ${pdf.pageCount}`);
    const pagesWithStepsHeader = Array.from({ length: pdf.pageCount }, (_, i) =>
      flat(pdfText(file, i + 1)),
    ).filter((t) => t.includes("So wurde Ihr Anteil berechnet"));
    expect(pagesWithStepsHeader.length).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain("ENTWURF");
  });

  it("the § 35a shares add up to the engine's taxDeductible where the engine gives it", async () => {
    const { model } = await renderLetter("schulz");
    const byCents = (v: string) => BigInt(v.replace(".", ""));
    const household = model.taxLines
      .filter((l) => l.categoryLabel.includes("Abs. 2"))
      .reduce((s, l) => s + byCents(l.yourShare), 0n);
    expect(byCents(model.taxTotals!.householdServices)).toBe(household);
    // Every line of an item together bears the item's labour costs to the cent.
    const all = ["schulz", "oezdemir", "krueger", "weiss"].map((id) =>
      buildLetterModel(sampleLetterSource(id)),
    );
    const hausmeister = all
      .map((m) => m.taxLines.find((l) => l.costType === "Hausmeister")!.yourShare)
      .reduce((s, v) => s + byCents(v), 0n);
    expect(hausmeister).toBeLessThanOrEqual(165000n); // the rest is the vacancy's (landlord's) part
    expect(hausmeister).toBeGreaterThan(155000n);
  });

  it("prorates the new tenant's first month", async () => {
    const { file } = await renderLetter("oezdemir");
    const text = flat(pdfText(file));
    expect(text).toContain("August 2024 17 von 31 Tagen 131,61 €");
    expect(text).toContain("Ayşe Özdemir");
    // No own address: the unit's address in the property.
    expect(text).toMatch(/Ayşe Özdemir\s+(\S+\s+)*Gartenweg 7\s+(\S+\s+)*12345 Musterstadt/);
  });

  it("pays a credit out instead of a GiroCode", async () => {
    // Özdemir with prepayments of 600 € a month: more than her share, a credit.
    const input = {
      ...SAMPLE_INPUT,
      tenancies: SAMPLE_INPUT.tenancies.map((t) =>
        t.id === "oezdemir"
          ? {
              ...t,
              prepayments: [{ monthlyAmount: "600.00", validFrom: "2024-08-15", validUntil: null }],
            }
          : t,
      ),
    };
    const outcome = calculateStatement(input);
    if (!outcome.ok) throw new Error(outcome.errors.join("; "));
    const { model, file } = await renderLetter("oezdemir", { input, result: outcome.result });
    expect(model.result).toBe("Guthaben");
    const text = flat(pdfText(file));
    expect(model.giroCode).toBeNull();
    expect(text).toContain("Ihr Guthaben von");
    // The summary line too: "das Guthaben", not "Ihre Guthaben".
    expect(text).toContain("Ihr Guthaben");
    expect(text).not.toContain("Ihre Guthaben");
    expect(text).not.toContain("GiroCode");
  });

  it("marks a draft 'ENTWURF' on every page", async () => {
    const { pdf, file } = await renderLetter("krueger", { draft: true });
    expect(pdf.pageCount).toBeGreaterThan(1);
    for (let page = 1; page <= pdf.pageCount; page += 1)
      expect(pdfText(file, page), `page ${page}`).toContain("ENTWURF");
  });

  it("notes the § 12 HeizkV reduction right where heating is not distributed by consumption", async () => {
    const input = {
      ...SAMPLE_INPUT,
      costItems: SAMPLE_INPUT.costItems.map((c) =>
        c.costType === "Heizung" ? { ...c, key: "area" as const, consumptionShare: null } : c,
      ),
    };
    const outcome = calculateStatement(input);
    if (!outcome.ok) throw new Error(outcome.errors.join());
    const { file } = await renderLetter("weiss", { input, result: outcome.result });
    expect(flat(pdfText(file))).toContain("§ 12 Abs. 1 HeizkV");
  });

  it("prints a GiroCode that decodes to the EPC payment of the back-payment", async () => {
    const { model, pdf, file } = await renderLetter("schulz");
    const page = Array.from({ length: pdf.pageCount }, (_, i) => i + 1).find((p) =>
      pdfText(file, p).includes("GiroCode"),
    )!;
    const prefix = path.join(dir, "qr");
    execFileSync("pdftoppm", [
      "-png",
      "-r",
      "200",
      "-singlefile",
      "-f",
      String(page),
      "-l",
      String(page),
      file,
      prefix,
    ]);
    const png = PNG.sync.read(fs.readFileSync(`${prefix}.png`));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(
      [
        "BCD",
        "002",
        "1",
        "SCT",
        "COBADEFFXXX",
        "Hausverwaltung Sonnenschein GmbH",
        "DE89370400440532013000",
        `EUR${model.resultAmount}`,
        "",
        "",
        "Nebenkostenabrechnung 2024 Familie Schulz, EG links",
      ].join("\n"),
    );
  });

  it("puts all letters of a run into one PDF, numbered per letter", async () => {
    const result = sampleResult();
    const runs = [];
    for (const id of ["schulz", "oezdemir", "krueger", "weiss"]) {
      const model = buildLetterModel(sampleLetterSource(id));
      const alone = await renderPdf(buildLettersDocument([{ model }], result.totalCosts));
      runs.push({ model, pageCount: alone.pageCount });
    }
    const all = await renderPdf(buildLettersDocument(runs, result.totalCosts));
    expect(all.pageCount).toBe(runs.reduce((sum, r) => sum + r.pageCount, 0));
    const file = path.join(dir, "all.pdf");
    fs.writeFileSync(file, all.bytes);
    const text = flat(pdfText(file));
    for (const run of runs) expect(text).toContain(`Seite ${run.pageCount} von ${run.pageCount}`);
    const layoutOnly = text.split(" | ")[0]!;
    expect(layoutOnly.match(/Seite 1 von \d+/g)).toHaveLength(4);
    for (const name of ["Familie Schulz", "Ayşe Özdemir", "Jürgen Krüger", "Maria Weiß"])
      expect(text).toContain(`Guten Tag ${name},`);
  });
});

describe("landlord's overview PDF", () => {
  it("lists every item with its key, every tenancy's and the vacancy's share, the CO2 split and the landlord's total", async () => {
    const { buildOverviewDocument } =
      await import("../../src/features/statement-documents/overview-document.ts");
    const { SAMPLE_SENDER, SAMPLE_TENANCY_NAMES, SAMPLE_UNIT_NAMES } =
      await import("../support/letter-fixture.ts");
    const result = sampleResult();
    const source = sampleLetterSource("schulz");
    const pdf = await renderPdf(
      buildOverviewDocument({
        input: SAMPLE_INPUT,
        result,
        draft: true,
        createdOn: "2025-03-14",
        sender: SAMPLE_SENDER,
        property: source.property,
        unitNames: SAMPLE_UNIT_NAMES,
        tenancyNames: SAMPLE_TENANCY_NAMES,
      }),
    );
    const file = path.join(dir, "overview.pdf");
    fs.writeFileSync(file, pdf.bytes);
    const text = flat(pdfText(file));
    expect(text).toContain("Gesamtabrechnung 2024");
    for (const item of result.items) expect(text).toContain(`${item.costType}`);
    for (const tenancy of result.tenancies) {
      expect(text).toContain(
        SAMPLE_TENANCY_NAMES[tenancy.tenancyId as keyof typeof SAMPLE_TENANCY_NAMES],
      );
      for (const allocation of tenancy.allocations)
        expect(text).toContain(formatEuroDe(allocation.amount));
    }
    expect(text).toContain("Leerstand (Vermieter) EG links 01.07.2024 – 14.08.2024 45");
    const landlord = result.items.reduce(
      (sum, item) => sum + BigInt(item.landlord.replace(".", "")),
      0n,
    );
    expect(text).toContain(
      `Vom Vermieter zu tragen ${formatEuroDe(`${landlord / 100n}.${String(landlord % 100n).padStart(2, "0")}`)}`,
    );
    expect(text).toContain(`Stufe ${result.co2!.stage}`);
    expect(text).toContain(`Anteil Vermieter ${formatEuroDe(result.co2!.landlordCost!)}`);
    for (let page = 1; page <= pdf.pageCount; page += 1)
      expect(pdfText(file, page)).toContain("ENTWURF");
  });
});

describe("letter model with a cost type twice", () => {
  it("matches each item with its own allocation and labour costs, in order", () => {
    const input = {
      ...SAMPLE_INPUT,
      costItems: [
        ...SAMPLE_INPUT.costItems,
        {
          costType: "Hausmeister",
          amount: "300.00",
          key: "units" as const,
          laborCosts: "300.00",
          taxCategory: "householdServices" as const,
        },
      ],
    };
    const outcome = calculateStatement(input);
    if (!outcome.ok) throw new Error(outcome.errors.join());
    const model = buildLetterModel(sampleLetterSource("weiss", { input, result: outcome.result }));
    const tenancy = outcome.result.tenancies.find((t) => t.tenancyId === "weiss")!;
    const caretaker = model.costLines.filter((l) => l.costType === "Hausmeister");
    expect(caretaker.map((l) => [l.itemTotal, l.keyLabel, l.share])).toEqual(
      tenancy.allocations
        .filter((a) => a.costType === "Hausmeister")
        .map((a, i) => [
          i === 0 ? "1980.00" : "300.00",
          i === 0 ? "Wohnfläche" : "Wohneinheiten",
          a.amount,
        ]),
    );
    expect(
      model.taxLines.filter((l) => l.costType === "Hausmeister").map((l) => l.laborCosts),
    ).toEqual(["1650.00", "300.00"]);
  });
});
