// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { MeteringImportPreview, MeteringResultRow } from "@nk/contract";
import { MeteringImportPage } from "../../src/features/imports/pages/metering-import-page";
import {
  buildMeteringBody,
  checkMeteringFiles,
  NOT_THIS_PROPERTY,
} from "../../src/features/imports/lib/use-metering-import";
import { installFakeApi, type FakeApi } from "../support/fake-api";
import { buildBillingPeriod, buildMe, PERIOD_ID, UNIT_ID } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The metering company's results (decision 1404) composed of useMeteringImport: the flats mapped
// to units before the dry run is checked again, the records and cost items, and the import.

const FIRM_FLAT = "1234567890001";

function record(overrides: Partial<MeteringResultRow>): MeteringResultRow {
  return {
    fileName: "DTD305_1.DAT",
    line: 1,
    firmFlat: FIRM_FLAT,
    unitName: null,
    tenancyId: null,
    tenantName: null,
    isVacancy: false,
    lastDay: "2025-12-31",
    costTypeCode: "01",
    costTypeLabel: "Heizung",
    costType: null,
    costs: "812.40",
    prepayments: null,
    balance: null,
    consumption: null,
    consumptionUnit: null,
    isEstimated: false,
    readingNote: null,
    status: "skipped",
    message: "Die Wohnung ist noch nicht zugeordnet.",
    ...overrides,
  };
}

const BASE: MeteringImportPreview = {
  billingPeriodId: PERIOD_ID,
  files: [{ fileName: "DTD305_1.DAT", kind: "D", records: 1, createdAt: null }],
  flats: [
    {
      firmFlat: FIRM_FLAT,
      managerKeys: [],
      names: ["Müller"],
      unitId: null,
      state: "open",
      isRemembered: false,
    },
  ],
  units: [{ id: UNIT_ID, name: "EG links" }],
  rows: [record({})],
  taxRows: [],
  items: [],
  counts: { ok: 0, skipped: 1, error: 0 },
  needsMapping: true,
  isUnchanged: false,
};

const MAPPED: MeteringImportPreview = {
  ...BASE,
  flats: [{ ...BASE.flats[0]!, unitId: UNIT_ID, state: "mapped" }],
  rows: [
    record({
      tenantName: "Müller",
      costType: "Heizkosten",
      status: "ok",
      isEstimated: true,
      readingNote: "Vorjahresverbrauch",
      message: null,
    }),
  ],
  items: [
    {
      costType: "Heizkosten",
      amount: "812.40",
      vacancyAmount: "0.00",
      laborCosts: null,
      taxCategory: null,
      tenancies: 1,
      replacesExisting: true,
    },
  ],
  counts: { ok: 1, skipped: 0, error: 0 },
  needsMapping: false,
};

describe("the metering import page", () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
    api
      .on("GET /api/me", { body: buildMe("enterprise") })
      .on("GET /api/billing-periods", { body: [buildBillingPeriod()] })
      .on("POST /api/imports/metering-results/preview", (request) => ({
        body: (request.body as { mappings: unknown[] }).mappings.length > 0 ? MAPPED : BASE,
      }))
      .on("POST /api/imports/metering-results", {
        body: {
          billingPeriodId: PERIOD_ID,
          imported: 1,
          isUnchanged: false,
          items: MAPPED.items,
          message: "1 Position übernommen.",
        },
      });
  });

  it("maps the firm's flat, checks again with the mapping and takes the results over", async () => {
    const { user } = renderWithApp(<MeteringImportPage />);
    // The export below the import has a period field of its own: the import's is the first.
    await screen.findAllByRole("option", { name: /^Lindenstraße 5 · / });
    await user.selectOptions(screen.getAllByLabelText("Abrechnungszeitraum")[0]!, PERIOD_ID);
    await user.upload(
      screen.getByLabelText("Dateien des Messdienstes"),
      new File(["D-Satz"], "DTD305_1.DAT"),
    );
    await screen.findByText(/DTD305_1\.DAT · 1 KB/);
    await user.click(screen.getByRole("button", { name: "Dateien prüfen" }));

    const flat = await screen.findByLabelText("Liegenschaft 123456789, Wohnung 0001 (Müller)");
    const again = screen.getByRole("button", { name: "Zuordnung übernehmen und erneut prüfen" });
    expect(again.hasAttribute("disabled")).toBe(true);
    expect(
      screen.getByRole("button", { name: "Ergebnisse übernehmen" }).hasAttribute("disabled"),
    ).toBe(true);
    await user.selectOptions(flat, UNIT_ID);
    await user.click(again);

    expect(await screen.findByText("Positionen der Abrechnung")).toBeTruthy();
    expect(screen.getByText("(ersetzt die bisherige Position)", { exact: false })).toBeTruthy();
    expect(screen.getByText("Verbrauch geschätzt (§ 9a HeizkV): Vorjahresverbrauch")).toBeTruthy();
    expect(api.bodiesOf("POST /api/imports/metering-results/preview")[1]).toEqual({
      billingPeriodId: PERIOD_ID,
      files: [{ fileName: "DTD305_1.DAT", contentBase64: btoa("D-Satz") }],
      mappings: [{ firmFlat: FIRM_FLAT, unitId: UNIT_ID }],
    });

    await user.click(screen.getByRole("button", { name: "Ergebnisse übernehmen" }));
    expect(await screen.findByText("1 Position übernommen.")).toBeTruthy();
    expect(screen.getByText("Import abgeschlossen")).toBeTruthy();
  });
});

describe("buildMeteringBody and checkMeteringFiles", () => {
  it("sends a flat of another property as null and leaves unchosen flats out", () => {
    const body = buildMeteringBody(
      PERIOD_ID,
      [{ fileName: "A.DAT", size: 10, contentBase64: "QQ==" }],
      { "1": UNIT_ID, "2": NOT_THIS_PROPERTY, "3": "" },
    );
    expect(body).toEqual({
      billingPeriodId: PERIOD_ID,
      files: [{ fileName: "A.DAT", contentBase64: "QQ==" }],
      mappings: [
        { firmFlat: "1", unitId: UNIT_ID },
        { firmFlat: "2", unitId: null },
      ],
    });
  });

  it("refuses more than three files and a file above 5 MB, in German", () => {
    const small = { name: "D.DAT", size: 100 };
    expect(checkMeteringFiles([small, small, small])).toBeNull();
    expect(checkMeteringFiles([small, small, small, small])).toBe(
      "Höchstens 3 Dateien: je eine mit A-, D- und E835-Sätzen.",
    );
    expect(checkMeteringFiles([{ name: "A.DAT", size: 6 * 1024 * 1024 }])).toBe(
      "„A.DAT“ ist zu groß (6 MB; höchstens 5 MB).",
    );
  });
});
