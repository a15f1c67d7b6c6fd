// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { PLANS, PROPERTY_MESSAGES } from "@nk/contract";
import { buildLimitReachedInfo } from "../../src/lib/plan-access";
import { NewPropertyPage } from "../../src/features/properties/pages/new-property-page";
import { apiErrorBody, installFakeApi, type FakeApi } from "../support/fake-api";
import { buildMe, buildProperty, PROPERTY_ID } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The new-property page (docs/rules/master-data.md#screens 'New property'): the contract's German
// messages, what it sends, and the way on to the house table.

function renderPage() {
  return renderWithApp(<NewPropertyPage />, {
    url: "/dashboard/properties/new",
    path: "/dashboard/properties/new",
  });
}

type User = ReturnType<typeof renderPage>["user"];

async function fillAddress(user: User, postalCode: string) {
  await user.type(screen.getByLabelText(/^Name der Immobilie \*/), "Wohnhaus Lindenstraße");
  await user.type(screen.getByLabelText(/^Straße \*/), "Lindenstraße");
  await user.type(screen.getByLabelText(/^Hausnummer \*/), "5a");
  await user.type(screen.getByLabelText(/^Postleitzahl \*/), postalCode);
  await user.type(screen.getByLabelText(/^Stadt \*/), "Berlin");
  await user.selectOptions(screen.getByLabelText(/^Immobilientyp \*/), "Mehrfamilienhaus");
}

const createButton = () =>
  screen.getByRole("button", { name: "Immobilie erstellen" }) as HTMLButtonElement;

describe("the new-property form", () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
    api.on("GET /api/me", { body: buildMe() });
  });

  it("stays disabled until the required fields are filled, then creates and opens the house table", async () => {
    api.on("POST /api/properties", { status: 201, body: buildProperty() });
    const { user } = renderPage();
    await screen.findByRole("heading", { name: "Neue Immobilie" });
    expect(createButton().disabled).toBe(true);
    await fillAddress(user, "10115");
    await waitFor(() => expect(createButton().disabled).toBe(false));
    await user.click(createButton());
    expect(await screen.findByText(PROPERTY_MESSAGES.created)).toBeTruthy();
    expect(api.bodiesOf("POST /api/properties")).toMatchObject([
      {
        name: "Wohnhaus Lindenstraße",
        street: "Lindenstraße",
        houseNumber: "5a",
        postalCode: "10115",
        city: "Berlin",
        country: "Deutschland",
        propertyType: "Mehrfamilienhaus",
      },
    ]);
    // docs/rules/master-data.md#constants: 1.5 s later, the new property's house table.
    expect((await screen.findByTestId("location", {}, { timeout: 5000 })).textContent).toBe(
      `/dashboard/properties/${PROPERTY_ID}/house`,
    );
  });

  it("refuses a German postal code without five digits in German, and sends nothing", async () => {
    const { user } = renderPage();
    await screen.findByRole("heading", { name: "Neue Immobilie" });
    await fillAddress(user, "1011");
    await waitFor(() => expect(createButton().disabled).toBe(false));
    await user.click(createButton());
    expect(await screen.findByText("Postleitzahl muss 5 Ziffern haben")).toBeTruthy();
    expect(screen.getByLabelText(/^Postleitzahl \*/).getAttribute("aria-invalid")).toBe("true");
    expect(api.bodiesOf("POST /api/properties")).toEqual([]);
  });

  it("shows the server's refusal and stays on the page", async () => {
    api.on("POST /api/properties", {
      status: 403,
      body: apiErrorBody("LIMIT_REACHED", "Ihr Tarif erlaubt höchstens 1 Immobilie."),
    });
    const { user } = renderPage();
    await screen.findByRole("heading", { name: "Neue Immobilie" });
    await fillAddress(user, "10115");
    await waitFor(() => expect(createButton().disabled).toBe(false));
    await user.click(createButton());
    expect(await screen.findByText("Ihr Tarif erlaubt höchstens 1 Immobilie.")).toBeTruthy();
    expect(screen.queryByTestId("location")).toBeNull();
  });

  it("says the limit before anything is typed when the plan is full", async () => {
    const me = buildMe("starter", { currentProperties: PLANS.starter.limits.maxProperties });
    api.on("GET /api/me", { body: me });
    renderPage();
    const { title, message } = buildLimitReachedInfo(me, "properties");
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(createButton().disabled).toBe(true);
  });
});
