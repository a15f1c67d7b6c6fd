// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { STATEMENT_HISTORY_MESSAGES, type StatementListItem } from "@nk/contract";
import { StatementHistoryPage } from "../../src/features/statements/pages/statement-history-page";
import { apiErrorBody, installFakeApi, type FakeApi } from "../support/fake-api";
import { buildMe, buildProperty, PERIOD_ID, PROPERTY_ID } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The saved runs (docs/rules/statements.md#history): the filters go into the request, the
// deletion asks first and says in German what happened.

const RUN_ID = "4f1c0a5e-6b7d-4e8f-8a01-b2c3d4e5f6a7";

function buildItem(overrides: Partial<StatementListItem> = {}): StatementListItem {
  return {
    id: RUN_ID,
    billingPeriodId: PERIOD_ID,
    propertyId: PROPERTY_ID,
    propertyName: "Lindenstraße 5",
    name: "Abrechnung 2025",
    periodStart: "2025-01-01",
    periodEnd: "2025-12-31",
    version: 1,
    isFinal: false,
    isReplaced: false,
    createdAt: "2026-11-01T10:00:00.000Z",
    totalCosts: "1234.56",
    balanceSum: "234.56",
    statementCount: 1,
    statuses: ["calculated"],
    ...overrides,
  };
}

function renderPage() {
  return renderWithApp(<StatementHistoryPage />, {
    url: "/dashboard/statements",
    path: "/dashboard/statements",
  });
}

describe("the statement history", () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
    api
      .on("GET /api/me", { body: buildMe() })
      .on("GET /api/properties", { body: [buildProperty()] })
      .on("GET /api/statements", (request) => ({
        body: {
          items: request.query.status === "final" ? [] : [buildItem()],
          total: request.query.status === "final" ? 0 : 1,
          offset: 0,
          limit: 50,
        },
      }));
  });

  it("asks for the first page and sends the chosen status filter", async () => {
    const { user } = renderPage();
    expect(await screen.findByText("1 Abrechnung")).toBeTruthy();
    expect(api.requests.find((r) => r.path === "/api/statements")?.query).toEqual({
      status: "all",
      sort: "newest",
      offset: "0",
      limit: "50",
    });
    await user.selectOptions(screen.getByLabelText("Status"), "final");
    expect(await screen.findByText(STATEMENT_HISTORY_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByText("Ändern Sie die Suche oder den Statusfilter.")).toBeTruthy();
    expect(api.requests.filter((r) => r.path === "/api/statements").at(-1)?.query).toMatchObject({
      status: "final",
    });
  });

  it("deletes a run after the question and says so in German", async () => {
    api.on(`DELETE /api/statements/${RUN_ID}`, { status: 204 });
    const { user } = renderPage();
    // The table and the phone's cards are both in the page (jsdom applies no CSS): the first.
    await user.click(
      (await screen.findAllByRole("button", { name: "Abrechnung 2025 löschen" }))[0]!,
    );
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Abrechnung 2025 löschen?")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Löschen" }));
    expect(await screen.findByText(STATEMENT_HISTORY_MESSAGES.deleted)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
      `/api/statements/${RUN_ID}`,
    ]);
  });

  it("shows the server's refusal of a deletion", async () => {
    api.on(`DELETE /api/statements/${RUN_ID}`, {
      status: 409,
      body: apiErrorBody("CONFLICT", "Finalisierte Abrechnungen können nicht gelöscht werden."),
    });
    const { user } = renderPage();
    // The table and the phone's cards are both in the page (jsdom applies no CSS): the first.
    await user.click(
      (await screen.findAllByRole("button", { name: "Abrechnung 2025 löschen" }))[0]!,
    );
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Löschen" }));
    expect(
      await screen.findByText(
        STATEMENT_HISTORY_MESSAGES.deleteFailed(
          "Finalisierte Abrechnungen können nicht gelöscht werden.",
        ),
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });
});
