// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { UNIT_MESSAGES } from "@nk/contract";
import { UnitFormDialog } from "../../src/features/properties/components/unit-form-dialog";
import { apiErrorBody, installFakeApi, type FakeApi } from "../support/fake-api";
import { buildUnit, PROPERTY_ID, UNIT_ID } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The unit modal of the properties page: the area as a German number, the contract's messages,
// the plausibility question for a very large area, and the limit of the plan.

const CREATE_ROUTE = `POST /api/properties/${PROPERTY_ID}/units`;

function renderForm(unit: ReturnType<typeof buildUnit> | null = null) {
  const onOpenChange = vi.fn();
  const view = renderWithApp(
    <UnitFormDialog isOpen onOpenChange={onOpenChange} propertyId={PROPERTY_ID} unit={unit} />,
  );
  return { ...view, onOpenChange };
}

type User = ReturnType<typeof renderForm>["user"];

async function fill(user: User, area: string) {
  await user.type(screen.getByLabelText(/^Name der Wohneinheit \*/), "OG rechts");
  await user.type(screen.getByLabelText(/^Fläche \(m²\) \*/), area);
  const persons = screen.getByLabelText(/^Personen \*/);
  await user.clear(persons);
  await user.type(persons, "2");
}

describe("the unit form", () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
  });

  it("sends the area typed as '98,75' as canonical text and closes", async () => {
    api.on(CREATE_ROUTE, { status: 201, body: buildUnit() });
    const { user, onOpenChange } = renderForm();
    await fill(user, "98,75");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.bodiesOf(CREATE_ROUTE)).toEqual([
      { name: "OG rechts", area: "98.75", persons: 2, hasDecentralizedHotWater: false },
    ]);
    expect(await screen.findByText(UNIT_MESSAGES.created)).toBeTruthy();
  });

  it("asks before saving an area over 1.000 m² and sends nothing when the user corrects it", async () => {
    const { user, onOpenChange } = renderForm();
    await fill(user, "1.020,5");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    expect(
      await screen.findByText(/Die Wohneinheit „OG rechts“ hat 1\.020,50? m² Wohnfläche/),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Nein, korrigieren" }));
    expect(api.bodiesOf(CREATE_ROUTE)).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("saves the large area once the user confirms it", async () => {
    api.on(CREATE_ROUTE, { status: 201, body: buildUnit() });
    const { user, onOpenChange } = renderForm();
    await fill(user, "1.020,5");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await user.click(await screen.findByRole("button", { name: "Ja, Wert ist richtig" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.bodiesOf(CREATE_ROUTE)).toMatchObject([{ area: "1020.5" }]);
  });

  it("shows the German messages of an empty name, a zero area and three decimals", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^Fläche \(m²\) \*/), "0");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Name ist erforderlich")).toBeTruthy();
    expect(screen.getByText("Fläche muss größer als 0 sein")).toBeTruthy();
    const area = screen.getByLabelText(/^Fläche \(m²\) \*/);
    await user.clear(area);
    await user.type(area, "12,345");
    await user.tab();
    expect(await screen.findByText("Fläche darf höchstens 2 Nachkommastellen haben")).toBeTruthy();
    expect(api.bodiesOf(CREATE_ROUTE)).toEqual([]);
  });

  it("edits a unit with PATCH, its area shown de-DE", async () => {
    api.on(`PATCH /api/units/${UNIT_ID}`, { body: buildUnit() });
    const { user, onOpenChange } = renderForm(buildUnit({ area: "1234.50" }));
    const area = screen.getByLabelText(/^Fläche \(m²\) \*/) as HTMLInputElement;
    expect(area.value).toBe("1.234,50");
    await user.clear(area);
    await user.type(area, "70");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.bodiesOf(`PATCH /api/units/${UNIT_ID}`)).toMatchObject([
      { name: "EG links", area: "70", persons: 2 },
    ]);
  });

  it("shows the plan's limit with the upgrade", async () => {
    api.on(CREATE_ROUTE, {
      status: 403,
      body: apiErrorBody("LIMIT_REACHED", "Ihr Tarif erlaubt höchstens 10 Wohneinheiten."),
    });
    const { user, onOpenChange } = renderForm();
    await fill(user, "50");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Ihr Tarif erlaubt höchstens 10 Wohneinheiten.")).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
