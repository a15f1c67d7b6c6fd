// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { STATEMENT_MESSAGES, type StatementPreview } from "@nk/contract";
import { calculateStatement, type StatementInput } from "@nk/engine";
import { NewStatementPage } from "../../src/features/statements/pages/new-statement-page";
import { apiErrorBody, installFakeApi, type FakeApi } from "../support/fake-api";
import {
  buildBillingPeriod,
  buildMe,
  buildProperty,
  PERIOD_ID,
  PROPERTY_ID,
  UNIT_ID,
} from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The wizard against a fake API (fetch only): steps, German numbers in the costs, what it sends,
// and what it shows for the server's answers. The preview is the engine's real calculation.

const TENANT_ID = "3e0b9f4d-5a6c-4d7e-9f90-a1b2c3d4e5f6";
const RUN_ID = "4f1c0a5e-6b7d-4e8f-8a01-b2c3d4e5f6a7";
const EMPTY_CONSUMPTION = { values: [], meters: [], missing: [] };
const WIZARD_URL = "/dashboard/statements/new";

function buildPreview(amount: string): StatementPreview {
  const engineInput = {
    period: { start: "2025-01-01", end: "2025-12-31" },
    units: [{ id: UNIT_ID, area: 62.5, persons: 2 }],
    tenancies: [{ id: TENANT_ID, unitId: UNIT_ID, start: "2025-01-01", end: null }],
    consumption: [],
    costItems: [{ costType: "Grundsteuer", amount, key: "area" }],
  } as unknown as StatementInput;
  const outcome = calculateStatement(engineInput);
  if (!outcome.ok) throw new Error(outcome.errors.join("; "));
  return {
    engineInput,
    result: outcome.result,
    warnings: [],
    consumption: EMPTY_CONSUMPTION,
    rateCosts: [],
    analysis: null,
  };
}

/** The reads of the wizard: one property with one unit, no stored period yet. */
function answerWizardReads(api: FakeApi, me = buildMe()) {
  api
    .on("GET /api/me", { body: me })
    .on("GET /api/properties", { body: [buildProperty()] })
    .on("GET /api/billing-periods", { body: [] })
    .on("GET /api/billing-data", { body: { billingData: null, complete: false } })
    .on("GET /api/tenants", { body: [] })
    .on("GET /api/rates", { body: [] })
    .on("GET /api/meters", { body: [] })
    // The first save of the costs creates the period (use-wizard-period.ts ensurePeriod).
    .on("POST /api/billing-periods", { status: 201, body: buildBillingPeriod() })
    .on(`GET /api/billing-periods/${PERIOD_ID}/costs`, {
      body: {
        billingPeriodId: PERIOD_ID,
        costItems: [],
        co2: null,
        consumptionOverrides: [],
        climateFactor: null,
        heatingCosts: null,
        annualInformation: null,
        updatedAt: null,
      },
    })
    .on(`PUT /api/billing-periods/${PERIOD_ID}/costs`, (request) => ({
      body: { billingPeriodId: PERIOD_ID, ...(request.body as object), updatedAt: "2026-11-29" },
    }))
    .on(`GET /api/billing-periods/${PERIOD_ID}/consumption`, { body: EMPTY_CONSUMPTION });
}

function renderWizard(url = WIZARD_URL) {
  return renderWithApp(<NewStatementPage />, { url, path: "/dashboard/statements/new" });
}

type User = ReturnType<typeof renderWizard>["user"];

/** Step 1: one 'Grundsteuer' item by living area with the amount typed as a German user does. */
async function enterPropertyTax(user: User, amount?: string) {
  await user.click(screen.getByRole("button", { name: "Kostenposition hinzufügen" }));
  const item = screen.getAllByRole("listitem").at(-1)!;
  await user.selectOptions(within(item).getByLabelText("Kostenart"), "Grundsteuer");
  await user.selectOptions(within(item).getByLabelText("Verteilerschlüssel"), "area");
  if (amount) await user.type(within(item).getByLabelText("Betrag (EUR)"), amount);
}

describe("the new-statement wizard (docs/rules/statements.md#wizard)", () => {
  let api: FakeApi;
  beforeEach(() => {
    // Today in Germany is 2026-11-29: the wizard proposes the previous calendar year.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T10:00:00.000Z"));
    api = installFakeApi();
    answerWizardReads(api);
  });
  afterEach(() => vi.useRealTimers());

  it("goes from the property to its costs with the previous year, and back", async () => {
    const { user } = renderWizard();
    expect(
      await screen.findByRole("heading", { name: "Für welche Immobilie möchten Sie abrechnen?" }),
    ).toBeTruthy();
    await user.click(await screen.findByRole("button", { name: /Lindenstraße 5/ }));
    expect(await screen.findByRole("heading", { name: "Kostenpositionen" })).toBeTruthy();
    expect((screen.getByLabelText("Von", { exact: true }) as HTMLInputElement).value).toBe(
      "2025-01-01",
    );
    expect((screen.getByLabelText("Bis", { exact: true }) as HTMLInputElement).value).toBe(
      "2025-12-31",
    );
    // Nothing to calculate without a cost item.
    expect(
      (screen.getByRole("button", { name: "Berechnung starten" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole("button", { name: "Andere Immobilie wählen" }));
    expect(
      await screen.findByRole("heading", { name: "Für welche Immobilie möchten Sie abrechnen?" }),
    ).toBeTruthy();
  });

  it("starts at the costs with ?property=", async () => {
    renderWizard(`${WIZARD_URL}?property=${PROPERTY_ID}`);
    expect(await screen.findByRole("heading", { name: "Kostenpositionen" })).toBeTruthy();
    expect(screen.getByText("Lindenstraße 5, 10115 Berlin, Deutschland")).toBeTruthy();
  });

  it("keeps the heating and CO2 fields closed until the stored period's saved inputs are in (a number typed before would be replaced)", async () => {
    api.on("GET /api/billing-periods", { body: [buildBillingPeriod()] });
    let answerCosts: (value: { body: unknown }) => void = () => undefined;
    api.on(
      `GET /api/billing-periods/${PERIOD_ID}/costs`,
      () => new Promise((resolve) => (answerCosts = resolve)),
    );
    renderWizard(`${WIZARD_URL}?property=${PROPERTY_ID}`);
    expect(await screen.findByText("Lade gespeicherte Kosten...")).toBeTruthy();
    const kwh = () => screen.getByLabelText("Verbrauch laut Rechnung (kWh)") as HTMLInputElement;
    expect(kwh().closest("fieldset")?.disabled).toBe(true);
    expect(
      (screen.getByRole("button", { name: "Kostenposition hinzufügen" }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    answerCosts({
      body: {
        billingPeriodId: PERIOD_ID,
        costItems: [],
        co2: {
          fuel: "gas",
          consumptionKwh: "48000.000",
          heatingValue: "lower",
          emissionsKg: null,
          cost: null,
          pricePerTonne: null,
          vatPercent: null,
          emissionFactor: null,
        },
        consumptionOverrides: [],
        climateFactor: null,
        heatingCosts: null,
        annualInformation: null,
        updatedAt: "2026-11-28T10:00:00.000Z",
      },
    });
    await vi.waitFor(() => expect(kwh().value).toBe("48.000"));
    expect(kwh().closest("fieldset")?.disabled).toBe(false);
    expect(screen.queryByText("Lade gespeicherte Kosten...")).toBeNull();
  });

  it("calculates a German amount, shows the preview, goes back and saves the draft", async () => {
    api.on("POST /api/statements/preview", (request) => ({
      body: buildPreview(
        (request.body as { costItems: { amount: string }[] }).costItems[0]!.amount,
      ),
    }));
    api.on("POST /api/statements", {
      status: 201,
      body: {
        id: RUN_ID,
        billingPeriodId: PERIOD_ID,
        version: 1,
        isFinal: false,
        statements: [
          {
            id: "5a2d1b6f-7c8e-4f90-9b12-c3d4e5f6a7b8",
            tenantId: TENANT_ID,
            unitId: UNIT_ID,
            tenantName: "Erika Muster",
            unitName: "EG links",
            from: "2025-01-01",
            to: "2025-12-31",
            total: "1234.56",
            prepayments: "0.00",
            balance: "1234.56",
            status: "draft",
            sentAt: null,
          },
        ],
      },
    });
    const { user } = renderWizard(`${WIZARD_URL}?property=${PROPERTY_ID}`);
    await screen.findByRole("heading", { name: "Kostenpositionen" });
    await enterPropertyTax(user, "1.234,56");
    await user.click(screen.getByRole("button", { name: "Berechnung starten" }));

    // Step 2: the preview of the engine's result.
    await screen.findByRole("button", { name: "Als Entwurf speichern" });
    const [previewBody] = api.bodiesOf("POST /api/statements/preview") as {
      billingPeriodId: string;
      costItems: { costType: string; amount: string; key: string }[];
    }[];
    expect(previewBody!.billingPeriodId).toBe(PERIOD_ID);
    expect(previewBody!.costItems).toMatchObject([
      { costType: "Grundsteuer", amount: "1234.56", key: "area" },
    ]);
    // The period was created once, for the dates shown.
    expect(api.bodiesOf("POST /api/billing-periods")).toEqual([
      { propertyId: PROPERTY_ID, billingPeriodStart: "2025-01-01", billingPeriodEnd: "2025-12-31" },
    ]);

    // Back to the costs: what was typed is still there, shown de-DE.
    await user.click(screen.getByRole("button", { name: "Zurück zu den Kosten" }));
    expect((screen.getByLabelText("Betrag (EUR)") as HTMLInputElement).value).toBe("1.234,56");
    await user.click(screen.getByRole("button", { name: "Berechnung starten" }));
    await user.click(await screen.findByRole("button", { name: "Als Entwurf speichern" }));

    // Step 3: saved, with the German message.
    expect(
      await screen.findByText(/1 Abrechnung\. Die Übersicht öffnet sich gleich\./),
    ).toBeTruthy();
    expect(screen.getAllByText(STATEMENT_MESSAGES.saved).length).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: "Zur gespeicherten Abrechnung" })).toBeTruthy();
    expect(api.bodiesOf("POST /api/statements")).toMatchObject([
      { billingPeriodId: PERIOD_ID, finalize: false, costItems: [{ amount: "1234.56" }] },
    ]);
    // Then the saved run's page opens (docs/rules/statements.md#saving: after 1.2 s).
    expect((await screen.findByTestId("location", {}, { timeout: 5000 })).textContent).toBe(
      `/dashboard/statements/${RUN_ID}`,
    );
  });

  it("refuses an empty amount in German and sends no calculation", async () => {
    const { user } = renderWizard(`${WIZARD_URL}?property=${PROPERTY_ID}`);
    await screen.findByRole("heading", { name: "Kostenpositionen" });
    await enterPropertyTax(user);
    await user.click(screen.getByRole("button", { name: "Berechnung starten" }));
    expect(await screen.findByText("Fehler bei der Berechnung")).toBeTruthy();
    expect(screen.getByLabelText("Betrag (EUR)").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText(STATEMENT_MESSAGES.amountRequired).length).toBeGreaterThan(0);
    expect(api.bodiesOf("POST /api/statements/preview")).toEqual([]);
  });

  it("refuses an amount with more than two decimals in German", async () => {
    const { user } = renderWizard(`${WIZARD_URL}?property=${PROPERTY_ID}`);
    await screen.findByRole("heading", { name: "Kostenpositionen" });
    await enterPropertyTax(user, "12,345");
    await user.click(screen.getByRole("button", { name: "Berechnung starten" }));
    expect(
      (await screen.findAllByText(STATEMENT_MESSAGES.amountTooManyDecimals)).length,
    ).toBeGreaterThan(0);
    expect(api.bodiesOf("POST /api/statements/preview")).toEqual([]);
  });

  it("shows the server's calculation messages and stays at the costs", async () => {
    api.on("POST /api/statements/preview", {
      status: 422,
      body: apiErrorBody("CALCULATION_FAILED", "Die Berechnung ist nicht möglich.", undefined, [
        "Kostenposition 1: Für den Schlüssel „Wohnfläche“ fehlt die Fläche.",
      ]),
    });
    const { user } = renderWizard(`${WIZARD_URL}?property=${PROPERTY_ID}`);
    await screen.findByRole("heading", { name: "Kostenpositionen" });
    await enterPropertyTax(user, "500");
    await user.click(screen.getByRole("button", { name: "Berechnung starten" }));
    expect(
      await screen.findByText("Kostenposition 1: Für den Schlüssel „Wohnfläche“ fehlt die Fläche."),
    ).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Kostenpositionen" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Als Entwurf speichern" })).toBeNull();
  });

  it("says when nothing could be distributed", async () => {
    api.on("POST /api/statements/preview", () => {
      const preview = buildPreview("500.00");
      return { body: { ...preview, engineInput: { ...preview.engineInput, units: [] } } };
    });
    const { user } = renderWizard(`${WIZARD_URL}?property=${PROPERTY_ID}`);
    await screen.findByRole("heading", { name: "Kostenpositionen" });
    await enterPropertyTax(user, "500");
    await user.click(screen.getByRole("button", { name: "Berechnung starten" }));
    expect(
      await screen.findByText("Keine Wohneinheiten vorhanden – Kostenverteilung nicht möglich."),
    ).toBeTruthy();
  });

  it("opens 'Limit erreicht' when the plan refuses the save", async () => {
    api.on("POST /api/statements/preview", { body: buildPreview("500.00") });
    api.on("POST /api/statements", {
      status: 403,
      body: apiErrorBody("LIMIT_REACHED", "Ihr Tarif erlaubt keine weiteren Abrechnungen."),
    });
    const { user } = renderWizard(`${WIZARD_URL}?property=${PROPERTY_ID}`);
    await screen.findByRole("heading", { name: "Kostenpositionen" });
    await enterPropertyTax(user, "500");
    await user.click(screen.getByRole("button", { name: "Berechnung starten" }));
    await user.click(await screen.findByRole("button", { name: "Als Entwurf speichern" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Ihr Tarif erlaubt keine weiteren Abrechnungen.")).toBeTruthy();
  });

  it("tells a viewer that the wizard is not for their role", async () => {
    const me = buildMe();
    me.account = { ...me.account, role: "viewer", permissions: [] };
    answerWizardReads(api, me);
    renderWizard();
    expect(await screen.findByText(STATEMENT_MESSAGES.permissionDenied)).toBeTruthy();
  });
});
