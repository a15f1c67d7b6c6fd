import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { TEST_BILLING_DATA as BILLING_DATA } from "../../apps/server/test/support/fixtures.ts";
import {
  screenshotBothWidths,
  screenshotPath,
  downloadFile,
  postOk,
  describeE2e,
  useApp,
  readPdfText,
} from "../support/index.ts";

// Issue 24 in the browser: a statement finalized after its § 556 (3) BGB deadline (the wizard
// warns, the letter asks for nothing until the landlord states why the delay is not his fault),
// a correction letter that lists what changed and asks for the difference only, a tenant who
// moved out (the posting dialog warns before the old flat), and what the wizard says about cost
// types the law forbids or allows only by agreement. Letters are read back with pdftotext and
// their first pages kept as pictures (pdftoppm) in .tmp/screenshots.

const THIS_YEAR = new Date().getUTCFullYear();
const LATE = THIS_YEAR - 2;
const IN_TIME = THIS_YEAR - 1;

const costItems = (grundsteuer: string) => [
  { costType: "Grundsteuer", amount: grundsteuer, key: "area", mode: "manual" },
  { costType: "Müllabfuhr", amount: "300", key: "units", mode: "manual" },
];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nk-e2e-law-"));

/**
 * Gartenweg 7: EG (Jürgen Krüger, 60 m², 20 €/month: owes 270,00 € on 600 + 300 €) and OG (Maria
 * Weiß, 40 m², 100 €/month: gets 810,00 € back), and the billing period of `year`.
 */
async function setUpHouse(page: Page, year: number, options: { mariaMovedOut?: boolean } = {}) {
  await postOk(page, "/api/onboarding", {
    property: {
      name: "Gartenweg 7",
      street: "Gartenweg",
      houseNumber: "7",
      postalCode: "20095",
      city: "Hamburg",
      state: "Hamburg",
      country: "Deutschland",
      propertyType: "Mehrfamilienhaus",
    },
    units: [
      { name: "EG", area: "60", persons: 2 },
      { name: "OG", area: "40", persons: 1 },
    ],
  });
  const properties = (await (await page.request.get("/api/properties")).json()) as {
    id: string;
    units: { id: string; name: string }[];
  }[];
  const unitId = (name: string) => properties[0]!.units.find((unit) => unit.name === name)!.id;
  const tenants: [string, string, string][] = [
    ["Jürgen Krüger", "EG", "20"],
    ["Maria Weiß", "OG", "100"],
  ];
  const ids: Record<string, string> = {};
  for (const [name, unit, monthlyAmount] of tenants) {
    const tenant = await postOk(page, "/api/tenants", {
      name,
      unitId: unitId(unit),
      moveInDate: "2020-01-01",
      persons: 1,
    });
    await postOk(page, `/api/tenants/${tenant.id}/prepayments`, {
      monthlyAmount,
      validFrom: "2020-01-01",
    });
    ids[name] = tenant.id;
  }
  if (options.mariaMovedOut)
    await postOk(page, `/api/tenants/${ids["Maria Weiß"]}/move-out`, {
      moveOutDate: `${year}-12-31`,
    });
  expect((await page.request.put("/api/billing-data", { data: BILLING_DATA })).status()).toBe(200);
  const period = await postOk(page, "/api/billing-periods", {
    propertyId: properties[0]!.id,
    billingPeriodStart: `${year}-01-01`,
    billingPeriodEnd: `${year}-12-31`,
  });
  return { propertyId: properties[0]!.id, periodId: period.id, ids };
}

const download = async (page: Page, button: Locator, name: string): Promise<string> =>
  (await downloadFile(page, button, tmp, name)).file;

/** The letter's pages as pictures, to look at (the closing note of the issue). */
function keepPages(file: string, name: string) {
  execFileSync("pdftoppm", ["-png", "-r", "60", file, screenshotPath(name).replace(/\.png$/, "")]);
}

describeE2e("Abrechnungen, die vor Gericht halten", () => {
  const app = useApp();
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("a statement past its deadline: the wizard warns, the letter asks for nothing, the landlord's reason brings the demand back", async () => {
    const { page } = await app.signedIn("frist");
    const { propertyId, periodId } = await setUpHouse(page, LATE);
    expect(
      (
        await page.request.put(`/api/billing-periods/${periodId}/costs`, {
          data: { costItems: costItems("600") },
        })
      ).status(),
    ).toBe(200);

    // The wizard with the late period: the preview shows the deadline and who would owe.
    await page.goto(`/dashboard/statements/new?property=${propertyId}`);
    await page.getByLabel("Von", { exact: true }).fill(`${LATE}-01-01`);
    await page.getByLabel("Bis", { exact: true }).fill(`${LATE}-12-31`);
    await expect
      .poll(() =>
        page
          .getByRole("listitem", { name: /^Grundsteuer/ })
          .getByLabel("Betrag (EUR)")
          .inputValue(),
      )
      .toBe("600,00");
    await page.getByRole("button", { name: "Berechnung starten" }).click();
    const deadline = page.getByRole("status").filter({ hasText: "Abrechnungsfrist abgelaufen" });
    await deadline
      .getByText(`Die Abrechnungsfrist ist am 31.12.${LATE + 1} abgelaufen.`, { exact: false })
      .waitFor();
    await deadline.getByText("Jürgen Krüger (EG): Nachzahlung 270,00 €").waitFor();
    await screenshotBothWidths(page, "letters-law-wizard-deadline");
    await page.getByRole("button", { name: "Finalisieren" }).click();
    const question = page.getByRole("alertdialog", { name: "Abrechnung finalisieren?" });
    await question
      .getByText("Ohne Begründung fordern die Briefe keine Nachzahlungen.", { exact: false })
      .waitFor();
    await question.getByRole("button", { name: "Finalisieren" }).click();
    await page.waitForURL(/\/dashboard\/statements\/[0-9a-f-]{36}$/, { timeout: 30_000 });

    // The run's page: the deadline card and, per letter, what it asks for.
    const letters = page.getByRole("list", { name: "Briefe je Mietverhältnis" });
    const juergen = letters.getByRole("listitem", { name: "Brief an Jürgen Krüger" });
    await juergen
      .getByText("Nachzahlung von 270,00 € kann nicht mehr verlangt werden (Frist abgelaufen).")
      .waitFor();
    await letters
      .getByRole("listitem", { name: "Brief an Maria Weiß" })
      .getByText("Brief zahlt 810,00 € aus")
      .waitFor();
    const barredFile = await download(
      page,
      juergen.getByRole("button", { name: "PDF für Jürgen Krüger" }),
      "frist-ohne-grund.pdf",
    );
    const barred = readPdfText(barredFile);
    expect(barred).toContain("Zu zahlen 0,00 €");
    expect(barred).toContain(
      "eine Nachzahlung können wir deshalb nicht mehr verlangen (§ 556 Abs. 3 Satz 3 BGB)",
    );
    expect(barred).not.toContain("Bitte überweisen");
    expect(barred).not.toContain("GiroCode");
    keepPages(barredFile, "letters-law-late-no-reason");
    await screenshotBothWidths(page, "letters-law-run-late");

    // The landlord states why the delay is not his fault: the letter asks for the back-payment and says why.
    const reason = `Die Grundsteuerbescheide für ${LATE} kamen erst im Oktober ${THIS_YEAR}.`;
    await page.getByLabel("Warum haben Sie die Verspätung nicht zu vertreten?").fill(reason);
    await page.getByRole("button", { name: "Begründung speichern" }).click();
    await page.getByText("Begründung gespeichert.").first().waitFor();
    await juergen.getByText("Brief fordert 270,00 €").waitFor();
    const excusedFile = await download(
      page,
      juergen.getByRole("button", { name: "PDF für Jürgen Krüger" }),
      "frist-mit-grund.pdf",
    );
    const excused = readPdfText(excusedFile);
    expect(excused).toContain(
      `Die Verspätung haben wir nicht zu vertreten (§ 556 Abs. 3 Satz 3 BGB): ${reason}`,
    );
    expect(excused).toContain("Bitte überweisen Sie die Nachzahlung von 270,00 €");
    expect(excused).toContain(`Verwendungszweck Nebenkostenabrechnung ${LATE} Jürgen Krüger, EG`);
    keepPages(excusedFile, "letters-law-late-with-reason");
  });

  it("a correction: the letter lists what changed and asks for the difference; posting to a tenant who moved out asks first", async () => {
    const { page } = await app.signedIn("korrektur");
    const { periodId, ids } = await setUpHouse(page, IN_TIME, { mariaMovedOut: true });
    const original = (await postOk(page, "/api/statements", {
      billingPeriodId: periodId,
      costItems: costItems("600"),
      finalize: true,
    })) as unknown as { id: string; statements: { id: string; tenantId: string }[] };
    const juergenV1 = original.statements.find((s) => s.tenantId === ids["Jürgen Krüger"])!;
    await postOk(page, `/api/tenant-statements/${juergenV1.id}/mark-posted`, {});
    const correction = (await postOk(
      page,
      `/api/statements/${original.id}/corrections`,
      {},
    )) as unknown as { id: string; billingPeriodId: string };
    await postOk(page, "/api/statements", {
      billingPeriodId: correction.billingPeriodId,
      costItems: costItems("800"),
      finalize: true,
    });

    await page.goto(`/dashboard/statements/${correction.id}`);
    const letters = page.getByRole("list", { name: "Briefe je Mietverhältnis" });
    const juergen = letters.getByRole("listitem", { name: "Brief an Jürgen Krüger" });
    await juergen.getByText("Korrektur: Brief fordert 120,00 €").waitFor();
    const file = await download(
      page,
      juergen.getByRole("button", { name: "PDF für Jürgen Krüger" }),
      "korrektur.pdf",
    );
    const text = readPdfText(file);
    expect(text).toMatch(/Änderungen gegenüber der Abrechnung vom \d{2}\.\d{2}\.\d{4}/);
    expect(text).toContain("Grundsteuer 800,00 € (bisher 600,00 €) 360,00 € 480,00 € + 120,00 €");
    expect(text).toContain("Sie zahlen nach 120,00 €");
    expect(text).toContain("Bitte überweisen Sie den Differenzbetrag von 120,00 €");
    expect(text).toContain(
      `Verwendungszweck Korrektur (Version 2) Nebenkostenabrechnung ${IN_TIME} Jürgen Krüger, EG`,
    );
    keepPages(file, "letters-law-correction");

    // Maria moved out and left no address: the dialog warns and asks before it is posted.
    const maria = letters.getByRole("listitem", { name: "Brief an Maria Weiß" });
    await maria.getByText("Ausgezogen – Brief ginge an die alte Wohnung").waitFor();
    await maria.getByRole("button", { name: "Maria Weiß: per Post versendet" }).click();
    const posting = page.getByRole("dialog", { name: "Per Post versendet" });
    await posting
      .getByText(`Maria Weiß ist am 31.12.${IN_TIME} ausgezogen`, { exact: false })
      .waitFor();
    expect(
      await posting.getByRole("button", { name: "Als versendet speichern" }).isDisabled(),
    ).toBe(true);
    await screenshotBothWidths(page, "letters-law-old-flat");
    await posting.getByLabel("Trotzdem an die alte Wohnung versendet").check();
    await posting.getByRole("button", { name: "Als versendet speichern" }).click();
    await page.getByText("Als 'per Post versendet' markiert.").first().waitFor();
    await maria.getByText(/Brief vom \d{2}\.\d{2}\.\d{4} \(Post\)/).waitFor();
  });

  it("the wizard explains cost types the law forbids or allows only by agreement, and offers the § 12 HeizkV cut; the move-out dialog asks for the new address", async () => {
    const { page } = await app.signedIn("kostenarten");
    const { propertyId, ids } = await setUpHouse(page, IN_TIME);
    await page.goto(`/dashboard/statements/new?property=${propertyId}`);
    await page.getByRole("heading", { name: "Kostenpositionen" }).waitFor();
    const add = async (costType: string) => {
      await page.getByRole("button", { name: "Kostenposition hinzufügen" }).click();
      const card = page.getByRole("listitem", { name: /^Kostenposition \d+$/ }).last();
      await card.getByLabel("Kostenart").selectOption(costType);
      return page.getByRole("listitem", { name: new RegExp(`^${costType}`) });
    };
    const administration = await add("Verwaltungskosten");
    await administration
      .getByRole("alert")
      .getByText("„Verwaltungskosten“ ist bei Wohnraum nicht umlagefähig", { exact: false })
      .waitFor();
    const smoke = await add("Rauchwarnmelder-Wartung");
    await smoke.getByLabel("Umlage vereinbart in *").fill("Mietvertrag § 4 Abs. 2");
    const heating = await add("Heizung");
    await heating.getByLabel("Verteilerschlüssel").selectOption("area");
    await heating
      .getByLabel("Kürzung um 15 % gleich in der Abrechnung abziehen (trägt der Vermieter)")
      .check();
    await screenshotBothWidths(page, "letters-law-wizard-cost-types");

    // Moving out: the dialog asks where the statement should go.
    await page.goto("/dashboard/tenants");
    await page.getByRole("button", { name: "Als ausgezogen markieren" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Als ausgezogen markieren" });
    await dialog
      .getByText("Die Nebenkostenabrechnung wird an diese Anschrift geschickt.", { exact: false })
      .waitFor();
    await dialog.getByLabel("Straße und Hausnummer").fill("Neue Straße 5");
    await dialog.getByLabel("Postleitzahl").fill("2009");
    await dialog.getByLabel("Ort").fill("Hamburg");
    await dialog.getByRole("button", { name: "Auszug speichern" }).click();
    await dialog.getByText("Postleitzahl", { exact: false }).first().waitFor();
    await screenshotBothWidths(page, "letters-law-move-out");
    await dialog.getByLabel("Postleitzahl").fill("20095");
    await dialog.getByRole("button", { name: "Auszug speichern" }).click();
    await dialog.waitFor({ state: "detached" });
    const tenants = (await (await page.request.get("/api/tenants")).json()) as {
      id: string;
      address: string | null;
      postalCode: string | null;
      city: string | null;
      moveOutDate: string | null;
    }[];
    const movedOut = tenants.find((tenant) => tenant.moveOutDate !== null)!;
    expect(Object.values(ids)).toContain(movedOut.id);
    expect(movedOut).toMatchObject({
      address: "Neue Straße 5",
      postalCode: "20095",
      city: "Hamburg",
    });
  });
});
