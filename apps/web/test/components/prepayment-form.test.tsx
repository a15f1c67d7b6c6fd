// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { PREPAYMENT_MESSAGES, type Prepayment } from "@nk/contract";
import { PrepaymentForm } from "../../src/features/tenants/components/prepayment-form";
import { installFakeApi, type FakeApi } from "../support/fake-api";
import { renderWithApp } from "../support/render";

// The prepayment form of a tenant (docs/rules/prepayments.md#prepayment-rules): the monthly amount
// as a German number, the suggested start, the overlap refused before sending, the high-amount
// warning that never blocks.

const TENANT_ID = "3e0b9f4d-5a6c-4d7e-9f90-a1b2c3d4e5f6";
const CREATE_ROUTE = `POST /api/tenants/${TENANT_ID}/prepayments`;

function buildPrepayment(overrides: Partial<Prepayment> = {}): Prepayment {
  return {
    id: "9c5a4e6d-7f8b-4c92-8dae-1f2a3b4c5d6e",
    tenantId: TENANT_ID,
    monthlyAmount: "150.00",
    validFrom: "2025-01-01",
    validUntil: "2025-12-31",
    isActive: true,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

function renderForm(prepayments: Prepayment[] = []) {
  const onDone = vi.fn();
  const view = renderWithApp(
    <PrepaymentForm
      tenantId={TENANT_ID}
      moveInDate="2025-01-01"
      prepayments={prepayments}
      editing={null}
      onDone={onDone}
    />,
  );
  return { ...view, onDone };
}

const amountField = () => screen.getByLabelText(/^Monatlicher Betrag \(EUR\) \*/);
const validFrom = () => screen.getByLabelText(/^Gültig ab \*/) as HTMLInputElement;
const addButton = () => screen.getByRole("button", { name: "Vorauszahlung hinzufügen" });

describe("the prepayment form", () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
  });

  it("starts the first prepayment on the move-in date and sends '1.234,5' as canonical text", async () => {
    api.on(CREATE_ROUTE, { status: 201, body: { prepayment: buildPrepayment(), warnings: [] } });
    const { user, onDone } = renderForm();
    expect(validFrom().value).toBe("2025-01-01");
    await user.type(amountField(), "1.234,5");
    await user.click(addButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.bodiesOf(CREATE_ROUTE)).toEqual([
      { monthlyAmount: "1234.5", validFrom: "2025-01-01", validUntil: null },
    ]);
    expect(await screen.findByText(PREPAYMENT_MESSAGES.created)).toBeTruthy();
  });

  it("follows the latest active prepayment and refuses an overlap before sending", async () => {
    const { user, onDone } = renderForm([buildPrepayment()]);
    // The day after the active one ends.
    expect(validFrom().value).toBe("2026-01-01");
    await user.type(amountField(), "160");
    await user.clear(validFrom());
    await user.type(validFrom(), "2025-06-01");
    await user.click(addButton());
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      PREPAYMENT_MESSAGES.overlap,
    );
    expect(api.bodiesOf(CREATE_ROUTE)).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("warns about an amount over 10.000 € without blocking the save", async () => {
    api.on(CREATE_ROUTE, { status: 201, body: { prepayment: buildPrepayment(), warnings: [] } });
    const { user, onDone } = renderForm();
    await user.type(amountField(), "12.000");
    expect(await screen.findByText(PREPAYMENT_MESSAGES.amountUnusuallyHigh)).toBeTruthy();
    await user.click(addButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.bodiesOf(CREATE_ROUTE)).toMatchObject([{ monthlyAmount: "12000" }]);
  });

  it("shows the German messages of a zero amount and three decimals", async () => {
    const { user } = renderForm();
    await user.type(amountField(), "0");
    await user.click(addButton());
    expect(await screen.findByText(PREPAYMENT_MESSAGES.amountNotPositive)).toBeTruthy();
    await user.clear(amountField());
    await user.type(amountField(), "10,555");
    await user.click(addButton());
    expect(await screen.findByText(PREPAYMENT_MESSAGES.amountFormat)).toBeTruthy();
    expect(api.bodiesOf(CREATE_ROUTE)).toEqual([]);
  });
});
