import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  checkPage,
  requestOk,
  screenshotBothWidths,
  uniqueEmail,
  waitForMailLink,
  describeE2e,
  useApp,
} from "../support/index.ts";

// Issue 29: the owner invites a billing manager and a viewer by e-mail; the billing manager
// registers through the link, joins and finalizes a statement; the viewer sees it finalized
// and is offered nothing that changes it (the server refuses anyway).

async function seedDraftRun(page: Page): Promise<string> {
  await requestOk(page, "post", "/api/onboarding", {
    property: {
      name: "Ahornhof",
      street: "Ahornweg",
      houseNumber: "3",
      postalCode: "20095",
      city: "Hamburg",
      state: "Hamburg",
      country: "Deutschland",
      propertyType: "Mehrfamilienhaus",
    },
    units: [
      { name: "EG", area: "62.5", persons: 2 },
      { name: "OG", area: "90", persons: 1 },
    ],
  });
  const [property] = (await (await requestOk(page, "get", "/api/properties")).json()) as {
    id: string;
    units: { id: string; name: string }[];
  }[];
  for (const [name, unit] of [
    ["Erna Ebert", "EG"],
    ["Otto Ober", "OG"],
  ] as const) {
    await requestOk(page, "post", "/api/tenants", {
      name,
      unitId: property!.units.find((u) => u.name === unit)!.id,
      moveInDate: "2015-01-01",
      persons: 1,
    });
  }
  await requestOk(page, "put", "/api/billing-data", {
    companyName: "Hausverwaltung Ahorn",
    phone: "040 123456",
    street: "Ahornweg",
    houseNumber: "1",
    postalCode: "20095",
    city: "Hamburg",
    iban: "DE89370400440532013000",
  });
  const period = (await (
    await requestOk(page, "post", "/api/billing-periods", {
      propertyId: property!.id,
      billingPeriodStart: "2024-01-01",
      billingPeriodEnd: "2024-12-31",
    })
  ).json()) as { id: string };
  await requestOk(page, "post", "/api/statements", {
    billingPeriodId: period.id,
    finalize: false,
    costItems: [{ costType: "Grundsteuer", amount: "1234.56", key: "area" }],
  });
  return property!.id;
}

describeE2e("Team", () => {
  const app = useApp();

  it("the owner invites a billing manager who finalizes; a viewer sees it and cannot change it", async () => {
    const owner = await app.signedIn("inhaberin");
    const propertyId = await seedDraftRun(owner.page);

    // The owner invites in Einstellungen → Team.
    await owner.page.goto("/dashboard/settings?tab=team");
    await owner.page.getByRole("heading", { name: /Mitglieder von/ }).waitFor();
    const billingEmail = uniqueEmail("buchhaltung");
    await owner.page.getByLabel("E-Mail-Adresse *").fill(billingEmail);
    await owner.page.getByLabel("Rolle").first().selectOption("billing_manager");
    await owner.page.getByRole("button", { name: "Einladen" }).click();
    await owner.page
      .getByTestId("team-invitation")
      .filter({ hasText: billingEmail })
      .getByText("Abrechnung ·")
      .waitFor();
    const viewerEmail = uniqueEmail("leserin");
    await owner.page.getByLabel("E-Mail-Adresse *").fill(viewerEmail);
    await owner.page.getByLabel("Rolle").first().selectOption("viewer");
    await owner.page.getByRole("button", { name: "Einladen" }).click();
    await owner.page.getByTestId("team-invitation").filter({ hasText: viewerEmail }).waitFor();
    await checkPage(owner.page, "team tab");
    await screenshotBothWidths(owner.page, "team-settings");

    // The billing manager opens the link, registers and joins.
    const billingLink = await waitForMailLink(
      app.server.dataDir,
      billingEmail,
      /http:\/\/[^\s"]+\/einladung\?token=[A-Za-z0-9_-]+/,
    );
    const billing = await app.open();
    await billing.page.goto(new URL(billingLink).pathname + new URL(billingLink).search);
    await billing.page.getByRole("heading", { name: "Einladung in „Erika Mustermann“" }).waitFor();
    await billing.page.getByText("Rolle: Abrechnung.", { exact: false }).waitFor();
    await screenshotBothWidths(billing.page, "team-invitation");
    await billing.page.getByRole("link", { name: "Registrieren und beitreten" }).click();
    await billing.page.getByLabel("Vorname").fill("Bea");
    await billing.page.getByLabel("Nachname").fill("Buchhaltung");
    await billing.page.getByLabel("E-Mail").fill(billingEmail);
    await billing.page.getByLabel("Passwort", { exact: true }).fill("Sicher123");
    await billing.page.getByLabel("Passwort bestätigen").fill("Sicher123");
    await billing.page.getByRole("checkbox").check();
    await billing.page.getByRole("button", { name: "Registrieren" }).click();
    await billing.page.waitForURL("**/einladung?token=**");
    await billing.page.getByRole("button", { name: "Einladung annehmen" }).click();
    await billing.page.waitForURL("**/dashboard**");
    await billing.page.getByLabel("Konto").waitFor();

    // Master data are read only for her; the run is finalized in the history.
    await billing.page.goto("/dashboard/tenants");
    await billing.page.getByText("Erna Ebert").first().waitFor();
    expect(await billing.page.getByRole("button", { name: "Mieter hinzufügen" }).count()).toBe(0);
    await billing.page.goto(`/dashboard/statements?property=${propertyId}`);
    const table = billing.page.getByRole("table", { name: "Abrechnungen" });
    const row = table.getByRole("row").filter({ hasText: "31.12.2024" });
    await row.getByRole("checkbox").check();
    await billing.page
      .getByRole("toolbar", { name: "Ausgewählte Abrechnungen" })
      .getByRole("button", { name: "Finalisieren" })
      .click();
    const confirm = billing.page.getByRole("alertdialog", { name: "Abrechnungen finalisieren?" });
    await confirm.getByRole("button", { name: "Finalisieren" }).click();
    await row.getByText("Finalisiert").waitFor();

    // The viewer joins (through the API, as the form journey is the same) and only reads.
    const viewerLink = await waitForMailLink(
      app.server.dataDir,
      viewerEmail,
      /http:\/\/[^\s"]+\/einladung\?token=[A-Za-z0-9_-]+/,
    );
    const viewer = await app.open();
    await viewer.page.request.post("/api/auth/sign-up/email", {
      data: {
        email: viewerEmail,
        password: "Sicher123",
        firstName: "Lea",
        lastName: "Leserin",
        passwordConfirmation: "Sicher123",
        acceptTerms: true,
      },
    });
    await requestOk(viewer.page, "post", "/api/invitations/accept", {
      token: new URL(viewerLink).searchParams.get("token"),
    });
    await viewer.page.goto(`/dashboard/statements?property=${propertyId}`);
    const viewerRow = viewer.page
      .getByRole("table", { name: "Abrechnungen" })
      .getByRole("row")
      .filter({ hasText: "31.12.2024" });
    await viewerRow.getByText("Finalisiert").waitFor();
    await viewerRow.getByRole("checkbox").check();
    const toolbar = viewer.page.getByRole("toolbar", { name: "Ausgewählte Abrechnungen" });
    await toolbar.waitFor();
    expect(
      await toolbar.getByRole("button", { name: /Finalisieren|Archivieren|Löschen/ }).count(),
    ).toBe(0);
    await checkPage(viewer.page, "history as viewer");
    await screenshotBothWidths(viewer.page, "team-viewer-history");
    // The server refuses what the page does not offer, in German.
    const runs = (await (
      await requestOk(viewer.page, "get", `/api/statements?propertyId=${propertyId}`)
    ).json()) as { items: { id: string }[] };
    const refused = await viewer.page.request.post(
      `/api/statements/${runs.items[0]!.id}/transition`,
      { data: { to: "archived" } },
    );
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "Ihre Rolle erlaubt diese Aktion nicht. Bitte wenden Sie sich an den Inhaber des Kontos.",
    );

    // The owner's feed names who finalized.
    await owner.page.goto("/dashboard/activity");
    await owner.page.getByRole("tab", { name: "Verlauf" }).click();
    await owner.page.getByLabel("Mitglied").selectOption({ label: "Bea Buchhaltung" });
    await owner.page.getByTestId("activity-actor").first().waitFor();
    expect(new Set(await owner.page.getByTestId("activity-actor").allInnerTexts())).toEqual(
      new Set(["Bea Buchhaltung"]),
    );
    await screenshotBothWidths(owner.page, "team-activity");
  });

  it("on Enterprise the owner makes an API key, sees it once, uses it and revokes it", async () => {
    const owner = await app.signedIn("api");
    await requestOk(owner.page, "post", "/api/properties", {
      name: "Birkenhof",
      street: "Birkenweg",
      houseNumber: "2",
      postalCode: "20095",
      city: "Hamburg",
      country: "Deutschland",
      propertyType: "Mehrfamilienhaus",
    });
    // On the trial the tab says what the plan lacks and offers no form.
    await owner.page.goto("/dashboard/settings?tab=api-keys");
    await owner.page
      .getByText("Der API-Zugang ist nur im Enterprise-Plan enthalten.", { exact: false })
      .waitFor();
    expect(await owner.page.getByRole("button", { name: "Erstellen" }).count()).toBe(0);
    await requestOk(owner.page, "post", "/api/subscription/plan", { plan: "enterprise" });

    await owner.page.reload();
    await owner.page.getByLabel("Name *").fill("Buchhaltung");
    await owner.page.getByLabel("Rolle").selectOption("viewer");
    await owner.page.getByRole("button", { name: "Erstellen" }).click();
    const secret = (await owner.page.getByTestId("api-key-secret").innerText()).trim();
    expect(secret).toMatch(/^nk_[A-Za-z0-9_-]{43}$/);
    const row = owner.page.getByTestId("api-key").filter({ hasText: "Buchhaltung" });
    await row.getByText("Aktiv").waitFor();
    await checkPage(owner.page, "api keys tab");
    await screenshotBothWidths(owner.page, "team-api-keys");
    // Shown once: after leaving the page the list has only the prefix.
    await owner.page.reload();
    await row.waitFor();
    expect(await owner.page.getByTestId("api-key-secret").count()).toBe(0);
    expect(await owner.page.content()).not.toContain(secret);

    // A program without the browser's session uses it.
    const api = await app.open();
    const read = await api.page.request.get("/api/properties", {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(read.status()).toBe(200);
    expect(((await read.json()) as { name: string }[]).map((p) => p.name)).toEqual(["Birkenhof"]);

    await row.getByRole("button", { name: "Widerrufen" }).click();
    await owner.page
      .getByRole("alertdialog", { name: "API-Schlüssel widerrufen?" })
      .getByRole("button", { name: "Widerrufen" })
      .click();
    await row.getByText(/Widerrufen am/).waitFor();
    const refused = await api.page.request.get("/api/properties", {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "Der API-Schlüssel ist ungültig, widerrufen oder abgelaufen.",
    );
  });
});
