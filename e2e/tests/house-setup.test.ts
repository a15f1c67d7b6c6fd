import { expect, it } from "vitest";
import { screenshotBothWidths, postOk, describeE2e, useApp } from "../support/index.ts";

// Issue 27: the detours of setting up a house are gone. The wizard keeps what was typed at the
// plan's limit and upgrades in place; the tenant form takes the first prepayment from the
// move-in date; start and end readings of a period stay apart; the statement wizard starts at
// the period with readings and fits its template to the house's meters.

const UNITS: [string, string, string][] = [
  ["EG links", "62,5", "2"],
  ["EG rechts", "58", "1"],
  ["1. OG links", "62,5", "3"],
  ["1. OG rechts", "58", "2"],
  ["DG links", "48,25", "1"],
  ["DG rechts", "45", "2"],
];

describeE2e("Ein Haus in Minuten (Issue 27)", () => {
  const app = useApp();

  it("keeps the wizard's units at the trial's limit, upgrades in place and saves all six with the efficiency class", async () => {
    const { page } = await app.signedIn("haus-limit");
    await page.goto("/dashboard/onboarding");
    await page.getByLabel("Name der Immobilie").fill("Rosenhof");
    await page.getByLabel("Straße").fill("Rosenweg");
    await page.getByLabel("Hausnummer").fill("12");
    await page.getByLabel("Postleitzahl").fill("33602");
    await page.getByLabel("Stadt").fill("Bielefeld");
    await page.getByLabel("Immobilientyp").selectOption("Mehrfamilienhaus");
    await page.getByLabel("Energieeffizienzklasse (optional)").selectOption("D");
    await page.getByRole("button", { name: "Weiter", exact: true }).click();

    // The limit is said before typing; three units fill the trial.
    await page.getByText("Ihr Plan erlaubt noch 3 Wohneinheiten.").waitFor();
    for (const [index, [name, area, persons]] of UNITS.slice(0, 3).entries()) {
      if (index > 0)
        await page.getByRole("button", { name: "Weitere Wohneinheit hinzufügen" }).click();
      const row = page.getByRole("listitem", { name: `Wohneinheit ${index + 1}` });
      await row.getByLabel("Name der Wohneinheit").fill(name);
      await row.getByLabel("Fläche (m²)").fill(area);
      await row.getByLabel("Personen").fill(persons);
    }
    const banner = page
      .getByRole("status")
      .filter({ hasText: "Sie haben das Limit von 3 Wohneinheiten erreicht." });
    await banner.waitFor();
    expect(
      await page.getByRole("button", { name: "Weitere Wohneinheit hinzufügen" }).isDisabled(),
    ).toBe(true);

    // Upgrade in place: the plans in a dialog, the page with its units stays.
    await banner.getByRole("button", { name: "Upgrade" }).click();
    const plans = page.getByRole("dialog", { name: "Plan wechseln" });
    await plans.getByRole("button", { name: "Professional wählen" }).waitFor();
    // Starter allows 3 units as the trial does: not offered for this limit.
    expect(await plans.getByRole("button", { name: "Starter wählen" }).count()).toBe(0);
    await screenshotBothWidths(page, "house-setup-upgrade-dialog");
    await plans.getByRole("button", { name: "Professional wählen" }).click();
    await plans.waitFor({ state: "detached" });
    await expect.poll(() => banner.count()).toBe(0);
    expect(
      await page
        .getByRole("listitem", { name: "Wohneinheit 3" })
        .getByLabel("Name der Wohneinheit")
        .inputValue(),
    ).toBe("1. OG links");

    for (const [offset, [name, area, persons]] of UNITS.slice(3).entries()) {
      await page.getByRole("button", { name: "Weitere Wohneinheit hinzufügen" }).click();
      const row = page.getByRole("listitem", { name: `Wohneinheit ${offset + 4}` });
      await row.getByLabel("Name der Wohneinheit").fill(name);
      await row.getByLabel("Fläche (m²)").fill(area);
      await row.getByLabel("Personen").fill(persons);
    }
    await page.getByRole("button", { name: "Weiter", exact: true }).click();
    await expect.poll(() => page.getByTestId("total-area").textContent()).toBe("334,25 m²");
    await page.getByRole("button", { name: "Speichern" }).click();
    await page.waitForURL("**/dashboard/properties");

    const [property] = (await (await page.request.get("/api/properties")).json()) as {
      efficiencyClass: string;
      units: { name: string; area: string }[];
    }[];
    expect(property!.efficiencyClass).toBe("D");
    expect(property!.units.map((unit) => [unit.name, unit.area]).sort()).toEqual([
      ["1. OG links", "62.50"],
      ["1. OG rechts", "58.00"],
      ["DG links", "48.25"],
      ["DG rechts", "45.00"],
      ["EG links", "62.50"],
      ["EG rechts", "58.00"],
    ]);
  });

  it("takes the prepayment in the tenant form, keeps start and end readings apart, and starts the statement where the readings are", async () => {
    const { page } = await app.signedIn("haus-daten");
    const property = await postOk<{ id: string; units: { id: string; name: string }[] }>(
      page,
      "/api/onboarding",
      {
        property: {
          name: "Lindenhof",
          street: "Lindenstraße",
          houseNumber: "5",
          postalCode: "20095",
          city: "Hamburg",
          country: "Deutschland",
          propertyType: "Mehrfamilienhaus",
        },
        units: [
          { name: "EG", area: "62.5", persons: 2 },
          { name: "OG", area: "70", persons: 1 },
        ],
      },
    );
    const [eg, og] = [
      property.units.find((unit) => unit.name === "EG")!,
      property.units.find((unit) => unit.name === "OG")!,
    ];

    // The tenant form: the prepayment typed with the tenant, valid from the move-in date.
    await page.goto("/dashboard/tenants");
    await page.getByRole("button", { name: "Mieter hinzufügen" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Clara Lang");
    await dialog.getByLabel("Wohneinheit").selectOption({ index: 1 });
    await dialog.getByLabel("Einzugsdatum").fill("2023-04-01");
    await dialog.getByLabel("Monatliche Vorauszahlung (EUR)").fill("1.234,5");
    await dialog.getByLabel("Name").click();
    await expect
      .poll(() => dialog.getByLabel("Monatliche Vorauszahlung (EUR)").inputValue())
      .toBe("1.234,50");
    await screenshotBothWidths(page, "house-setup-tenant-form");
    await dialog.getByRole("button", { name: "Mieter hinzufügen" }).click();
    await dialog.waitFor({ state: "detached" });
    const [tenant] = (await (await page.request.get("/api/tenants")).json()) as {
      id: string;
      currentMonthlyPrepayment: string;
    }[];
    const prepayments = (await (
      await page.request.get(`/api/tenants/${tenant!.id}/prepayments`)
    ).json()) as { monthlyAmount: string; validFrom: string; validUntil: string | null }[];
    expect(prepayments.map((p) => [p.monthlyAmount, p.validFrom, p.validUntil])).toEqual([
      ["1234.50", "2023-04-01", null],
    ]);

    // Meters (a heat cost allocator each, cold water in EG) and the 2024 period.
    for (const [unit, number] of [
      [eg, "HKV-EG"],
      [og, "HKV-OG"],
    ] as const) {
      await postOk(page, "/api/meters", {
        meterType: "Heizkostenverteiler",
        meterNumber: number,
        unitId: unit.id,
      });
    }
    await postOk(page, "/api/meters", {
      meterType: "Kaltwasser",
      meterNumber: "KW-EG",
      unitId: eg.id,
    });
    await postOk(page, "/api/billing-periods", {
      propertyId: property.id,
      billingPeriodStart: "2024-01-01",
      billingPeriodEnd: "2024-12-31",
    });

    // Readings: the start first (dated at the period's start; allocators need none), then the end.
    await page.goto("/dashboard/quick-meter-readings");
    await page.getByLabel("Anfangsstand der Periode").check();
    await expect.poll(() => page.getByLabel("Ablesedatum").inputValue()).toBe("2024-01-01");
    await page
      .getByText(
        "Heizkostenverteiler beginnen jede Periode bei 0 und brauchen keinen Anfangsstand.",
      )
      .waitFor();
    expect(await page.getByLabel(/Zähler HKV-EG/).count()).toBe(0);
    await page.getByLabel("Anfangsstand (m³) Zähler KW-EG").fill("1.020");
    await screenshotBothWidths(page, "house-setup-start-readings");
    await page.getByRole("button", { name: "Zählerstände speichern" }).click();
    await page.getByText("1 Zählerstand erfolgreich gespeichert!").first().waitFor();
    await page.getByLabel("Endstand der Periode").check();
    await expect.poll(() => page.getByLabel("Ablesedatum").inputValue()).toBe("2024-12-31");
    await page.getByLabel("Neuer Stand (m³) Zähler KW-EG").fill("1.102,5");
    await page.getByLabel("Neuer Stand (Einheiten) Zähler HKV-EG").fill("1.480");
    await page.getByLabel("Neuer Stand (Einheiten) Zähler HKV-OG").fill("960");
    await page.getByRole("button", { name: "Zählerstände speichern" }).click();
    await page.getByText("3 Zählerstände erfolgreich gespeichert!").first().waitFor();
    const periods = (await (await page.request.get("/api/billing-periods")).json()) as {
      id: string;
    }[];
    const consumption = (await (
      await page.request.get(`/api/billing-periods/${periods[0]!.id}/consumption`)
    ).json()) as {
      meters: {
        label: string;
        start: { value: string } | null;
        end: { value: string } | null;
        consumption: string | null;
      }[];
    };
    const water = consumption.meters.find((meter) => meter.label.includes("KW-EG"))!;
    expect({
      start: water.start?.value,
      end: water.end?.value,
      consumption: water.consumption,
    }).toEqual({ start: "1020.000", end: "1102.500", consumption: "82.500" });

    // The statement wizard starts at 2024 (the period with readings), not the previous year.
    await page.goto(`/dashboard/statements/new?property=${property.id}`);
    await page.getByRole("heading", { name: "Kostenpositionen" }).waitFor();
    await expect
      .poll(() => page.getByLabel("Von", { exact: true }).inputValue())
      .toBe("2024-01-01");
    expect(await page.getByLabel("Bis", { exact: true }).inputValue()).toBe("2024-12-31");

    // The template fits the meters: no hot-water meters, so hot water is not ticked; no amounts guessed.
    await page.getByRole("button", { name: "Quick-Setup" }).click();
    const quick = page.getByRole("dialog", { name: "Quick-Setup: Vorlage wählen" });
    await quick.getByText("Keine Zähler der Art Warmwasser erfasst: nicht vorausgewählt").waitFor();
    expect(await quick.getByRole("checkbox", { name: /^Warmwasser/ }).isChecked()).toBe(false);
    expect(await quick.getByRole("checkbox", { name: /^Kaltwasser/ }).isChecked()).toBe(true);
    await screenshotBothWidths(page, "house-setup-quick-setup");
    await quick.getByRole("button", { name: "Vorlage übernehmen" }).click();
    await quick.waitFor({ state: "detached" });
    const heating = page.getByRole("listitem", { name: /^Heizung/ });
    expect(await heating.getByLabel("Betrag (EUR)").inputValue()).toBe("");
    expect(await page.getByRole("listitem", { name: /^Warmwasser/ }).count()).toBe(0);
  });
});
