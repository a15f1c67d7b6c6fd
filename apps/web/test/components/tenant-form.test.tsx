// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { PREPAYMENT_MESSAGES, TENANT_MESSAGES, TENANT_TOASTS } from "@nk/contract";
import { TenantFormDialog } from "../../src/features/tenants/components/tenant-form-dialog";
import { apiErrorBody, installFakeApi, type FakeApi } from "../support/fake-api";
import { buildProperty, UNIT_ID } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The add-tenant modal (docs/rules/master-data.md#tenant-form): German numbers, the contract's
// German messages, what it sends, and the answers of the server.

function renderForm() {
  const onOpenChange = vi.fn();
  const onLimitReached = vi.fn();
  const view = renderWithApp(
    <TenantFormDialog
      isOpen
      onOpenChange={onOpenChange}
      tenant={null}
      properties={[buildProperty()]}
      userId="u1"
      defaultUnitId={UNIT_ID}
      onLimitReached={onLimitReached}
    />,
  );
  return { ...view, onOpenChange, onLimitReached };
}

type User = ReturnType<typeof renderForm>["user"];

async function fillRequired(user: User) {
  await user.type(screen.getByLabelText(/^Name \*/), "Erika Muster");
  fireEvent.change(screen.getByLabelText(/^Einzugsdatum \*/), { target: { value: "2025-02-01" } });
}

const submitButton = () => screen.getByRole("button", { name: "Mieter hinzufügen" });

describe("the add-tenant form", () => {
  let api: FakeApi;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T10:00:00.000Z"));
    api = installFakeApi();
  });
  afterEach(() => vi.useRealTimers());

  it("sends the prepayment typed as '1.234,50' as canonical text and closes", async () => {
    api.on("POST /api/tenants", { status: 201, body: { id: "t1" } });
    const { user, onOpenChange } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText(/^Personen im Haushalt/), "3");
    await user.type(screen.getByLabelText(/^Monatliche Vorauszahlung \(EUR\)/), "1.234,50");
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(false));
    await user.click(submitButton());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.bodiesOf("POST /api/tenants")).toMatchObject([
      {
        name: "Erika Muster",
        unitId: UNIT_ID,
        moveInDate: "2025-02-01",
        persons: "3",
        monthlyPrepayment: "1234.50",
      },
    ]);
    expect(await screen.findByText(TENANT_TOASTS.added)).toBeTruthy();
  });

  it("says in German what is missing once a field is left, and keeps the button disabled", async () => {
    const { user } = renderForm();
    const name = screen.getByLabelText(/^Name \*/);
    await user.type(name, "E");
    await user.tab();
    expect(await screen.findByText(TENANT_MESSAGES.nameTooShort)).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    expect(api.requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("shows every message and a warning on Enter in an invalid form", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^E-Mail/), "keine-adresse{Enter}");
    expect(await screen.findByText(TENANT_MESSAGES.invalidSubmit)).toBeTruthy();
    expect(screen.getAllByText(TENANT_MESSAGES.nameRequired).length).toBeGreaterThan(0);
    expect(screen.getAllByText(TENANT_MESSAGES.emailInvalid).length).toBeGreaterThan(0);
    expect(api.requests.filter((r) => r.method === "POST")).toEqual([]);
  });

  it("refuses a prepayment with three decimals or of zero with the German messages", async () => {
    const { user } = renderForm();
    await fillRequired(user);
    const prepayment = screen.getByLabelText(/^Monatliche Vorauszahlung \(EUR\)/);
    await user.type(prepayment, "12,345");
    await user.tab();
    expect(await screen.findByText(PREPAYMENT_MESSAGES.amountFormat)).toBeTruthy();
    expect(prepayment.getAttribute("aria-invalid")).toBe("true");
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    await user.clear(prepayment);
    await user.type(prepayment, "0");
    await user.tab();
    expect(await screen.findByText(PREPAYMENT_MESSAGES.amountNotPositive)).toBeTruthy();
  });

  it("hands the plan's limit to the page and keeps the modal open", async () => {
    api.on("POST /api/tenants", {
      status: 403,
      body: apiErrorBody("LIMIT_REACHED", "Ihr Tarif erlaubt höchstens 3 Mieter."),
    });
    const { user, onOpenChange, onLimitReached } = renderForm();
    await fillRequired(user);
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(false));
    await user.click(submitButton());
    await waitFor(() =>
      expect(onLimitReached).toHaveBeenCalledWith("Ihr Tarif erlaubt höchstens 3 Mieter."),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("puts the server's message under its field", async () => {
    api.on("POST /api/tenants", {
      status: 400,
      body: apiErrorBody("VALIDATION", TENANT_MESSAGES.moveInInvalid, {
        moveInDate: TENANT_MESSAGES.moveInInvalid,
      }),
    });
    const { user, onOpenChange } = renderForm();
    await fillRequired(user);
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(false));
    await user.click(submitButton());
    expect((await screen.findAllByText(TENANT_MESSAGES.moveInInvalid)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(/^Einzugsdatum \*/).getAttribute("aria-invalid")).toBe("true");
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
