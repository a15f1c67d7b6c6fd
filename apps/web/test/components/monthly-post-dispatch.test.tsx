// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  formatCalendarDateDe,
  getTodayInGermany,
  MONTHLY_INFORMATION_MESSAGES,
  ROLE_PERMISSIONS,
  type MonthlyInformation,
  type MonthlyTenancy,
} from "@nk/contract";
import { MonthlyInformationPage } from "../../src/features/meters/pages/monthly-information-page";
import { getLastMonth } from "../../src/features/meters/lib/monthly-information";
import { apiErrorBody, installFakeApi, type FakeApi } from "../support/fake-api";
import { buildMe, buildProperty, PROPERTY_ID } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The monthly consumption information by post (decision 1690,
// src/features/meters/components/monthly-post-dispatch.tsx): the tenants without an e-mail
// address get printed letters; the landlord records the dispatch with its day, the page sends
// those tenants to mark-posted and then shows them as informed by post.

const WITH_EMAIL_ID = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const POST_A_ID = "8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e";
const POST_B_ID = "9c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f";
const POSTED_BEFORE_ID = "0d4e5f6a-7b8c-4d9e-9f0a-2b3c4d5e6f7a";

const MONTH = getLastMonth();
const TODAY = getTodayInGermany();
/** A day after the month's end and not in the future: the first of the current month. */
const POSTED_ON = `${TODAY.slice(0, 7)}-01`;
const MARK_POSTED = `POST /api/properties/${PROPERTY_ID}/monthly-information/mark-posted`;

function buildTenancy(overrides: Partial<MonthlyTenancy>): MonthlyTenancy {
  return {
    tenantId: WITH_EMAIL_ID,
    tenantName: "Erika Mail",
    unitName: "EG links",
    email: "erika@example.de",
    isRemoteReadable: true,
    isPartMonth: false,
    letter: null,
    figures: [],
    ...overrides,
  };
}

function postLetter(postedOn: string): NonNullable<MonthlyTenancy["letter"]> {
  return {
    channel: "post",
    recipient: null,
    postedOn,
    queuedAt: `${postedOn}T09:00:00.000Z`,
    sentAt: `${postedOn}T09:00:00.000Z`,
  };
}

/**
 * The server's side of the page: the month's tenancies, with a letter by post for whoever was
 * recorded. Two tenants without an e-mail address wait for the post; one has an address (e-mail,
 * not post); one without an address was recorded as posted before (not offered again).
 */
function installMonthlyServer(api: FakeApi, permissions = [...ROLE_PERMISSIONS.owner]) {
  const postedOn = new Map<string, string>([[POSTED_BEFORE_ID, POSTED_ON]]);
  const tenancies = (): MonthlyTenancy[] =>
    [
      buildTenancy({}),
      buildTenancy({ tenantId: POST_A_ID, tenantName: "Otto Post", unitName: "OG", email: null }),
      buildTenancy({ tenantId: POST_B_ID, tenantName: "Paula Brief", unitName: "DG", email: null }),
      buildTenancy({
        tenantId: POSTED_BEFORE_ID,
        tenantName: "Gustav Früher",
        unitName: "Souterrain",
        email: null,
      }),
    ].map((tenancy) => {
      const day = postedOn.get(tenancy.tenantId);
      return day ? { ...tenancy, letter: postLetter(day) } : tenancy;
    });
  const me = buildMe();
  api
    .on("GET /api/me", { body: { ...me, account: { ...me.account, permissions } } })
    .on("GET /api/properties", { body: [buildProperty()] })
    .on("GET /api/monthly-information/settings", { body: { autoSend: true, sendDay: 5 } })
    .on(`GET /api/properties/${PROPERTY_ID}/monthly-information`, (request) => ({
      body: {
        propertyId: PROPERTY_ID,
        propertyName: "Lindenstraße 5",
        month: request.query.month ?? "",
        tenancies: tenancies(),
      } satisfies MonthlyInformation,
    }))
    .on(`GET /api/properties/${PROPERTY_ID}/monthly-information/letters`, () => ({
      body: {
        letters: tenancies()
          .filter((tenancy) => tenancy.letter)
          .map((tenancy) => ({
            month: MONTH,
            tenantId: tenancy.tenantId,
            tenantName: tenancy.tenantName,
            ...tenancy.letter!,
          })),
      },
    }))
    .on(MARK_POSTED, (request) => {
      const body = request.body as { tenantIds: string[]; postedOn: string };
      for (const tenantId of body.tenantIds) postedOn.set(tenantId, body.postedOn);
      return {
        body: {
          recorded: ["Otto Post", "Paula Brief"],
          alreadyInformed: [],
          message: MONTHLY_INFORMATION_MESSAGES.postedRecorded(2, MONTH, body.postedOn),
        },
      };
    });
}

function renderPage() {
  return renderWithApp(<MonthlyInformationPage />, {
    url: "/dashboard/monthly-information",
    path: "/dashboard/monthly-information",
  });
}

/** The row of a tenant in the month's list (monthly-tenancies.tsx). */
function tenancyRow(name: string): HTMLElement {
  const row = screen
    .getAllByTestId("monthly-tenancy")
    .find((element) => within(element).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe("the monthly information by post", () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
  });

  it("offers only the tenants without an e-mail address not informed yet", async () => {
    installMonthlyServer(api);
    renderPage();
    const post = await screen.findByTestId("monthly-post");
    expect(within(post).getByText("Per Post: Mieter ohne E-Mail-Adresse")).toBeTruthy();
    expect(within(post).getByText("Otto Post, Paula Brief")).toBeTruthy();
    expect(
      within(post).getByRole("link", { name: "Briefe zum Drucken (PDF)" }).getAttribute("href"),
    ).toBe(`/api/properties/${PROPERTY_ID}/monthly-information/print?month=${MONTH}`);
    expect(within(tenancyRow("Otto Post")).getByText("keine E-Mail-Adresse")).toBeTruthy();
    expect(
      within(tenancyRow("Gustav Früher")).getByText(
        `per Post am ${formatCalendarDateDe(POSTED_ON)}`,
      ),
    ).toBeTruthy();
  });

  it("records the dispatch with its day and then shows the tenants as informed by post", async () => {
    installMonthlyServer(api);
    const { user } = renderPage();
    const post = await screen.findByTestId("monthly-post");
    const dateField = within(post).getByLabelText("Versanddatum") as HTMLInputElement;
    expect(dateField.value).toBe(TODAY);
    fireEvent.change(dateField, { target: { value: POSTED_ON } });
    await user.click(
      within(post).getByRole("button", { name: "Als per Post versendet vermerken" }),
    );

    const message = MONTHLY_INFORMATION_MESSAGES.postedRecorded(2, MONTH, POSTED_ON);
    expect(await within(post).findByText(message)).toBeTruthy();
    expect(message).toContain(`als am ${formatCalendarDateDe(POSTED_ON)} per Post versendet`);
    expect(api.bodiesOf(MARK_POSTED)).toEqual([
      { month: MONTH, tenantIds: [POST_A_ID, POST_B_ID], postedOn: POSTED_ON },
    ]);

    // The page asks the server again: both are informed by post now, nothing is left to post.
    const postedText = `per Post am ${formatCalendarDateDe(POSTED_ON)}`;
    await waitFor(() =>
      expect(within(tenancyRow("Otto Post")).queryByText(postedText)).toBeTruthy(),
    );
    expect(within(tenancyRow("Paula Brief")).getByText(postedText)).toBeTruthy();
    expect(within(tenancyRow("Otto Post")).queryByText("keine E-Mail-Adresse")).toBeNull();
    expect(within(post).queryByText("Otto Post, Paula Brief")).toBeNull();
    expect(within(post).queryByRole("button", { name: /vermerken/ })).toBeNull();
    expect(within(post).queryByRole("link", { name: "Briefe zum Drucken (PDF)" })).toBeNull();
    // The success stays in view, and the sent letters list both with "Brief per Post".
    expect(within(post).getByText(message)).toBeTruthy();
    const sent = await screen.findByRole("region", { name: "Versendete Verbrauchsinformationen" });
    await waitFor(() => expect(within(sent).getAllByText("(Brief per Post)")).toHaveLength(3));
    expect(within(sent).getByText(/Otto Post/)).toBeTruthy();
    expect(within(sent).getByText(/Paula Brief/)).toBeTruthy();
  });

  it("shows the server's refusal in German at the date and marks nobody", async () => {
    installMonthlyServer(api);
    const refusal = MONTHLY_INFORMATION_MESSAGES.postedOnBeforeMonthEnd(MONTH);
    api.on(MARK_POSTED, {
      status: 422,
      body: apiErrorBody("VALIDATION_ERROR", refusal, { postedOn: refusal }),
    });
    const { user } = renderPage();
    const post = await screen.findByTestId("monthly-post");
    const lastDayOfMonth = `${MONTH}-28`;
    fireEvent.change(within(post).getByLabelText("Versanddatum"), {
      target: { value: lastDayOfMonth },
    });
    await user.click(
      within(post).getByRole("button", { name: "Als per Post versendet vermerken" }),
    );

    // Once in the alert, once under the date field.
    await waitFor(() => expect(within(post).getAllByText(refusal)).toHaveLength(2));
    expect(within(post).getByRole("alert").textContent).toContain(refusal);
    expect(api.bodiesOf(MARK_POSTED)).toEqual([
      { month: MONTH, tenantIds: [POST_A_ID, POST_B_ID], postedOn: lastDayOfMonth },
    ]);
    // Nothing marked: both are still offered for the post, without a letter in their rows.
    expect(within(post).getByText("Otto Post, Paula Brief")).toBeTruthy();
    expect(
      within(post).getByRole("button", { name: "Als per Post versendet vermerken" }),
    ).toBeTruthy();
    expect(within(tenancyRow("Otto Post")).getByText("keine E-Mail-Adresse")).toBeTruthy();
    expect(within(tenancyRow("Paula Brief")).getByText("keine E-Mail-Adresse")).toBeTruthy();
    expect(within(tenancyRow("Otto Post")).queryByText(/per Post am/)).toBeNull();
    expect(screen.queryByText(/per Post versendet vermerkt/)).toBeNull();

    // Changing the day clears the field's error; the alert stays until the next answer.
    fireEvent.change(within(post).getByLabelText("Versanddatum"), {
      target: { value: POSTED_ON },
    });
    expect(within(post).getAllByText(refusal)).toHaveLength(1);
  });

  it("offers no recording to a member who may not send", async () => {
    installMonthlyServer(api, ["read"]);
    renderPage();
    const post = await screen.findByTestId("monthly-post");
    expect(within(post).getByText("Otto Post, Paula Brief")).toBeTruthy();
    expect(within(post).getByRole("link", { name: "Briefe zum Drucken (PDF)" })).toBeTruthy();
    expect(within(post).queryByLabelText("Versanddatum")).toBeNull();
    expect(within(post).queryByRole("button", { name: /vermerken/ })).toBeNull();
    expect(api.bodiesOf(MARK_POSTED)).toEqual([]);
  });
});
