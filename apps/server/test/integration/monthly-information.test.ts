import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertProperty,
  insertTenant,
  insertUnit,
  TEST_BILLING_DATA,
} from "../support/fixtures.ts";
import { addReadingViaApi, UNKNOWN_ID } from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { readPdfText } from "../support/pdf-text.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 30, item 2 (decision 1630, docs/rules/heating.md#monthly-information): the § 6a (1), (2)
// HeizkV monthly consumption information per tenancy and its letter.

describe.each(TEST_DRIVERS)("monthly consumption information (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  /** Krüger (EG, 60 m²) since 2015 with a year of readings; Neumann (OG, 40 m²) moved in on 15 October 2025. */
  async function setUp() {
    const account = await t.signUp();
    expect(
      (
        await t.request("PUT", "/api/billing-data", {
          cookie: account.cookie,
          body: TEST_BILLING_DATA,
        })
      ).status,
    ).toBe(200);
    const property = await insertProperty(t.db, account.userId, { name: "Birkenweg 12" });
    const eg = await insertUnit(t.db, account.userId, property.id, { name: "EG", area: "60.00" });
    const og = await insertUnit(t.db, account.userId, property.id, { name: "OG", area: "40.00" });
    const krueger = await insertTenant(t.db, account.userId, eg.id, {
      name: "Jürgen Krüger",
      moveInDate: "2015-01-01",
    });
    const neumann = await insertTenant(t.db, account.userId, og.id, {
      name: "Nina Neumann",
      moveInDate: "2025-10-15",
    });
    const meter = async (unitId: string, meterNumber: string) => {
      const response = await t.request("POST", "/api/meters", {
        cookie: account.cookie,
        body: {
          meterNumber,
          meterType: "Wärmemengenzähler",
          unitId,
          isRemoteReadable: true,
          installedOn: "2022-01-10",
        },
      });
      expect(response.status).toBe(201);
      return (await readJson(response)).id as string;
    };
    const egMeter = await meter(eg.id, "WMZ-EG");
    const ogMeter = await meter(og.id, "WMZ-OG");
    for (const [value, date] of [
      ["1000.0", "2024-09-30"],
      ["1180.5", "2024-10-31"],
      ["5000", "2025-08-31"],
      ["5150.25", "2025-09-30"],
      ["5412.75", "2025-10-31"],
    ] as const) {
      await addReadingViaApi(t, account.cookie, egMeter, value, date);
    }
    for (const [value, date] of [
      ["300", "2025-09-30"],
      ["437.5", "2025-11-01"],
    ] as const)
      await addReadingViaApi(t, account.cookie, ogMeter, value, date);
    // Krüger has an e-mail address, Neumann none.
    await t.db
      .updateTable("tenants")
      .set({ email: "krueger@example.de" })
      .where("id", "=", krueger.id)
      .execute();
    return { ...account, propertyId: property.id, kruegerId: krueger.id, neumannId: neumann.id };
  }

  it("lists each tenancy's figures from the engine, exact, with unavailable ones as null; the letter prints them and says 'nicht verfügbar'", async () => {
    const account = await setUp();
    const response = await t.request(
      "GET",
      `/api/properties/${account.propertyId}/monthly-information?month=2025-10`,
      { cookie: account.cookie },
    );
    expect(response.status).toBe(200);
    const information = await readJson(response);
    expect(
      information.tenancies.map(
        (x: { tenantName: string; isPartMonth: boolean; isRemoteReadable: boolean }) => [
          x.tenantName,
          x.isPartMonth,
          x.isRemoteReadable,
        ],
      ),
    ).toEqual([
      ["Jürgen Krüger", false, true],
      ["Nina Neumann", true, true],
    ]);
    expect(information.tenancies[0].figures).toEqual([
      {
        meterType: "Wärmemengenzähler",
        unitLabel: "kWh",
        consumption: "262.5",
        previousMonth: "150.25",
        sameMonthLastYear: "180.5",
        averageUser: "240.0",
        changeToPreviousMonthPercent: 75,
        changeToLastYearPercent: 45,
      },
    ]);
    expect(information.tenancies[1].figures[0]).toMatchObject({
      consumption: "137.5",
      previousMonth: null,
      sameMonthLastYear: null,
      averageUser: "160.0",
    });

    const letter = await t.request(
      "GET",
      `/api/properties/${account.propertyId}/monthly-information/${account.neumannId}/pdf?month=2025-10`,
      { cookie: account.cookie },
    );
    expect(letter.status).toBe(200);
    expect(letter.headers.get("content-type")).toBe("application/pdf");
    const text = readPdfText(new Uint8Array(await letter.arrayBuffer()));
    expect(text).toContain("Monatliche Verbrauchsinformation Oktober 2025");
    expect(text).toContain("Ihr Verbrauch im Oktober 2025 137,5 kWh");
    expect(text).toContain("Ihr Verbrauch im Vormonat nicht verfügbar");
    expect(text).toContain("Ihr Verbrauch im Oktober 2024 nicht verfügbar");
    expect(text).toContain("Durchschnittsnutzer im Haus (gleiche Wohnfläche) 160 kWh");
    expect(text).toContain("„nicht verfügbar“: Für diesen Zeitraum liegen keine Ablesewerte vor.");
    expect(text).toContain("Sie sind in diesem Monat ein- oder ausgezogen");
    const kruegerText = readPdfText(
      new Uint8Array(
        await (
          await t.request(
            "GET",
            `/api/properties/${account.propertyId}/monthly-information/${account.kruegerId}/pdf?month=2025-10`,
            { cookie: account.cookie },
          )
        ).arrayBuffer(),
      ),
    );
    expect(kruegerText).toContain("Ihr Verbrauch im Vormonat 150,25 kWh (+75 %)");
    expect(kruegerText).toContain("Ihr Verbrauch im Oktober 2024 180,5 kWh (+45 %)");
  });

  it("refuses bad months in German and keeps other accounts out", async () => {
    const account = await setUp();
    const bad = await t.request(
      "GET",
      `/api/properties/${account.propertyId}/monthly-information?month=2025-13`,
      { cookie: account.cookie },
    );
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields.month).toBe(
      "Bitte wählen Sie einen Monat (MM.JJJJ).",
    );
    const future = await t.request(
      "GET",
      `/api/properties/${account.propertyId}/monthly-information?month=2099-01`,
      { cookie: account.cookie },
    );
    expect(future.status).toBe(400);
    expect((await readJson(future)).error.message).toBe(
      "Die Verbrauchsinformation gibt es erst nach dem Ende des Monats.",
    );
    const stranger = await t.signUp();
    const foreign = await t.request(
      "GET",
      `/api/properties/${account.propertyId}/monthly-information?month=2025-10`,
      { cookie: stranger.cookie },
    );
    expect(foreign.status).toBe(404);
    expect((await readJson(foreign)).error.message).toBe("Immobilie nicht gefunden");
    expect(
      (
        await t.request(
          "GET",
          `/api/properties/${account.propertyId}/monthly-information/${account.kruegerId}/pdf?month=2025-10`,
          { cookie: stranger.cookie },
        )
      ).status,
    ).toBe(404);
    const noTenant = await t.request(
      "GET",
      `/api/properties/${account.propertyId}/monthly-information/${UNKNOWN_ID}/pdf?month=2025-10`,
      { cookie: account.cookie },
    );
    expect(noTenant.status).toBe(404);
    expect((await readJson(noTenant)).error.message).toBe(
      "Mieter nicht gefunden oder im gewählten Monat nicht in dieser Immobilie",
    );
    // Neumann had not moved in by September.
    expect(
      (
        await t.request(
          "GET",
          `/api/properties/${account.propertyId}/monthly-information/${account.neumannId}/pdf?month=2025-09`,
          { cookie: account.cookie },
        )
      ).status,
    ).toBe(404);
  });

  it("sends the month's letter by e-mail once per tenant, names tenants without an address and lists what was sent", async () => {
    const account = await setUp();
    const outboxBefore = (await t.readOutbox()).length;
    const send = () =>
      t.request("POST", `/api/properties/${account.propertyId}/monthly-information/send`, {
        cookie: account.cookie,
        body: { month: "2025-10" },
      });
    const first = await send();
    expect(first.status).toBe(202);
    expect(await readJson(first)).toEqual({
      queued: ["Jürgen Krüger"],
      alreadyInformed: [],
      withoutEmail: [{ tenantId: account.neumannId, tenantName: "Nina Neumann" }],
      message: "1 Verbrauchsinformation für Oktober 2025 wird per E-Mail versendet.",
    });
    await t.runDueJobs();
    const mails = (await t.readOutbox()).slice(outboxBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("To: krueger@example.de");
    expect(mails[0]).toContain("application/pdf");
    const listed = await readJson(
      await t.request("GET", `/api/properties/${account.propertyId}/monthly-information/letters`, {
        cookie: account.cookie,
      }),
    );
    expect(listed.letters).toHaveLength(1);
    expect(listed.letters[0]).toMatchObject({
      month: "2025-10",
      tenantName: "Jürgen Krüger",
      recipient: "krueger@example.de",
    });
    expect(listed.letters[0].sentAt).not.toBeNull();
    const view = await readJson(
      await t.request(
        "GET",
        `/api/properties/${account.propertyId}/monthly-information?month=2025-10`,
        { cookie: account.cookie },
      ),
    );
    expect(view.tenancies[0].letter.recipient).toBe("krueger@example.de");
    expect(view.tenancies[1].letter).toBeNull();

    // Again: nothing more is queued.
    const second = await readJson(await send());
    expect(second.queued).toEqual([]);
    expect(second.alreadyInformed).toEqual(["Jürgen Krüger"]);
    expect(second.message).toBe(
      "Keine Verbrauchsinformation versendet: Kein Mieter dieses Monats hat eine E-Mail-Adresse, oder alle wurden schon informiert.",
    );
    await t.runDueJobs();
    expect((await t.readOutbox()).length).toBe(outboxBefore + 1);

    // Another account can neither send nor list; a bad month is refused in German.
    const stranger = await t.signUp();
    expect(
      (
        await t.request("POST", `/api/properties/${account.propertyId}/monthly-information/send`, {
          cookie: stranger.cookie,
          body: { month: "2025-10" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request(
          "GET",
          `/api/properties/${account.propertyId}/monthly-information/letters`,
          { cookie: stranger.cookie },
        )
      ).status,
    ).toBe(404);
    const bad = await t.request(
      "POST",
      `/api/properties/${account.propertyId}/monthly-information/send`,
      { cookie: account.cookie, body: { month: "Oktober" } },
    );
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).error.fields.month).toBe(
      "Bitte wählen Sie einen Monat (MM.JJJJ).",
    );
  });
});
