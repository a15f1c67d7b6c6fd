import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTodayInGermany } from "@nk/contract";
import { insertProperty } from "../support/fixtures.ts";
import {
  createMeteringAccount,
  listActivityKeys,
  UNKNOWN_ID,
} from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

const BLOCKED = "Bitte überprüfen Sie die Eingaben. Es gibt Warnungen bei der Preisvalidierung.";

describe.each(TEST_DRIVERS)("/api/rates (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  const electricity = {
    utilityType: "electricity",
    rateName: "Stadtwerke Basis",
    unitPrice: "0.35",
    basePrice: "12.50",
    providerName: "Stadtwerke",
  };

  it("answers the regional averages of section 9, falling back to Germany", async () => {
    const { cookie } = await t.signUp();
    const get = async (query: string) =>
      readJson(await t.request("GET", `/api/rates/regional-defaults?${query}`, { cookie }));
    expect(await get("utilityType=electricity&region=Hamburg")).toEqual({
      utilityType: "electricity",
      region: "Hamburg",
      requestedRegion: "Hamburg",
      isFallback: false,
      unitPrice: "0.33",
      basePrice: "11.80",
      unit: "kWh",
      rateName: "Hamburg Durchschnitt",
    });
    expect(await get("utilityType=electricity&region=Berlin")).toMatchObject({
      unitPrice: "0.34",
      basePrice: "12.20",
    });
    expect(await get("utilityType=electricity")).toMatchObject({
      region: "Deutschland",
      unitPrice: "0.35",
      basePrice: "12.50",
      rateName: "Deutschland Durchschnitt",
    });
    expect(await get("utilityType=gas&region=Bayern")).toMatchObject({
      region: "Deutschland",
      requestedRegion: "Bayern",
      isFallback: true,
      unitPrice: "0.12",
      basePrice: "8.50",
    });
    expect(await get("utilityType=gas&region=Hamburg")).toMatchObject({
      unitPrice: "0.11",
      basePrice: "8.20",
    });
    expect(await get("utilityType=district_heating&region=Berlin")).toMatchObject({
      region: "Deutschland",
      unitPrice: "0.09",
      basePrice: "15.00",
    });
    expect(await get("utilityType=coldwater&region=Hamburg")).toMatchObject({
      unitPrice: "2.65",
      basePrice: null,
      unit: "m³",
    });
    expect(await get("utilityType=coldwater")).toMatchObject({ unitPrice: "2.85" });
    expect(await get("utilityType=warmwater&region=Hamburg")).toMatchObject({
      region: "Deutschland",
      unitPrice: "4.20",
      unit: "m³",
    });
    // Heating has no figures of its own: priced like gas (decision 0300).
    expect(await get("utilityType=heating&region=Hamburg")).toMatchObject({
      unitPrice: "0.11",
      basePrice: "8.20",
      unit: "kWh",
    });
    const bad = await t.request("GET", "/api/rates/regional-defaults?utilityType=oil", { cookie });
    expect(bad.status).toBe(400);
    expect((await t.request("GET", "/api/rates/regional-defaults?utilityType=gas")).status).toBe(
      401,
    );
  });

  it("creates a rate with the defaults of section 9 and logs it", async () => {
    const a = await createMeteringAccount(t);
    const response = await t.request("POST", "/api/rates", { cookie: a.cookie, body: electricity });
    expect(response.status).toBe(201);
    const rate = await readJson(response);
    expect(rate).toMatchObject({
      utilityType: "electricity",
      rateName: "Stadtwerke Basis",
      unitPrice: "0.350000",
      unit: "kWh",
      basePrice: "12.50",
      tariffType: "standard",
      isGlobal: true,
      propertyId: null,
      priority: 100,
      validFrom: getTodayInGermany(),
      validUntil: null,
      isActive: true,
      providerName: "Stadtwerke",
      region: "Deutschland",
      tiers: [],
    });
    const water = await readJson(
      await t.request("POST", "/api/rates", {
        cookie: a.cookie,
        body: { utilityType: "coldwater", rateName: "Wasser", unitPrice: "2.9", basePrice: "" },
      }),
    );
    expect(water).toMatchObject({ unit: "m³", basePrice: null, unitPrice: "2.900000" });
    const activity = await t.db
      .selectFrom("userActivities")
      .selectAll()
      .where("entityId", "=", rate.id)
      .executeTakeFirstOrThrow();
    expect(activity).toMatchObject({
      entityType: "rate",
      action: "created",
      entityName: "Stadtwerke Basis",
    });
  });

  it("asks to confirm prices below 50 % or above 200 % of the regional average, on the rate's region", async () => {
    const a = await createMeteringAccount(t);
    const post = (body: Record<string, unknown>) =>
      t.request("POST", "/api/rates", { cookie: a.cookie, body: { ...electricity, ...body } });
    const low = await post({ unitPrice: "0.1749" });
    expect(low.status).toBe(409);
    const lowWarning =
      "Bitte prüfen Sie die Eingabe: Der Preis liegt unter 50 % des regionalen Durchschnitts (0,35 €/kWh).";
    expect((await readJson(low)).error).toMatchObject({
      code: "RATE_PRICE_WARNING",
      message: `${BLOCKED} ${lowWarning}`,
      requiresConfirmation: true,
      fields: { unitPrice: lowWarning },
    });
    const high = await post({ unitPrice: "0.700001" });
    expect(high.status).toBe(409);
    expect((await readJson(high)).error.fields.unitPrice).toBe(
      "Bitte prüfen Sie die Eingabe: Der Preis liegt über 200 % des regionalen Durchschnitts (0,35 €/kWh).",
    );
    // Exactly 50 % and 200 % are inside; a base price far off only warns.
    expect((await post({ unitPrice: "0.175" })).status).toBe(201);
    expect((await post({ unitPrice: "0.70", basePrice: "40" })).status).toBe(201);
    // Hamburg gas average 0.11: 0.0549 is below half of it; 0.056 is not.
    expect(
      (await post({ utilityType: "gas", region: "Hamburg", unitPrice: "0.0549" })).status,
    ).toBe(409);
    expect((await post({ utilityType: "gas", region: "Hamburg", unitPrice: "0.056" })).status).toBe(
      201,
    );
    expect((await post({ utilityType: "gas", unitPrice: "0.056" })).status).toBe(409);
    expect((await post({ utilityType: "coldwater", unitPrice: "0" })).status).toBe(409);
    const rows = await t.db
      .selectFrom("utilityRates")
      .select(["unitPrice", "region"])
      .where("userId", "=", a.userId)
      .orderBy("unitPrice")
      .execute();
    expect(rows).toEqual([
      { unitPrice: "0.056000", region: "Hamburg" },
      { unitPrice: "0.175000", region: "Deutschland" },
      { unitPrice: "0.700000", region: "Deutschland" },
    ]);
  });

  it("validates the rate form's fields", async () => {
    const a = await createMeteringAccount(t);
    const post = (body: Record<string, unknown>) =>
      t.request("POST", "/api/rates", { cookie: a.cookie, body: { ...electricity, ...body } });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rateName: " " }, "rateName", "Tarifname ist erforderlich"],
      [{ unitPrice: "" }, "unitPrice", "Preis pro Einheit ist erforderlich"],
      [
        { unitPrice: "0.3500001" },
        "unitPrice",
        "Der Preis pro Einheit darf höchstens 6 Nachkommastellen haben.",
      ],
      [{ unitPrice: "-0.3" }, "unitPrice", "Der Preis pro Einheit darf nicht negativ sein."],
      [
        { basePrice: "12.505" },
        "basePrice",
        "Der Grundpreis darf höchstens 2 Nachkommastellen haben.",
      ],
      [{ basePrice: "-1" }, "basePrice", "Der Grundpreis darf nicht negativ sein."],
      [{ priority: 0 }, "priority", "Die Priorität muss eine ganze Zahl von 1 bis 999 sein."],
      [{ priority: 1000 }, "priority", "Die Priorität muss eine ganze Zahl von 1 bis 999 sein."],
      [{ priority: 1.5 }, "priority", "Die Priorität muss eine ganze Zahl von 1 bis 999 sein."],
      [
        { isGlobal: false },
        "propertyId",
        "Bitte wählen Sie eine Immobilie aus (nicht globaler Tarif).",
      ],
      [
        { validFrom: "2024-05-01", validUntil: "2024-04-30" },
        "validUntil",
        "„Gültig bis“ darf nicht vor „Gültig ab“ liegen.",
      ],
      [{ validFrom: "2024-02-30" }, "validFrom", "Bitte geben Sie ein gültiges Datum ein."],
      [{ utilityType: "oil" }, "utilityType", "Bitte wählen Sie eine gültige Versorgungsart aus."],
      [{ region: "Atlantis" }, "region", "Bitte wählen Sie eine gültige Region aus."],
      [{ tariffType: "dynamic" }, "tariffType", "Ungültiger Tariftyp."],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await readJson(response)).error.fields[field], JSON.stringify(body)).toBe(message);
    }
    expect(
      await t.db.selectFrom("utilityRates").select("id").where("userId", "=", a.userId).execute(),
    ).toHaveLength(0);

    // Choosing global clears the property; a property-specific rate keeps it.
    const global = await readJson(await post({ isGlobal: true, propertyId: a.propertyId }));
    expect(global).toMatchObject({ isGlobal: true, propertyId: null });
    const own = await readJson(
      await post({
        isGlobal: false,
        propertyId: a.propertyId,
        priority: "5",
        validFrom: "2024-01-01",
        validUntil: "2024-12-31",
      }),
    );
    expect(own).toMatchObject({
      isGlobal: false,
      propertyId: a.propertyId,
      propertyName: "Lindenstraße 5",
      priority: 5,
      validFrom: "2024-01-01",
      validUntil: "2024-12-31",
    });
  });

  it("stores HT/NT and tier tariffs with their tiers and checks the tiers", async () => {
    const a = await createMeteringAccount(t);
    const post = (body: Record<string, unknown>) =>
      t.request("POST", "/api/rates", { cookie: a.cookie, body: { ...electricity, ...body } });
    const htnt = await post({
      tariffType: "time_based",
      tiers: [
        { tierName: "HT", tierType: "time_based", unitPrice: "0.38" },
        { tierName: "NT", tierType: "time_based", unitPrice: "0.28" },
      ],
    });
    expect(htnt.status).toBe(201);
    expect((await readJson(htnt)).tiers).toEqual([
      { tierName: "HT", tierType: "time_based", from: null, to: null, unitPrice: "0.380000" },
      { tierName: "NT", tierType: "time_based", from: null, to: null, unitPrice: "0.280000" },
    ]);
    const tiered = await post({
      tariffType: "tier_based",
      tiers: [
        { tierName: "Stufe 2", tierType: "usage_tier", from: "1000", to: null, unitPrice: "0.30" },
        { tierName: "Stufe 1", tierType: "usage_tier", from: "0", to: "1000", unitPrice: "0.36" },
      ],
    });
    expect(tiered.status).toBe(201);
    expect(
      (await readJson(tiered)).tiers.map(
        (tier: { tierName: string; from: string; to: string | null }) => [
          tier.tierName,
          tier.from,
          tier.to,
        ],
      ),
    ).toEqual([
      ["Stufe 2", "1000.000", null],
      ["Stufe 1", "0.000", "1000.000"],
    ]);
    const standard = await post({
      tariffType: "standard",
      tiers: [{ tierName: "HT", tierType: "time_based", unitPrice: "0.38" }],
    });
    expect((await readJson(standard)).tiers).toEqual([]);

    const oneTime = await post({
      tariffType: "time_based",
      tiers: [{ tierName: "HT", tierType: "time_based", unitPrice: "0.38" }],
    });
    expect((await readJson(oneTime)).error.fields.tiers).toBe(
      "Ein HT/NT-Tarif braucht genau zwei Zeitstufen: HT und NT.",
    );
    const noTiers = await post({ tariffType: "tier_based", tiers: [] });
    expect((await readJson(noTiers)).error.fields.tiers).toBe(
      "Ein Staffeltarif braucht mindestens eine Verbrauchsstufe.",
    );
    const overlap = await post({
      tariffType: "tier_based",
      tiers: [
        { tierName: "A", tierType: "usage_tier", from: "0", to: "1500", unitPrice: "0.36" },
        { tierName: "B", tierType: "usage_tier", from: "1000", to: null, unitPrice: "0.30" },
      ],
    });
    expect((await readJson(overlap)).error.fields["tiers.1.from"]).toBe(
      "Die Stufen dürfen sich nicht überschneiden.",
    );
    const inverted = await post({
      tariffType: "tier_based",
      tiers: [{ tierName: "A", tierType: "usage_tier", from: "100", to: "50", unitPrice: "0.36" }],
    });
    expect((await readJson(inverted)).error.fields["tiers.0.to"]).toBe(
      "Das Ende der Stufe muss größer als ihr Beginn sein.",
    );
    const badTier = await post({
      tariffType: "tier_based",
      tiers: [{ tierName: "", tierType: "usage_tier", from: "x", unitPrice: "0.36" }],
    });
    expect((await readJson(badTier)).error.fields).toMatchObject({
      "tiers.0.tierName": "Bitte geben Sie einen Namen für die Stufe ein.",
      "tiers.0.from": "Die Grenze der Stufe muss eine Zahl sein.",
    });
    expect(
      await t.db
        .selectFrom("utilityRateTiers")
        .select("id")
        .execute()
        .then((rows) => rows.length),
    ).toBeGreaterThanOrEqual(4);
  });

  it("lists active rates by type and priority, filters by type and property (with the global ones)", async () => {
    const a = await createMeteringAccount(t);
    const other = await insertProperty(t.db, a.userId, { name: "Nebenhaus" });
    const post = async (body: Record<string, unknown>) =>
      (
        await readJson(
          await t.request("POST", "/api/rates", {
            cookie: a.cookie,
            body: { ...electricity, ...body },
          }),
        )
      ).id;
    await post({ rateName: "Gas global", utilityType: "gas", unitPrice: "0.12" });
    await post({ rateName: "Strom 200", priority: 200 });
    await post({
      rateName: "Strom 10 eigen",
      priority: 10,
      isGlobal: false,
      propertyId: a.propertyId,
    });
    await post({
      rateName: "Strom Nebenhaus",
      priority: 20,
      isGlobal: false,
      propertyId: other.id,
    });
    const deleted = await post({ rateName: "Strom gelöscht", priority: 1 });
    await t.request("DELETE", `/api/rates/${deleted}`, { cookie: a.cookie });

    const names = async (query = "") =>
      (await readJson(await t.request("GET", `/api/rates${query}`, { cookie: a.cookie }))).map(
        (r: { rateName: string }) => r.rateName,
      );
    expect(await names()).toEqual(["Strom 10 eigen", "Strom Nebenhaus", "Strom 200", "Gas global"]);
    expect(await names("?utilityType=gas")).toEqual(["Gas global"]);
    expect(await names(`?propertyId=${a.propertyId}`)).toEqual([
      "Strom 10 eigen",
      "Strom 200",
      "Gas global",
    ]);
    expect(await names(`?utilityType=electricity&propertyId=${other.id}`)).toEqual([
      "Strom Nebenhaus",
      "Strom 200",
    ]);
  });

  it("edits a rate (replacing its tiers, with the price check) and soft-deletes it", async () => {
    const a = await createMeteringAccount(t);
    const created = await readJson(
      await t.request("POST", "/api/rates", {
        cookie: a.cookie,
        body: {
          ...electricity,
          tariffType: "time_based",
          tiers: [
            { tierName: "HT", tierType: "time_based", unitPrice: "0.38" },
            { tierName: "NT", tierType: "time_based", unitPrice: "0.28" },
          ],
        },
      }),
    );
    const patch = (body: Record<string, unknown>) =>
      t.request("PATCH", `/api/rates/${created.id}`, {
        cookie: a.cookie,
        body: { ...electricity, ...body },
      });
    const edited = await patch({
      rateName: "Neu",
      unitPrice: "0.3312",
      tariffType: "standard",
      validFrom: "2025-01-01",
    });
    expect(edited.status).toBe(200);
    expect(await readJson(edited)).toMatchObject({
      rateName: "Neu",
      unitPrice: "0.331200",
      tariffType: "standard",
      tiers: [],
      validFrom: "2025-01-01",
    });
    expect(
      await t.db
        .selectFrom("utilityRateTiers")
        .select("id")
        .where("rateId", "=", created.id)
        .execute(),
    ).toHaveLength(0);
    const blocked = await patch({ unitPrice: "1.00" });
    expect(blocked.status).toBe(409);
    expect((await readJson(blocked)).error).toMatchObject({
      code: "RATE_PRICE_WARNING",
      requiresConfirmation: true,
    });
    expect(
      (
        await t.db
          .selectFrom("utilityRates")
          .select("unitPrice")
          .where("id", "=", created.id)
          .executeTakeFirstOrThrow()
      ).unitPrice,
    ).toBe("0.331200");

    const removed = await t.request("DELETE", `/api/rates/${created.id}`, { cookie: a.cookie });
    expect(removed.status).toBe(204);
    const row = await t.db
      .selectFrom("utilityRates")
      .select(["isActive"])
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row.isActive).toBe(false);
    const gone = await t.request("GET", `/api/rates/${created.id}`, { cookie: a.cookie });
    expect(gone.status).toBe(404);
    expect((await readJson(gone)).error.message).toBe("Tarif nicht gefunden");
    expect((await patch({})).status).toBe(404);
    expect(
      (await t.request("DELETE", `/api/rates/${created.id}`, { cookie: a.cookie })).status,
    ).toBe(404);
    expect(await listActivityKeys(t, a.userId)).toEqual(
      expect.arrayContaining(["rate.created", "rate.updated", "rate.deleted"]),
    );
  });

  it("answers 404 for another account's rates and properties", async () => {
    const owner = await createMeteringAccount(t);
    const intruder = await createMeteringAccount(t);
    const rate = await readJson(
      await t.request("POST", "/api/rates", { cookie: owner.cookie, body: electricity }),
    );
    expect(
      (await t.request("GET", `/api/rates/${rate.id}`, { cookie: intruder.cookie })).status,
    ).toBe(404);
    expect(
      (
        await t.request("PATCH", `/api/rates/${rate.id}`, {
          cookie: intruder.cookie,
          body: electricity,
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.request("DELETE", `/api/rates/${rate.id}`, { cookie: intruder.cookie })).status,
    ).toBe(404);
    const foreignProperty = await t.request("POST", "/api/rates", {
      cookie: intruder.cookie,
      body: { ...electricity, isGlobal: false, propertyId: owner.propertyId },
    });
    expect(foreignProperty.status).toBe(404);
    expect((await readJson(foreignProperty)).error.message).toBe("Immobilie nicht gefunden");
    expect(
      (
        await t.request("GET", `/api/rates?propertyId=${owner.propertyId}`, {
          cookie: intruder.cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.request("GET", `/api/rates/${UNKNOWN_ID}`, { cookie: intruder.cookie })).status,
    ).toBe(404);
    expect(
      await readJson(await t.request("GET", "/api/rates", { cookie: intruder.cookie })),
    ).toEqual([]);
    expect(
      (
        await t.db
          .selectFrom("utilityRates")
          .select("isActive")
          .where("id", "=", rate.id)
          .executeTakeFirstOrThrow()
      ).isActive,
    ).toBe(true);
  });
});
