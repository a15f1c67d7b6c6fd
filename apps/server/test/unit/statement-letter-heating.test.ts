import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateStatement, computeAnnualInformation, type StatementInput } from "@nk/engine";
import { buildLetterModel } from "../../src/features/statement-documents/build-letter-model.ts";
import { buildLetterLegal } from "../../src/features/statement-documents/letter-legal-source.ts";
import { buildLettersDocument } from "../../src/features/statement-documents/letter-document.ts";
import { renderPdf } from "../../src/features/statement-documents/pdf-renderer.ts";
import { sampleLetterSource } from "../support/letter-fixture.ts";

// Issue 24, items 6-8: the letter of an oil-heated house with stocks over 07/2024-06/2025 (the
// engine's worked example oil-stock-crossing-year) prints the heating cost sheet, the § 9
// HeizkV split and the CO2 basis with a price per calendar year, all from the engine's result.
const INPUT = JSON.parse(
  fs.readFileSync(
    new URL(
      "../../../../packages/engine/test/fixtures/heating-examples/oil-stock-crossing-year.input.json",
      import.meta.url,
    ),
    "utf8",
  ),
) as StatementInput;

let dir = "";
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-heating-letter-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function renderOilLetter(): Promise<string> {
  const outcome = calculateStatement(INPUT);
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  const result = outcome.result;
  const source = sampleLetterSource("og", {
    input: INPUT,
    result,
    unitNames: { EG: "EG", OG: "1. OG", DG: "DG" },
    tenancyNames: { eg: "Familie Schulz", og: "Ayşe Özdemir", dg: "Jürgen Krüger" },
    tenantAddress: null,
    meterReadings: [],
    letterDate: "2025-09-15",
    legal: buildLetterLegal({
      result,
      tenancyId: "og",
      version: 1,
      letterDate: "2025-09-15",
      lateExcuse: null,
      previous: null,
    }),
  });
  const pdf = await renderPdf(
    buildLettersDocument([{ model: buildLetterModel(source) }], result.totalCosts),
  );
  const file = path.join(dir, "oil.pdf");
  fs.writeFileSync(file, pdf.bytes);
  const layout = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  return layout.replace(/[ \t]+/g, " ");
}

describe("letter of an oil-heated house with stocks and CO2 over the turn of the year", () => {
  it("prints the heating cost sheet with stocks valued first in, first out", async () => {
    const text = await renderOilLetter();
    expect(text).toContain("Heizkostenaufstellung und Aufteilung nach § 9 HeizkV");
    expect(text).toContain("Anfangsbestand am 01.07.2024: 3.000 l 2.850,00 €");
    expect(text).toContain("Lieferung am 15.10.2024: 5.000 l zu 1,03 €/l 5.150,00 €");
    expect(text).toContain("Lieferung am 10.02.2025: 3.000 l zu 1,09 €/l 3.270,00 €");
    expect(text).toContain("Zur Verfügung: 11.000 l 11.270,00 €");
    expect(text).toContain("abzüglich Endbestand am 30.06.2025: 2.500 l − 2.725,00 €");
    expect(text).toContain("davon 2.500 l aus der Lieferung vom 10.02.2025 zu 1,09 €/l 2.725,00 €");
    expect(text).toContain("Verbrauchter Brennstoff: 8.500 l (im Mittel 1,005294 €/l) 8.545,00 €");
    expect(text).toContain("Betriebsstrom 420,00 €");
    expect(text).toContain("Wartung, Reinigung und Prüfung der Anlage 380,00 €");
    expect(text).toContain("Immissionsschutzmessung (Schornsteinfeger) 95,00 €");
    expect(text).toContain("Messdienst: Gerätemiete, Ablesung und Abrechnung 610,00 €");
    expect(text).toContain("Kosten der zentralen Heizungsanlage 10.050,00 €");
    expect(text).toContain("Der Endbestand ist nach der Reihenfolge der Lieferungen bewertet");
  });

  it("prints the § 9 HeizkV split: V, tw, Q, total energy and the shares", async () => {
    const text = await renderOilLetter();
    expect(text).toContain("Gesamte Energie der Anlage 85.000 kWh");
    expect(text).toContain("Q = 2,5 × 180 m³ × (55 °C − 10 °C) 20.250,00 kWh");
    expect(text).toContain("Energie für Heizung 64.750,00 kWh");
    expect(text).toContain("23,82 %");
    expect(text).toContain("Warmwasserkosten: 10.050,00 € × 23,82 % 2.394,26 €");
    expect(text).toContain("Heizkosten: der Rest 7.655,74 €");
  });

  it("prints the CO2 basis with a price for each calendar year and the stage only", async () => {
    const text = await renderOilLetter();
    expect(text).toContain("Energie laut Rechnung (Heizwert) 85.000 kWh");
    expect(text).toContain("Emissionsfaktor (Standardwert Heizöl) 0,266 kg CO₂/kWh");
    expect(text).toContain("CO₂-Emissionen (85.000 kWh × 0,266) 22.610,00 kg");
    expect(text).toContain(
      "01.07.2024–31.12.2024: 9.420,83 kg (41,67 % nach Gradtagszahlen) × 45,00 € je Tonne 423,94 €",
    );
    expect(text).toContain(
      "01.01.2025–30.06.2025: 13.189,17 kg (58,33 % nach Gradtagszahlen) × 55,00 € je Tonne 725,40 €",
    );
    expect(text).toContain("CO₂-Kosten netto 1.149,34 €");
    expect(text).toContain("Umsatzsteuer 19 % 218,37 €");
    expect(text).toContain("CO₂-Kosten des Gebäudes 1.367,71 €");
    expect(text).toContain("Stufe 9");
    expect(text).not.toContain("Klasse I");
    expect(text).toContain("davon Anteil Vermieter (80 %, nicht umgelegt) 1.094,17 €");
    expect(text.replace(/\s+/g, " ")).toContain(
      "je Kalenderjahr; die Emissionen sind nach Gradtagszahlen (VDI 2067) auf die Kalenderjahre verteilt",
    );
  });

  it("prints CO2 lines that reconcile as printed: net + VAT = cost, net x rate = VAT, the shares add up (decision 1161)", async () => {
    const text = await renderOilLetter();
    const euros = (pattern: RegExp): number => {
      const match = text.match(pattern);
      if (!match?.[1]) throw new Error(`Zeile fehlt: ${pattern}`);
      return Number(match[1].replace(/\./g, "").replace(",", "")); // cents
    };
    const net = euros(/CO₂-Kosten netto ([\d.]+,\d\d) €/);
    const vat = euros(/Umsatzsteuer 19 % ([\d.]+,\d\d) €/);
    const cost = euros(/CO₂-Kosten des Gebäudes ([\d.]+,\d\d) €/);
    const tenants = euros(/davon Anteil aller Mieter \(20 %\) ([\d.]+,\d\d) €/);
    const landlord = euros(/davon Anteil Vermieter \(80 %, nicht umgelegt\) ([\d.]+,\d\d) €/);
    const parts = [...text.matchAll(/je Tonne ([\d.]+,\d\d) €/g)].map((match) =>
      Number((match[1] as string).replace(/\./g, "").replace(",", "")),
    );
    expect(parts).toEqual([42394, 72540]);
    expect(parts[0]! + parts[1]!).toBe(net);
    expect(vat).toBe(Math.round((net * 19) / 100));
    expect(net + vat).toBe(cost);
    expect(tenants + landlord).toBe(cost);
    expect([net, vat, cost]).toEqual([114934, 21837, 136771]);
  });

  it("prints the § 6a (3) HeizkV information in kWh with a chart against the tenancy's own previous period (issue 24, item 12)", async () => {
    const input: StatementInput = {
      ...INPUT,
      annualInformation: {
        climateFactor: 1.1,
        meteringDeviceFee: "250.00",
        readingAndBillingFee: "360.00",
        taxesAndLevies: [{ label: "Energiesteuer (Heizöl)", amount: "522.35" }],
      },
    };
    const previousInput: StatementInput = {
      ...INPUT,
      period: { start: "2023-07-01", end: "2024-06-30" },
      consumption: INPUT.consumption?.map((value) =>
        value.unitId === "OG" && value.meter === "heating" ? { ...value, value: 2000 } : value,
      ),
      annualInformation: { climateFactor: 0.95 },
    };
    const outcome = calculateStatement(input);
    const previous = calculateStatement(previousInput);
    if (!outcome.ok || !previous.ok) throw new Error("calculation failed");
    const result = outcome.result;
    const source = sampleLetterSource("og", {
      input,
      result,
      unitNames: { EG: "EG", OG: "1. OG", DG: "DG" },
      tenancyNames: { eg: "Familie Schulz", og: "Ayşe Özdemir", dg: "Jürgen Krüger" },
      tenantAddress: null,
      meterReadings: [],
      letterDate: "2025-09-15",
      legal: buildLetterLegal({
        result,
        tenancyId: "og",
        version: 1,
        letterDate: "2025-09-15",
        lateExcuse: null,
        previous: null,
      }),
      annualInformation: computeAnnualInformation({
        input,
        result,
        tenancyId: "og",
        previous: { input: previousInput, result: previous.result },
      }),
    });
    const pdf = await renderPdf(
      buildLettersDocument([{ model: buildLetterModel(source) }], result.totalCosts),
    );
    const file = path.join(dir, "annual.pdf");
    fs.writeFileSync(file, pdf.bytes);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(
      /[ \t]+/g,
      " ",
    );
    // 64.750 kWh for heating (§ 9 split) over 4.500 units: 14,388889 kWh per unit; OG 1.830 units.
    expect(text).toContain(
      "Ihr Heizverbrauch 01.07.2024–30.06.2025 (365 Tage, abgelesen) 26.332 kWh (1.830,00 Einheiten)",
    );
    expect(text).toContain("witterungsbereinigt (Klimafaktor 1,1) 28.965 kWh (2.013,00 Einheiten)");
    expect(text).toContain("Ihr Verbrauch im Verhältnis zum Durchschnittsnutzer 108 %");
    expect(text).toContain("Vergleich, witterungsbereinigt (kWh)");
    expect(text).toContain("14,388889 kWh je Einheit");
    expect(text).toContain("Messdienst");
    expect(text).not.toContain("Messdienst: Gerätemiete, Ablesung und Abrechnung 610,00 € ");
    expect(text).toContain("Gebrauchsüberlassung und Eichung der Erfassungsgeräte 250,00 €");
    expect(text).toContain("Energiesteuer (Heizöl) 522,35 €");
    expect(text).toContain("Energieträger: Heizöl 100,00 %");
    execFileSync("pdftoppm", ["-png", "-r", "60", file, path.join(dir, "annual")]);
    expect(
      fs.readdirSync(dir).some((name) => name.startsWith("annual") && name.endsWith(".png")),
    ).toBe(true);
  });
});
