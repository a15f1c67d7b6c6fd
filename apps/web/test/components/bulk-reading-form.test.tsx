// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { READING_DECREASE_CODE, READING_MESSAGES } from "@nk/contract";
import { BulkReadingForm } from "../../src/features/meters/components/bulk-reading-form";
import { apiErrorBody, installFakeApi, type FakeApi } from "../support/fake-api";
import { buildBillingPeriod, buildMeter, PERIOD_ID, UNIT_ID } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The readings of a whole house in one form (docs/rules/master-data.md#validation 'bulk save'):
// German numbers per meter, only the filled ones sent, start and end apart, the question for a
// lower value.

const WATER_ID = "5b2e1c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e";
const HEAT_ID = "6c3f2d4e-5a6b-4c7d-9e8f-0a1b2c3d4e5f";

function renderForm() {
  const period = buildBillingPeriod();
  return renderWithApp(
    <BulkReadingForm
      period={period}
      periods={[period]}
      onChoosePeriod={() => undefined}
      onCreatePeriod={() => undefined}
    />,
  );
}

/** The value field of a meter, found by its hidden label 'Zähler <number>'. */
const fieldOf = (meterNumber: string) =>
  screen.getByLabelText(new RegExp(`Zähler ${meterNumber}$`)) as HTMLInputElement;

describe("the bulk reading form", () => {
  let api: FakeApi;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T10:00:00.000Z"));
    api = installFakeApi();
    api
      .on("GET /api/meters", {
        body: [
          buildMeter({ id: WATER_ID, meterNumber: "KW-1" }),
          buildMeter({
            id: HEAT_ID,
            meterNumber: "HKV-1",
            meterType: "Heizkostenverteiler",
            unit: { id: UNIT_ID, name: "EG links", area: "62.5" },
          }),
        ],
      })
      .on(`GET /api/billing-periods/${PERIOD_ID}`, { body: buildBillingPeriod() });
  });
  afterEach(() => vi.useRealTimers());

  it("sends only the filled values, as canonical text, on the period's last day", async () => {
    api.on("POST /api/readings/bulk", {
      status: 201,
      body: { saved: 1, message: READING_MESSAGES.bulkSaved(1) },
    });
    const { user } = renderForm();
    await waitFor(() => expect(fieldOf("KW-1")).toBeTruthy());
    await user.type(fieldOf("KW-1"), "1.234,567");
    await user.click(screen.getByRole("button", { name: "Zählerstände speichern" }));
    expect(await screen.findByText(READING_MESSAGES.bulkSaved(1))).toBeTruthy();
    expect(api.bodiesOf("POST /api/readings/bulk")).toEqual([
      {
        billingPeriodId: PERIOD_ID,
        position: "end",
        readingDate: "2025-12-31",
        readings: [{ meterId: WATER_ID, readingValue: "1234.567" }],
        confirmDecrease: false,
      },
    ]);
  });

  it("asks for at least one value in German", async () => {
    const { user } = renderForm();
    await waitFor(() => expect(fieldOf("KW-1")).toBeTruthy());
    await user.click(screen.getByRole("button", { name: "Zählerstände speichern" }));
    expect(await screen.findByText(READING_MESSAGES.bulkValueRequired)).toBeTruthy();
    expect(api.bodiesOf("POST /api/readings/bulk")).toEqual([]);
  });

  it("asks for start readings on the first day, without the heat cost allocators", async () => {
    const { user } = renderForm();
    await waitFor(() => expect(fieldOf("HKV-1")).toBeTruthy());
    await user.click(screen.getByLabelText("Anfangsstand der Periode"));
    expect((screen.getByLabelText("Ablesedatum") as HTMLInputElement).value).toBe("2025-01-01");
    expect(screen.queryByLabelText(/Zähler HKV-1$/)).toBeNull();
    expect(fieldOf("KW-1")).toBeTruthy();
  });

  it("marks a lower value for correction when the user answers 'Nein'", async () => {
    api.on("POST /api/readings/bulk", {
      status: 409,
      body: apiErrorBody(READING_DECREASE_CODE, "Niedriger als der letzte Stand.", {
        "readings.0.readingValue": "Der neue Stand 50 ist kleiner als der letzte Stand 100.",
      }),
    });
    const { user } = renderForm();
    await waitFor(() => expect(fieldOf("KW-1")).toBeTruthy());
    await user.type(fieldOf("KW-1"), "50");
    await user.click(screen.getByRole("button", { name: "Zählerstände speichern" }));
    expect(await screen.findByText(READING_MESSAGES.decreaseQuestion)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Nein, Werte korrigieren" }));
    await waitFor(() => expect(fieldOf("KW-1").getAttribute("aria-invalid")).toBe("true"));
    expect(
      screen.getByText("Der neue Stand 50 ist kleiner als der letzte Stand 100."),
    ).toBeTruthy();
    expect(api.bodiesOf("POST /api/readings/bulk")).toHaveLength(1);
  });
});
