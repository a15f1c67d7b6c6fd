// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { METER_MESSAGES } from "@nk/contract";
import { MeterFormDialog } from "../../src/features/meters/components/meter-form-dialog";
import { apiErrorBody, installFakeApi, type FakeApi } from "../support/fake-api";
import { buildProperty, PROPERTY_ID, UNIT_ID } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The meter modal (docs/rules/master-data.md#validation 'Meter'): a unit's meter belongs to the
// property through the unit, a common-area meter to the property; German messages.

function renderForm() {
  const onOpenChange = vi.fn();
  const view = renderWithApp(
    <MeterFormDialog
      isOpen
      onOpenChange={onOpenChange}
      meter={null}
      properties={[buildProperty()]}
    />,
  );
  return { ...view, onOpenChange };
}

const addButton = () => screen.getByRole("button", { name: "Zähler hinzufügen" });

describe("the meter form", () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
  });

  it("sends a unit's meter without the property, and closes", async () => {
    api.on("POST /api/meters", { status: 201, body: { id: "m1" } });
    const { user, onOpenChange } = renderForm();
    await user.type(screen.getByLabelText(/^Zählernummer \*/), "KW-4711");
    await user.selectOptions(screen.getByLabelText(/^Zählertyp \*/), "Kaltwasser");
    await user.selectOptions(screen.getByLabelText(/^Wohneinheit/), UNIT_ID);
    await user.click(addButton());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.bodiesOf("POST /api/meters")).toMatchObject([
      { meterNumber: "KW-4711", meterType: "Kaltwasser", unitId: UNIT_ID, propertyId: null },
    ]);
    expect(await screen.findByText(METER_MESSAGES.created)).toBeTruthy();
  });

  it("sends a common-area meter with the property (the only one, preselected)", async () => {
    api.on("POST /api/meters", { status: 201, body: { id: "m1" } });
    const { user, onOpenChange } = renderForm();
    await user.type(screen.getByLabelText(/^Zählernummer \*/), "WMZ-1");
    await user.selectOptions(screen.getByLabelText(/^Zählertyp \*/), "Wärmemengenzähler");
    await user.click(addButton());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.bodiesOf("POST /api/meters")).toMatchObject([
      { meterNumber: "WMZ-1", unitId: null, propertyId: PROPERTY_ID },
    ]);
  });

  it("refuses an empty meter number in German and sends nothing", async () => {
    const { user, onOpenChange } = renderForm();
    await user.click(addButton());
    const number = screen.getByLabelText(/^Zählernummer \*/);
    await waitFor(() => expect(number.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getAllByText(METER_MESSAGES.requiredFields).length).toBeGreaterThan(0);
    expect(api.bodiesOf("POST /api/meters")).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in the form and as a toast", async () => {
    api.on("POST /api/meters", {
      status: 409,
      body: apiErrorBody("CONFLICT", "Die Zählernummer KW-4711 gibt es schon.", {
        meterNumber: "Die Zählernummer KW-4711 gibt es schon.",
      }),
    });
    const { user, onOpenChange } = renderForm();
    await user.type(screen.getByLabelText(/^Zählernummer \*/), "KW-4711");
    await user.click(addButton());
    expect(
      await screen.findByText(
        METER_MESSAGES.createFailed("Die Zählernummer KW-4711 gibt es schon."),
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText(/^Zählernummer \*/).getAttribute("aria-invalid")).toBe("true");
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
