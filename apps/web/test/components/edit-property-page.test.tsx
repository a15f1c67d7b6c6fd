// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { PROPERTY_MESSAGES } from "@nk/contract";
import { EditPropertyPage } from "../../src/features/properties/pages/edit-property-page";
import { installFakeApi, type FakeApi } from "../support/fake-api";
import { buildProperty, PROPERTY_ID } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The edit property page composed of useEditPropertyForm (docs/rules/master-data.md#screens
// 'Edit property', #states): choosing an efficiency class dates it today, clearing it empties
// date and method; the save sends the form and returns to the list.

const PAGE_URL = `/dashboard/properties/${PROPERTY_ID}/edit`;

describe("the edit property page", () => {
  let api: FakeApi;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T10:00:00.000Z"));
    api = installFakeApi();
    api.on(`GET /api/properties/${PROPERTY_ID}`, { body: buildProperty() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("dates a chosen class today, clears date and method with the class, and saves", async () => {
    api.on(`PATCH /api/properties/${PROPERTY_ID}`, { body: buildProperty() });
    const { user } = renderWithApp(<EditPropertyPage />, {
      url: PAGE_URL,
      path: "/dashboard/properties/:propertyId/edit",
    });
    const efficiencyClass = await screen.findByLabelText("Effizienzklasse");
    const date = screen.getByLabelText<HTMLInputElement>("Ermittlungsdatum");
    expect(date.disabled).toBe(true);

    await user.selectOptions(efficiencyClass, "C");
    expect(date.value).toBe("2026-11-29");
    expect(date.disabled).toBe(false);
    expect(screen.getByTestId("efficiency-summary").textContent).toContain("C");

    await user.selectOptions(efficiencyClass, "");
    expect(date.value).toBe("");
    expect(date.disabled).toBe(true);

    await user.selectOptions(efficiencyClass, "B");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText(PROPERTY_MESSAGES.updated)).toBeTruthy();
    // The toast shows before the navigation renders (use-edit-property-form.ts): wait for it.
    expect((await screen.findByTestId("location")).textContent).toBe("/dashboard/properties");
    expect(api.bodiesOf(`PATCH /api/properties/${PROPERTY_ID}`)).toEqual([
      expect.objectContaining({
        name: "Lindenstraße 5",
        efficiencyClass: "B",
        efficiencyDeterminedDate: "2026-11-29",
      }),
    ]);
  });
});
