import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import {
  downloadFile,
  postOk,
  readOutbox,
  screenshotPath,
  describeE2e,
  useApp,
  readPdfText,
} from "../support/index.ts";

// Issue 30, items 1 and 2 in the browser (decision 1630): a heat meter installed in 2023 without
// remote reading shows the § 5 HeizkV badge, the wizard warns at Heizung and offers the 3 % cut;
// the landlord marks the meter remote-readable, and the October letter of the § 6a HeizkV
// monthly information is downloaded from its page and read back with pdftotext.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nk-e2e-monthly-"));
const READING_FILES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../apps/server/test/support/reading-files",
);

describeE2e("Fernablesbare Zähler und monatliche Verbrauchsinformation", () => {
  const app = useApp();
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("marks a meter, sees the warning in the wizard, and reads the monthly letter", async () => {
    const { page } = await app.signedIn("monat");
    await postOk(page, "/api/onboarding", {
      property: {
        name: "Birkenweg 12",
        street: "Birkenweg",
        houseNumber: "12",
        postalCode: "34117",
        city: "Kassel",
        state: "Hessen",
        country: "Deutschland",
        propertyType: "Mehrfamilienhaus",
      },
      units: [
        { name: "EG", area: "60", persons: 2 },
        { name: "OG", area: "40", persons: 1 },
      ],
    });
    const property = (
      (await (await page.request.get("/api/properties")).json()) as {
        id: string;
        units: { id: string; name: string }[];
      }[]
    )[0]!;
    const unitId = (name: string) => property.units.find((u) => u.name === name)!.id;
    await postOk(page, "/api/tenants", {
      name: "Jürgen Krüger",
      unitId: unitId("EG"),
      moveInDate: "2015-01-01",
      persons: 2,
      email: "juergen.krueger@example.de",
    });
    await postOk(page, "/api/tenants", {
      name: "Maria Weiß",
      unitId: unitId("OG"),
      moveInDate: "2015-01-01",
      persons: 1,
    });
    const egMeter = await postOk(page, "/api/meters", {
      meterNumber: "WMZ-EG",
      meterType: "Wärmemengenzähler",
      unitId: unitId("EG"),
      installedOn: "2023-03-01",
    });
    await postOk(page, "/api/meters", {
      meterNumber: "WMZ-OG",
      meterType: "Wärmemengenzähler",
      unitId: unitId("OG"),
      isRemoteReadable: true,
      installedOn: "2023-03-01",
    });
    // The October readings come as the metering service's monthly file (the EED consumption
    // interface's shape: device, service, period end, value, unit, estimated), imported on the
    // imports page (a plan feature of the larger plans).
    expect(
      (
        await page.request.post("/api/subscription/plan", { data: { plan: "enterprise" } })
      ).status(),
    ).toBe(200);
    await page.goto("/dashboard/imports");
    await page.getByRole("link", { name: /Zählerstände aus einer Datei/ }).click();
    await page
      .getByLabel("Datei", { exact: true })
      .setInputFiles(path.join(READING_FILES, "eed-monatswerte-2025-10.csv"));
    await page.getByRole("button", { name: "Datei prüfen" }).click();
    await expect
      .poll(() =>
        page.getByText("4 neu · 0 niedriger als zuvor · 0 bereits erfasst · 0 fehlerhaft").count(),
      )
      .toBe(1);
    await page.getByRole("button", { name: "Import bestätigen" }).click();
    await expect.poll(() => page.getByText("4 Zählerstände gespeichert.").count()).toBe(1);
    const egReadings = (await (
      await page.request.get(`/api/meters/${egMeter.id}/readings`)
    ).json()) as { readingValue: string; readingDate: string }[];
    expect(egReadings.map((reading) => [reading.readingDate, reading.readingValue]).sort()).toEqual(
      [
        ["2025-09-30", "5150.250"],
        ["2025-10-31", "5412.750"],
      ],
    );

    // The meters page names the missing remote reading.
    await page.goto("/dashboard/meters");
    const egRow = page.getByTestId("meter-row").filter({ hasText: "WMZ-EG" });
    await expect
      .poll(() => egRow.getByTestId("remote-reading-badge").textContent())
      .toBe("nicht fernablesbar: Pflicht seit 01.03.2023 (§ 5 HeizkV)");

    // The wizard warns at Heizung and offers the 3 % cut.
    const period = await postOk(page, "/api/billing-periods", {
      propertyId: property.id,
      billingPeriodStart: "2025-01-01",
      billingPeriodEnd: "2025-12-31",
    });
    expect(
      (
        await page.request.put(`/api/billing-periods/${period.id}/costs`, {
          data: {
            costItems: [{ costType: "Heizung", amount: "1000", key: "area", mode: "manual" }],
          },
        })
      ).status(),
    ).toBe(200);

    // The 2025 statements are owed and none went out: the deadline overview shows the § 556 (3)
    // BGB deadline and who is still waiting.
    await page.goto("/dashboard/deadlines");
    const deadline = page
      .getByRole("region", { name: "Birkenweg 12: 01.01.2025 – 31.12.2025" })
      .first();
    await expect.poll(() => deadline.textContent()).toContain("Frist: 31.12.2026");
    expect(await deadline.textContent()).toMatch(/Jürgen Krüger.*nicht versendet/);
    expect(await deadline.textContent()).toMatch(/Maria Weiß.*nicht versendet/);
    await page.screenshot({ path: screenshotPath("monthly-information-deadline"), fullPage: true });

    await page.goto(`/dashboard/statements/new?property=${property.id}`);
    await page.getByLabel("Von", { exact: true }).fill("2025-01-01");
    await page.getByLabel("Bis", { exact: true }).fill("2025-12-31");
    const heating = page.getByRole("listitem", { name: /^Heizung/ });
    const warning = heating.getByTestId("remote-reading-warning");
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      "ein Zähler für Heizung oder Warmwasser nicht fernablesbar, obwohl die Heizkostenverordnung es verlangt (WMZ-EG; § 5 HeizkV)",
    );
    await expect
      .poll(() =>
        warning
          .getByLabel("Kürzung um 3 % gleich in der Abrechnung abziehen (trägt der Vermieter)")
          .isVisible(),
      )
      .toBe(true);
    await page.screenshot({
      path: screenshotPath("monthly-information-wizard-warning"),
      fullPage: true,
    });

    // Marked remote-readable in the meter dialog.
    await page.goto("/dashboard/meters");
    await egRow.getByRole("button", { name: "Zähler WMZ-EG bearbeiten" }).click();
    await page.getByLabel("Fernablesbar").check();
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect.poll(() => egRow.textContent()).toContain("fernablesbar");
    await expect.poll(() => egRow.getByTestId("remote-reading-badge").count()).toBe(0);

    // The monthly information: October 2025, Krüger's letter.
    await page.goto(`/dashboard/monthly-information?property=${property.id}`);
    await page.getByLabel("Monat", { exact: true }).fill("2025-10");
    const krueger = page.getByTestId("monthly-tenancy").filter({ hasText: "Jürgen Krüger" });
    await expect.poll(() => krueger.textContent()).toContain("Wärmemengenzähler: 262,5 kWh");
    await page.screenshot({ path: screenshotPath("monthly-information-page"), fullPage: true });
    const { file } = await downloadFile(
      page,
      krueger.getByRole("link", { name: "Brief (PDF)" }),
      tmp,
      "krueger.pdf",
    );
    const text = readPdfText(file);
    expect(text).toContain("Monatliche Verbrauchsinformation Oktober 2025");
    expect(text).toContain("Ihr Verbrauch im Oktober 2025 262,5 kWh");
    expect(text).toContain("Ihr Verbrauch im Vormonat nicht verfügbar");
    // (262,5 + 137,5) kWh over 100 m², × 60 m².
    expect(text).toContain("Durchschnittsnutzer im Haus (gleiche Wohnfläche) 240 kWh");

    // Sent by mail: Krüger's message with the letter attached is in the outbox; Maria Weiß has no
    // e-mail address and is named for another way; a second click sends nothing twice.
    await page.getByRole("button", { name: "Per E-Mail an die Mieter senden" }).click();
    await page
      .getByText("1 Verbrauchsinformation für Oktober 2025 wird per E-Mail versendet.")
      .waitFor();
    await page.getByText("Ohne E-Mail-Adresse (Brief per Post, siehe unten): Maria Weiß").waitFor();
    await expect
      .poll(
        () =>
          readOutbox(app.server.dataDir).filter((mail) =>
            mail.includes("Ihre monatliche Verbrauchsinformation Oktober 2025"),
          ).length,
      )
      .toBe(1);
    const mail = readOutbox(app.server.dataDir).find((entry) =>
      entry.includes("Ihre monatliche Verbrauchsinformation Oktober 2025"),
    )!;
    expect(mail).toContain("juergen.krueger@example.de");
    expect(mail).toContain("Guten Tag Jürgen Krüger");
    expect(mail).toMatch(/Content-Type: application\/pdf/i);
    await expect.poll(() => krueger.textContent()).toMatch(/versendet am|Versand eingeplant/);
    await page.getByRole("button", { name: "Per E-Mail an die Mieter senden" }).click();
    await page.getByText(/Keine Verbrauchsinformation versendet/).waitFor();
    expect(
      readOutbox(app.server.dataDir).filter((entry) =>
        entry.includes("Ihre monatliche Verbrauchsinformation Oktober 2025"),
      ),
    ).toHaveLength(1);

    // Maria Weiß has no address: her letter is in the PDF to print; once posted, the landlord
    // records the dispatch and the page says how she was informed.
    expect(await page.getByLabel("Jeden Monat automatisch per E-Mail senden").isChecked()).toBe(
      true,
    );
    const post = page.getByTestId("monthly-post");
    const printed = await downloadFile(
      page,
      post.getByRole("link", { name: "Briefe zum Drucken (PDF)" }),
      tmp,
      "post.pdf",
    );
    const printText = readPdfText(printed.file);
    expect(printText).toContain("Guten Tag Maria Weiß");
    expect(printText).not.toContain("Guten Tag Jürgen Krüger");
    await page.screenshot({ path: screenshotPath("monthly-information-post"), fullPage: true });
    await post.getByLabel("Versanddatum").fill("2025-11-07");
    await post.getByRole("button", { name: "Als per Post versendet vermerken" }).click();
    await post
      .getByText(
        "1 Verbrauchsinformation für Oktober 2025 als am 07.11.2025 per Post versendet vermerkt.",
      )
      .waitFor();
    const weiss = page.getByTestId("monthly-tenancy").filter({ hasText: "Maria Weiß" });
    await expect.poll(() => weiss.textContent()).toContain("per Post am 07.11.2025");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: screenshotPath("monthly-information-375"), fullPage: true });
  });
});
