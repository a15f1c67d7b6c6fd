import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";
import { requireCompleteBillingData } from "../../src/features/billing-data/billing-data-service.ts";

const VALID = {
  companyName: "Hausverwaltung Sonnenschein GmbH",
  firstName: "",
  lastName: "",
  phone: "030 1234567",
  street: "Lindenstraße",
  houseNumber: "12a",
  postalCode: "10115",
  city: "Berlin",
  iban: "de89 3704 0044 0532 0130 00",
  bic: "cobadeffxxx",
  bankName: "Commerzbank",
};

describe.each(TEST_DRIVERS)("billing data (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function put(cookie: string, body: unknown) {
    const response = await t.request("PUT", "/api/billing-data", { cookie, body });
    return { status: response.status, body: await readJson(response) };
  }

  it("answers null and incomplete before anything is saved", async () => {
    const { cookie } = await t.signUp();
    const response = await t.request("GET", "/api/billing-data", { cookie });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ billingData: null, complete: false });
  });

  it("saves normalised data, reads them back, overwrites them and logs each save", async () => {
    const { cookie, userId } = await t.signUp();
    const saved = await put(cookie, VALID);
    expect(saved.status).toBe(200);
    expect(saved.body.complete).toBe(true);
    expect(saved.body.billingData).toMatchObject({
      companyName: "Hausverwaltung Sonnenschein GmbH",
      firstName: null,
      lastName: null,
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      houseNumber: "12a",
    });
    const read = await readJson(await t.request("GET", "/api/billing-data", { cookie }));
    expect(read).toEqual(saved.body);

    const second = await put(cookie, {
      ...VALID,
      companyName: null,
      firstName: "Erika",
      lastName: "Müller",
      bic: "",
      bankName: "",
    });
    expect(second.status).toBe(200);
    expect(second.body.billingData).toMatchObject({
      companyName: null,
      firstName: "Erika",
      lastName: "Müller",
      bic: null,
      bankName: null,
    });
    const rows = await t.db
      .selectFrom("billingData")
      .selectAll()
      .where("userId", "=", userId)
      .execute();
    expect(rows).toHaveLength(1);
    const activities = await t.db
      .selectFrom("userActivities")
      .select("description")
      .where("userId", "=", userId)
      .where("description", "=", "Abrechnungsdaten aktualisiert")
      .execute();
    expect(activities).toHaveLength(2);
  });

  it("rejects a wrong IBAN checksum and a malformed IBAN in German, nothing saved", async () => {
    const { cookie, userId } = await t.signUp();
    const checksum = await put(cookie, { ...VALID, iban: "DE89 3704 0044 0532 0130 01" });
    expect(checksum.status).toBe(400);
    expect(checksum.body.error.fields.iban).toBe(
      "Ungültige IBAN: Die Prüfsumme stimmt nicht. Bitte prüfen Sie die Eingabe.",
    );
    const shape = await put(cookie, { ...VALID, iban: "1234" });
    expect(shape.status).toBe(400);
    expect(shape.body.error.fields.iban).toMatch(/^Ungültige IBAN: Ländercode/);
    expect(
      await t.db.selectFrom("billingData").select("userId").where("userId", "=", userId).execute(),
    ).toHaveLength(0);
  });

  it("requires company or full name, phone, address and IBAN with the German messages", async () => {
    const { cookie, userId } = await t.signUp();
    const { status, body } = await put(cookie, { bic: "XX", postalCode: "1234", city: "B" });
    expect(status).toBe(400);
    expect(body.error.fields).toMatchObject({
      phone: "Telefon ist erforderlich",
      street: "Straße ist erforderlich",
      houseNumber: "Hausnummer ist erforderlich",
      postalCode: "Postleitzahl muss 5 Ziffern haben (z.B. 12345)",
      city: "Ort muss mindestens 2 Zeichen lang sein",
      iban: "IBAN ist erforderlich",
      bic: "Ungültige BIC: 8 oder 11 Zeichen (z.B. COBADEFFXXX)",
    });
    const noName = await put(cookie, { ...VALID, companyName: "" });
    expect(noName.status).toBe(400);
    expect(noName.body.error.fields.companyName).toBe(
      "Firma oder Vor- und Nachname ist erforderlich",
    );
    const halfName = await put(cookie, { ...VALID, companyName: "", firstName: "Erika" });
    expect(halfName.body.error.fields.lastName).toBe("Bitte geben Sie auch den Nachnamen an");
    expect(
      await t.db.selectFrom("billingData").select("userId").where("userId", "=", userId).execute(),
    ).toHaveLength(0);
  });

  it("keeps every account's billing data to itself", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await put(a.cookie, VALID);
    const other = await readJson(await t.request("GET", "/api/billing-data", { cookie: b.cookie }));
    expect(other).toEqual({ billingData: null, complete: false });
    await put(b.cookie, { ...VALID, companyName: "Andere GmbH" });
    const mine = await readJson(await t.request("GET", "/api/billing-data", { cookie: a.cookie }));
    expect(mine.billingData.companyName).toBe("Hausverwaltung Sonnenschein GmbH");
  });

  it("needs a session", async () => {
    expect((await t.request("GET", "/api/billing-data")).status).toBe(401);
    expect((await t.request("PUT", "/api/billing-data", { body: VALID })).status).toBe(401);
  });

  it("refuses letters and finalizing without billing data with the docs/rules/statements.md#pdfs-and-sending message", async () => {
    const { cookie, userId } = await t.signUp();
    await expect(requireCompleteBillingData(t.db, userId)).rejects.toMatchObject({
      code: "BILLING_DATA_MISSING",
      message: "Bitte hinterlegen Sie zuerst Ihre Abrechnungsdaten in den Einstellungen.",
    });
    await put(cookie, VALID);
    await expect(requireCompleteBillingData(t.db, userId)).resolves.toMatchObject({
      iban: "DE89370400440532013000",
    });
  });
});
