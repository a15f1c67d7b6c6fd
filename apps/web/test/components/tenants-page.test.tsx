// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { TENANT_MESSAGES, TENANT_TOASTS, type Tenant } from "@nk/contract";
import { TenantsPage } from "../../src/features/tenants/pages/tenants-page";
import { apiErrorBody, installFakeApi, type FakeApi } from "../support/fake-api";
import { buildMe, buildProperty, PROPERTY_ID, UNIT_ID } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The tenants page composed of useTenantsPage (docs/rules/master-data.md#screens 'Tenants'): a
// moved-out tenant marked active again, refused at the plan's limit with the limit dialog, and a
// deletion after the question.

const TENANT_ID = "3e0b9f4d-5a6c-4d7e-9f0a-1b2c3d4e5f60";

function buildTenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    id: TENANT_ID,
    name: "Erika Muster",
    unitId: UNIT_ID,
    moveInDate: "2024-01-01",
    moveOutDate: "2025-06-30",
    isActive: false,
    address: null,
    postalCode: null,
    city: null,
    phone: null,
    email: null,
    contractStartDate: null,
    contractEndDate: null,
    birthDate: null,
    idDocumentNumber: null,
    notes: null,
    currentPersons: null,
    currentMonthlyPrepayment: null,
    unit: { id: UNIT_ID, name: "EG links", area: "62.50", persons: 1, propertyId: PROPERTY_ID },
    property: { id: PROPERTY_ID, name: "Lindenstraße 5", address: "Lindenstraße 5, 10115 Berlin" },
    createdAt: "2024-01-01T00:00:00.000Z",
    updatedAt: "2024-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("the tenants page", () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
    api
      .on("GET /api/me", { body: buildMe() })
      .on("GET /api/properties", { body: [buildProperty()] })
      .on("GET /api/tenants", { body: [buildTenant()] });
  });

  it("shows the plan's limit when marking a moved-out tenant active again is refused", async () => {
    api.on(`POST /api/tenants/${TENANT_ID}/move-in`, {
      status: 403,
      body: apiErrorBody("LIMIT_REACHED", "Ihr Tarif erlaubt höchstens 1 Mieter."),
    });
    const { user } = renderWithApp(<TenantsPage />);
    const [actions] = await screen.findAllByRole("group", { name: "Aktionen für Erika Muster" });
    await user.click(within(actions!).getByRole("button", { name: "Als aktiv markieren" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Ihr Tarif erlaubt höchstens 1 Mieter.")).toBeTruthy();
    expect(api.bodiesOf(`POST /api/tenants/${TENANT_ID}/move-in`)).toHaveLength(1);
  });

  it("deletes a tenant after the question and says so in German", async () => {
    api.on(`DELETE /api/tenants/${TENANT_ID}`, { status: 204 });
    const { user } = renderWithApp(<TenantsPage />);
    const [actions] = await screen.findAllByRole("group", { name: "Aktionen für Erika Muster" });
    await user.click(within(actions!).getByRole("button", { name: "Löschen" }));
    const question = await screen.findByRole("alertdialog");
    expect(within(question).getByText(TENANT_MESSAGES.deleteConfirm)).toBeTruthy();
    await user.click(within(question).getByRole("button", { name: "Löschen" }));
    expect(await screen.findByText(TENANT_TOASTS.deleted)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
      `/api/tenants/${TENANT_ID}`,
    ]);
  });
});
