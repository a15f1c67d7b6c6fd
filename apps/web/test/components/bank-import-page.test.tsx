// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import type { BankBookingRow, BankImportPreview, BankImportResult } from "@nk/contract";
import { BankImportPage } from "../../src/features/imports/pages/bank-import-page";
import { mapErrorsToRows } from "../../src/features/imports/lib/use-bank-import";
import { ApiError } from "../../src/lib/api-error";
import { apiErrorBody, installFakeApi, type FakeApi } from "../support/fake-api";
import { buildBillingPeriod, buildProperty, PERIOD_ID, PROPERTY_ID } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The bank import (decision 1400) composed of useBankImport: the period and file, the dry run,
// the assignments sent, the confirm errors mapped back to their bookings, the result, and the
// streamed progress while the file is checked (decision 1700).

const FILE_TEXT = "Buchungstag;Betrag\n02.01.2025;-45,00\n";

function booking(overrides: Partial<BankBookingRow>): BankBookingRow {
  return {
    row: 1,
    bookingDate: "2025-01-02",
    amount: "45.00",
    direction: "debit",
    currency: "EUR",
    counterpartyName: "Stadtwerke",
    counterpartyIban: null,
    purpose: "Hausstrom Januar",
    status: "new",
    message: null,
    warnings: [],
    suggestedCostType: "Hausstrom",
    ...overrides,
  };
}

const PREVIEW: BankImportPreview = {
  billingPeriodId: PERIOD_ID,
  format: "csv",
  encoding: "utf-8",
  accountIban: null,
  rows: [
    booking({ row: 1 }),
    booking({ row: 2, counterpartyName: "Gemeinde", amount: "120.00", suggestedCostType: null }),
    booking({ row: 3, counterpartyName: "Mieter", direction: "credit", status: "ignored" }),
  ],
  counts: { new: 2, duplicate: 0, ignored: 1, error: 0 },
  newTotal: "165.00",
  periodCostTypes: ["Hausstrom"],
};

const RESULT: BankImportResult = {
  billingPeriodId: PERIOD_ID,
  imported: 1,
  importedTotal: "45.00",
  skippedDuplicates: 0,
  message: "1 Buchung über 45,00 € importiert.",
  costItems: [{ costType: "Hausstrom", added: "45.00", amount: "45.00", isNew: true }],
};

async function chooseAndCheck(user: ReturnType<typeof renderWithApp>["user"]) {
  await user.selectOptions(await screen.findByLabelText("Abrechnungszeitraum"), PERIOD_ID);
  await user.upload(
    screen.getByLabelText("Datei"),
    new File([FILE_TEXT], "umsatz.csv", { type: "text/csv" }),
  );
  expect(await screen.findByText(/umsatz\.csv · 1 KB/)).toBeTruthy();
  await user.click(screen.getByRole("button", { name: "Datei prüfen" }));
}

describe("the bank import page", () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
    api
      .on("GET /api/billing-periods", { body: [buildBillingPeriod()] })
      .on("GET /api/properties", { body: [buildProperty()] })
      .on("POST /api/imports/bank-statements/preview", { body: PREVIEW });
  });

  it("shows the new bookings of the dry run with the remembered suggestion and sends only the assigned ones", async () => {
    api.on("POST /api/imports/bank-statements", { body: RESULT });
    const { user } = renderWithApp(<BankImportPage />);
    await chooseAndCheck(user);

    expect(await screen.findByText("Probelauf – noch nichts gespeichert")).toBeTruthy();
    expect(screen.getByTestId("booking-1")).toBeTruthy();
    expect(screen.getByTestId("booking-2")).toBeTruthy();
    expect(screen.queryByTestId("booking-3")).toBeNull();
    expect(screen.getByText("Zugeordnet: 1 Buchung über 45,00 €")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Import bestätigen" }));
    expect(await screen.findByText("Import abgeschlossen")).toBeTruthy();
    expect(screen.getByText(/\+45,00\s€ → 45,00\s€/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zur Abrechnung" }).getAttribute("href")).toBe(
      `/dashboard/statements/new?property=${PROPERTY_ID}&from=2025-01-01&to=2025-12-31`,
    );
    expect(api.bodiesOf("POST /api/imports/bank-statements")).toEqual([
      {
        billingPeriodId: PERIOD_ID,
        file: { fileName: "umsatz.csv", contentBase64: btoa(FILE_TEXT) },
        assignments: [{ row: 1, parts: [{ costType: "Hausstrom", amount: "45.00" }] }],
      },
    ]);
  });

  it("shows a refused assignment at its booking, found through the index of the rows sent", async () => {
    api.on("POST /api/imports/bank-statements", {
      status: 422,
      body: apiErrorBody("VALIDATION_ERROR", "Bitte prüfen Sie die Zuordnungen.", {
        "assignments.1.parts.0.costType": "Diese Kostenart ist nicht umlagefähig.",
      }),
    });
    const { user } = renderWithApp(<BankImportPage />);
    await chooseAndCheck(user);
    const second = await screen.findByTestId("booking-2");
    await user.selectOptions(within(second).getByLabelText("Kostenart"), "Hausstrom");
    expect(screen.getByText("Zugeordnet: 2 Buchungen über 165,00 €")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Import bestätigen" }));
    expect(await screen.findByText("Bitte prüfen Sie die Zuordnungen.")).toBeTruthy();
    expect(
      within(screen.getByTestId("booking-2")).getByText("Diese Kostenart ist nicht umlagefähig."),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId("booking-1")).queryByText("Diese Kostenart ist nicht umlagefähig."),
    ).toBeNull();
  });

  it("refuses a file above 5 MB with the German message and sends nothing", async () => {
    const { user } = renderWithApp(<BankImportPage />);
    await user.selectOptions(await screen.findByLabelText("Abrechnungszeitraum"), PERIOD_ID);
    const big = new File(["x"], "gross.csv", { type: "text/csv" });
    Object.defineProperty(big, "size", { value: 6 * 1024 * 1024 });
    await user.upload(screen.getByLabelText("Datei"), big);
    expect(
      await screen.findByText(
        "Die Datei ist zu groß (6 MB; höchstens 5 MB). Bitte teilen Sie sie auf, z. B. nach Monaten.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Datei prüfen" }).hasAttribute("disabled")).toBe(
      true,
    );
    expect(api.requests.filter((request) => request.method === "POST")).toEqual([]);
  });

  it("shows the streamed progress in German number format while the server checks the file", async () => {
    const fakeFetch = globalThis.fetch;
    let finish: () => void = () => undefined;
    const encoder = new TextEncoder();
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith("/api/imports/bank-statements/preview"))
        return fakeFetch(input, init);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const progress = { phase: "check", unit: "bookings", done: 1200, total: 10000 };
          controller.enqueue(encoder.encode(`${JSON.stringify({ type: "progress", progress })}\n`));
          finish = () => {
            controller.enqueue(
              encoder.encode(`${JSON.stringify({ type: "result", result: PREVIEW })}\n`),
            );
            controller.close();
          };
        },
      });
      return new Response(body, { headers: { "content-type": "application/x-ndjson" } });
    });
    const { user } = renderWithApp(<BankImportPage />);
    await chooseAndCheck(user);

    const bar = await screen.findByRole("progressbar", { name: "Fortschritt: Datei prüfen" });
    await vi.waitFor(() =>
      expect(bar.getAttribute("aria-valuetext")).toBe("1.200 von 10.000 Buchungen geprüft"),
    );
    expect(bar.getAttribute("aria-valuenow")).toBe("12");
    expect(screen.getByText("12 %")).toBeTruthy();

    finish();
    expect(await screen.findByText("Probelauf – noch nichts gespeichert")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});

describe("mapErrorsToRows", () => {
  it("maps 'assignments.N…' to the row sent at index N and keeps the first message per row", () => {
    const error = new ApiError({
      status: 422,
      code: "VALIDATION_ERROR",
      message: "x",
      fields: {
        "assignments.0.parts.0.costType": "erste",
        "assignments.0.parts.1.amount": "zweite",
        "assignments.2.row": "dritte",
        billingPeriodId: "keine Zeile",
      },
    });
    expect(mapErrorsToRows(error, [4, 9, 17])).toEqual({ 4: "erste", 17: "dritte" });
    expect(mapErrorsToRows(new Error("Netz"), [4])).toEqual({});
  });
});
