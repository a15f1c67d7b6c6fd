// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { PLANS, PROPERTY_MESSAGES, UNIT_MESSAGES } from "@nk/contract";
import { PropertiesPage } from "../../src/features/properties/pages/properties-page";
import { buildLimitReachedInfo } from "../../src/lib/plan-access";
import { apiErrorBody, installFakeApi, type FakeApi } from "../support/fake-api";
import { buildMe, buildProperty, buildUnit, PROPERTY_ID, UNIT_ID } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The properties page (docs/rules/master-data.md#screens 'Properties'): the selection, the create
// flows guarded by the plan, the deletions with their questions and German messages.

const SECOND_ID = "7a3e2c4b-5d6f-4a70-8b8c-9d0e1f2a3b4c";

function renderPage() {
  return renderWithApp(<PropertiesPage />, {
    url: "/dashboard/properties",
    path: "/dashboard/properties",
  });
}

describe("the properties page", () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
    api.on("GET /api/me", { body: buildMe() }).on("GET /api/properties", {
      body: [
        buildProperty(),
        buildProperty({
          id: SECOND_ID,
          name: "Ahornweg 2",
          units: [buildUnit({ id: "8b4f3d5c-6e7a-4b81-9c9d-0e1f2a3b4c5d", name: "DG" })],
        }),
      ],
    });
  });

  it("selects the first property and shows another one on click", async () => {
    const { user } = renderPage();
    expect(await screen.findByRole("heading", { name: "Lindenstraße 5" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /Ahornweg 2/ }));
    expect(await screen.findByRole("heading", { name: "Ahornweg 2" })).toBeTruthy();
  });

  it("deletes the selected property after the question, with the German message", async () => {
    api.on(`DELETE /api/properties/${PROPERTY_ID}`, { status: 204 });
    const { user } = renderPage();
    await screen.findByRole("heading", { name: "Lindenstraße 5" });
    await user.click(screen.getByRole("button", { name: "Löschen" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(
      within(dialog).getByText(
        /Ihre 1 Wohneinheit mit Mietern und Zählern werden ebenfalls gelöscht/,
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Löschen" }));
    expect(await screen.findByText(PROPERTY_MESSAGES.deleted)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
      `/api/properties/${PROPERTY_ID}`,
    ]);
  });

  it("shows the server's refusal of a unit's deletion", async () => {
    api.on(`DELETE /api/units/${UNIT_ID}`, {
      status: 409,
      body: apiErrorBody("CONFLICT", UNIT_MESSAGES.deleteBlockedByActiveTenants),
    });
    const { user } = renderPage();
    await screen.findByRole("heading", { name: "Lindenstraße 5" });
    await user.click(screen.getAllByRole("button", { name: "Wohneinheit EG links löschen" })[0]!);
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Löschen" }));
    expect(await screen.findByText(UNIT_MESSAGES.deleteBlockedByActiveTenants)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("opens 'Limit erreicht' instead of the create page when the plan is full", async () => {
    const me = buildMe("starter", { currentProperties: PLANS.starter.limits.maxProperties });
    api.on("GET /api/me", { body: me });
    const { user } = renderPage();
    await screen.findByRole("heading", { name: "Lindenstraße 5" });
    const create = screen.getByRole("button", { name: "Neue Immobilie" }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));
    await user.click(create);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(buildLimitReachedInfo(me, "properties").message)).toBeTruthy();
    expect(screen.queryByTestId("location")).toBeNull();
  });

  it("opens the create page while the plan has room", async () => {
    const { user } = renderPage();
    await screen.findByRole("heading", { name: "Lindenstraße 5" });
    const create = screen.getByRole("button", { name: "Neue Immobilie" }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));
    await user.click(create);
    expect((await screen.findByTestId("location")).textContent).toBe("/dashboard/properties/new");
  });

  it("offers the create flows to editors only (issue 29)", async () => {
    const me = buildMe();
    me.account = { ...me.account, role: "viewer", permissions: [] };
    api.on("GET /api/me", { body: me });
    renderPage();
    await screen.findByRole("heading", { name: "Lindenstraße 5" });
    // Once the account is known (the unit button waits for it), a viewer has no 'Neue Immobilie'.
    await waitFor(() =>
      expect(
        (screen.getByRole("button", { name: "Wohneinheit hinzufügen" }) as HTMLButtonElement)
          .disabled,
      ).toBe(false),
    );
    expect(screen.queryByRole("button", { name: "Neue Immobilie" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Einrichtungsassistent" })).toBeNull();
  });
});
