// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { DEFAULT_RATE_REGION, RATE_MESSAGES, RATE_PRICE_WARNING_CODE } from "@nk/contract";
import { RateFormDialog } from "../../src/features/rates/components/rate-form-dialog";
import { apiErrorBody, installFakeApi, type FakeApi } from "../support/fake-api";
import { buildProperty } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The tariff modal: prices as German numbers (up to 6 decimals), the contract's messages, and the
// question when the server finds a price far from the regional average (decision 0982).

function renderForm() {
  const onClose = vi.fn();
  const view = renderWithApp(
    <RateFormDialog
      utilityType="coldwater"
      rate={null}
      properties={[buildProperty()]}
      defaultRegion={DEFAULT_RATE_REGION}
      today="2026-11-29"
      onClose={onClose}
    />,
  );
  return { ...view, onClose };
}

type User = ReturnType<typeof renderForm>["user"];

async function fill(user: User, unitPrice: string, basePrice: string) {
  await user.type(screen.getByLabelText(/^Tarifname \*/), "Stadtwerke Wasser");
  await user.type(screen.getByLabelText(/^Preis pro m³ \(€\) \*/), unitPrice);
  await user.type(screen.getByLabelText(/^Grundpreis \(€\/Monat\)/), basePrice);
}

const saveButton = () => screen.getByRole("button", { name: "Tarif speichern" });

describe("the tariff form", () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
  });

  it("sends German prices as canonical text and closes", async () => {
    api.on("POST /api/rates", { status: 201, body: { id: "rate-1" } });
    const { user, onClose } = renderForm();
    await fill(user, "2,345678", "1.012,5");
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodiesOf("POST /api/rates")).toMatchObject([
      {
        utilityType: "coldwater",
        rateName: "Stadtwerke Wasser",
        unitPrice: "2.345678",
        basePrice: "1012.5",
      },
    ]);
    expect(await screen.findByText(RATE_MESSAGES.saved)).toBeTruthy();
  });

  it("shows the German messages of a missing name and a price with seven decimals", async () => {
    const { user, onClose } = renderForm();
    await user.type(screen.getByLabelText(/^Preis pro m³ \(€\) \*/), "1,1234567");
    await user.click(saveButton());
    expect(await screen.findByText(RATE_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(RATE_MESSAGES.unitPriceDecimals)).toBeTruthy();
    expect(api.bodiesOf("POST /api/rates")).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("asks about a price far from the average and repeats the save with confirmPriceWarning", async () => {
    const warning = "Der Preis liegt weit über dem regionalen Durchschnitt.";
    api.on("POST /api/rates", (request) =>
      (request.body as { confirmPriceWarning?: boolean }).confirmPriceWarning
        ? { status: 201, body: { id: "rate-1" } }
        : {
            status: 409,
            body: apiErrorBody(RATE_PRICE_WARNING_CODE, warning, { unitPrice: warning }),
          },
    );
    const { user, onClose } = renderForm();
    await fill(user, "25", "0");
    await user.click(saveButton());
    const question = await screen.findByRole("alertdialog");
    expect(within(question).getByText(warning)).toBeTruthy();
    await user.click(within(question).getByRole("button", { name: "Ja, Preis ist richtig" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const bodies = api.bodiesOf("POST /api/rates") as { confirmPriceWarning?: boolean }[];
    expect(bodies.map((body) => body.confirmPriceWarning ?? false)).toEqual([false, true]);
  });
});
