// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { READING_DECREASE_CODE, READING_MESSAGES } from "@nk/contract";
import { ReadingFormDialog } from "../../src/features/meters/components/reading-form-dialog";
import { apiErrorBody, installFakeApi, type FakeApi } from "../support/fake-api";
import { buildMeter, METER_ID } from "../support/fixtures";
import { renderWithApp } from "../support/render";

const READINGS_ROUTE = `POST /api/meters/${METER_ID}/readings`;

function renderForm() {
  const onOpenChange = vi.fn();
  const view = renderWithApp(
    <ReadingFormDialog isOpen onOpenChange={onOpenChange} meter={buildMeter()} readings={[]} />,
  );
  return { ...view, onOpenChange };
}

describe("the add-reading form (docs/rules/master-data.md#validation 'Meter reading')", () => {
  let api: FakeApi;
  beforeEach(() => {
    // Today in Germany is 2026-11-29: the date field's default and its upper bound.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T10:00:00.000Z"));
    api = installFakeApi();
  });
  afterEach(() => vi.useRealTimers());

  it("sends a German number as canonical text, with today's date, and closes", async () => {
    api.on(READINGS_ROUTE, { status: 201, body: { id: "r1" } });
    const { user, onOpenChange } = renderForm();
    await user.type(screen.getByLabelText(/Zählerstand \*/), "1.234,56");
    await user.click(screen.getByRole("button", { name: "Zählerstand speichern" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.bodiesOf(READINGS_ROUTE)).toEqual([
      { readingValue: "1234.56", readingDate: "2026-11-29", note: null, confirmDecrease: false },
    ]);
    expect(await screen.findByText(READING_MESSAGES.added)).toBeTruthy();
  });

  it("refuses a date after today in Germany with the German message, and sends nothing", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/Zählerstand \*/), "120");
    fireEvent.change(screen.getByLabelText(/Ablesedatum \*/), { target: { value: "2026-11-30" } });
    await user.click(screen.getByRole("button", { name: "Zählerstand speichern" }));
    expect(await screen.findByText(READING_MESSAGES.futureDate)).toBeTruthy();
    expect(screen.getByLabelText(/Ablesedatum \*/).getAttribute("aria-invalid")).toBe("true");
    expect(api.requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("marks an empty value and sends nothing", async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Zählerstand speichern" }));
    const field = screen.getByLabelText(/Zählerstand \*/);
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText(READING_MESSAGES.requiredFields)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("refuses text that is no number with the contract's message", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/Zählerstand \*/), "zwölf");
    await user.click(screen.getByRole("button", { name: "Zählerstand speichern" }));
    expect(await screen.findByText(READING_MESSAGES.notANumber)).toBeTruthy();
    expect(api.bodiesOf(READINGS_ROUTE)).toEqual([]);
  });

  it("asks before saving a lower value and repeats the request with confirmDecrease", async () => {
    api.on(READINGS_ROUTE, (request) =>
      (request.body as { confirmDecrease?: boolean }).confirmDecrease
        ? { status: 201, body: { id: "r2" } }
        : {
            status: 409,
            body: apiErrorBody(
              READING_DECREASE_CODE,
              "Der neue Stand 50 ist kleiner als der letzte Stand 100.",
            ),
          },
    );
    const { user, onOpenChange } = renderForm();
    await user.type(screen.getByLabelText(/Zählerstand \*/), "50");
    await user.click(screen.getByRole("button", { name: "Zählerstand speichern" }));
    expect(await screen.findByText(READING_MESSAGES.decreaseQuestion)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Ja, trotzdem speichern" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.bodiesOf(READINGS_ROUTE)).toEqual([
      { readingValue: "50", readingDate: "2026-11-29", note: null, confirmDecrease: false },
      { readingValue: "50", readingDate: "2026-11-29", note: null, confirmDecrease: true },
    ]);
  });

  it("puts the server's field message under the field", async () => {
    api.on(READINGS_ROUTE, {
      status: 400,
      body: apiErrorBody("VALIDATION", READING_MESSAGES.tooLarge, {
        readingValue: READING_MESSAGES.tooLarge,
      }),
    });
    const { user, onOpenChange } = renderForm();
    await user.type(screen.getByLabelText(/Zählerstand \*/), "7");
    await user.click(screen.getByRole("button", { name: "Zählerstand speichern" }));
    const field = screen.getByLabelText(/Zählerstand \*/);
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getAllByText(READING_MESSAGES.tooLarge).length).toBeGreaterThan(0);
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
