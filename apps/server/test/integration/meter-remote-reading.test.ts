import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getTodayInGermany } from "@nk/contract";
import {
  insertProperty,
  insertTenant,
  insertUnit,
  TEST_BILLING_DATA,
} from "../support/fixtures.ts";
import { createBillingPeriodViaApi } from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { readPdfText } from "../support/pdf-text.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 30, item 1 (decision 1630, docs/rules/heating.md#remote-reading): a meter records its
// remote reading and installation day; the deadline overview lists the § 5 HeizkV retrofits;
// the statement takes the § 12 (1) HeizkV 3 % cut up front and the letter prints it.

describe.each(TEST_DRIVERS)("meter remote reading (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

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
    const property = await insertProperty(t.db, account.userId, { name: "Lindenallee 3" });
    const eg = await insertUnit(t.db, account.userId, property.id, { name: "EG", area: "60.00" });
    const og = await insertUnit(t.db, account.userId, property.id, { name: "OG", area: "40.00" });
    const krueger = await insertTenant(t.db, account.userId, eg.id, {
      name: "Jürgen Krüger",
      moveInDate: "2015-01-01",
    });
    const weiss = await insertTenant(t.db, account.userId, og.id, {
      name: "Maria Weiß",
      moveInDate: "2015-01-01",
    });
    return {
      ...account,
      propertyId: property.id,
      egId: eg.id,
      ogId: og.id,
      kruegerId: krueger.id,
      weissId: weiss.id,
    };
  }

  async function countMeters(userId: string): Promise<number> {
    return (await t.db.selectFrom("meters").select("id").where("userId", "=", userId).execute())
      .length;
  }

  it("stores remote reading and the installation day, says what § 5 HeizkV asks, and refuses bad days in German", async () => {
    const account = await setUp();
    const created = await t.request("POST", "/api/meters", {
      cookie: account.cookie,
      body: {
        meterNumber: "HKV-1",
        meterType: "Heizkostenverteiler",
        unitId: account.egId,
        isRemoteReadable: false,
        installedOn: "2023-03-01",
      },
    });
    expect(created.status).toBe(201);
    const meter = await readJson(created);
    expect(meter.isRemoteReadable).toBe(false);
    expect(meter.installedOn).toBe("2023-03-01");
    // Installed since 01.12.2021: required from the installation day.
    expect(meter.remoteReading).toEqual({
      status: "missing",
      requiredFrom: "2023-03-01",
      deadline: "2023-03-01",
    });

    const old = await readJson(
      await t.request("POST", "/api/meters", {
        cookie: account.cookie,
        body: {
          meterNumber: "WMZ-7",
          meterType: "Wärmemengenzähler",
          unitId: account.ogId,
          installedOn: "2018-06-01",
        },
      }),
    );
    expect(old.isRemoteReadable).toBe(false);
    expect(old.remoteReading.deadline).toBe("2026-12-31");
    expect(old.remoteReading.status).toBe(
      getTodayInGermany() <= "2026-12-31" ? "retrofit_due" : "missing",
    );
    const water = await readJson(
      await t.request("POST", "/api/meters", {
        cookie: account.cookie,
        body: { meterNumber: "KW-1", meterType: "Kaltwasser", unitId: account.egId },
      }),
    );
    expect(water.remoteReading.status).toBe("not_covered");
    expect(water.installedOn).toBeNull();

    const before = await countMeters(account.userId);
    const badDay = await t.request("POST", "/api/meters", {
      cookie: account.cookie,
      body: {
        meterNumber: "X",
        meterType: "Heizkostenverteiler",
        unitId: account.egId,
        installedOn: "2023-02-30",
      },
    });
    expect(badDay.status).toBe(400);
    expect((await readJson(badDay)).error.fields.installedOn).toBe(
      "Bitte ein gültiges Einbaudatum im Format TT.MM.JJJJ angeben.",
    );
    const future = await t.request("POST", "/api/meters", {
      cookie: account.cookie,
      body: {
        meterNumber: "X",
        meterType: "Heizkostenverteiler",
        unitId: account.egId,
        installedOn: "2099-01-01",
      },
    });
    expect(future.status).toBe(400);
    expect((await readJson(future)).error.fields.installedOn).toBe(
      "Das Einbaudatum darf nicht in der Zukunft liegen.",
    );
    const notBoolean = await t.request("PATCH", `/api/meters/${meter.id}`, {
      cookie: account.cookie,
      body: { isRemoteReadable: "ja" },
    });
    expect(notBoolean.status).toBe(400);
    expect((await readJson(notBoolean)).error.fields.isRemoteReadable).toBe(
      "Bitte geben Sie an, ob der Zähler fernablesbar ist.",
    );
    expect(await countMeters(account.userId)).toBe(before);

    // The deadline overview lists both heating meters, the one that lacks it first.
    const overview = await readJson(
      await t.request("GET", "/api/deadlines", { cookie: account.cookie }),
    );
    expect(
      overview.meterRetrofits.map((r: { deadline: string; meters: Array<{ label: string }> }) => [
        r.deadline,
        r.meters.map((m) => m.label),
      ]),
    ).toEqual([
      ["2023-03-01", ["HKV-1"]],
      ["2026-12-31", ["WMZ-7"]],
    ]);
    expect(overview.meterRetrofits[0].propertyName).toBe("Lindenallee 3");

    // Another account neither sees nor changes them.
    const stranger = await t.signUp();
    expect(
      (await readJson(await t.request("GET", "/api/deadlines", { cookie: stranger.cookie })))
        .meterRetrofits,
    ).toEqual([]);
    expect(
      (
        await t.request("PATCH", `/api/meters/${meter.id}`, {
          cookie: stranger.cookie,
          body: { isRemoteReadable: true },
        })
      ).status,
    ).toBe(404);

    // Marked remote-readable: the duty is met, the overview drops it; the day stays.
    const marked = await t.request("PATCH", `/api/meters/${meter.id}`, {
      cookie: account.cookie,
      body: { isRemoteReadable: true },
    });
    expect(marked.status).toBe(200);
    const markedMeter = await readJson(marked);
    expect(markedMeter.remoteReading.status).toBe("remote_readable");
    expect(markedMeter.installedOn).toBe("2023-03-01");
    const after = await readJson(
      await t.request("GET", "/api/deadlines", { cookie: account.cookie }),
    );
    expect(
      after.meterRetrofits.map((r: { meters: Array<{ label: string }> }) => r.meters[0]!.label),
    ).toEqual(["WMZ-7"]);
    const cleared = await readJson(
      await t.request("PATCH", `/api/meters/${old.id}`, {
        cookie: account.cookie,
        body: { installedOn: null },
      }),
    );
    expect(cleared.installedOn).toBeNull();
  });

  it("the statement cuts the heating shares by 3 % up front and the letter prints the cut; 15 % and 3 % together are refused", async () => {
    const account = await setUp();
    const billingPeriodId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      account.propertyId,
      "2025-01-01",
      "2025-12-31",
    );
    const both = await t.request("POST", "/api/statements", {
      cookie: account.cookie,
      body: {
        billingPeriodId,
        finalize: false,
        costItems: [
          {
            costType: "Heizung",
            amount: "1000.00",
            key: "area",
            heizkvReduction: true,
            heizkvRemoteReadingCut: true,
          },
        ],
      },
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(await readJson(both))).toContain(
      "Bitte für Heizung nur eine Kürzung nach § 12 Abs. 1 HeizkV wählen: 15 % oder 3 %.",
    );

    // A heat cost allocator installed in 2023 without remote reading: without the cut the
    // statement tells the tenant of the 3 % right.
    expect(
      (
        await t.request("POST", "/api/meters", {
          cookie: account.cookie,
          body: {
            meterNumber: "HKV-9",
            meterType: "Heizkostenverteiler",
            unitId: account.egId,
            installedOn: "2023-03-01",
          },
        })
      ).status,
    ).toBe(201);
    const preview = await t.request("POST", "/api/statements/preview", {
      cookie: account.cookie,
      body: {
        billingPeriodId,
        costItems: [{ costType: "Heizung", amount: "1000.00", key: "area" }],
      },
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    expect((await readJson(preview)).result.notes).toContain(
      "Die Geräte zur Verbrauchserfassung waren im Abrechnungszeitraum nicht wie vorgeschrieben fernablesbar (§ 5 HeizkV). Sie dürfen Ihren Anteil an Heizung deshalb um 3 % kürzen (§ 12 Abs. 1 HeizkV).",
    );

    const saved = await t.request("POST", "/api/statements", {
      cookie: account.cookie,
      body: {
        billingPeriodId,
        finalize: true,
        prepaymentRounding: "five_euros",
        costItems: [
          { costType: "Heizung", amount: "1000.00", key: "area", heizkvRemoteReadingCut: true },
        ],
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const run = await readJson(saved);
    const stored = await t.db
      .selectFrom("billingPeriodCostItems")
      .select(["heizkvRemoteReadingCut", "heizkvReduction"])
      .where("billingPeriodId", "=", billingPeriodId)
      .execute();
    expect(stored).toEqual([{ heizkvRemoteReadingCut: true, heizkvReduction: false }]);
    const result = (
      await readJson(
        await t.request("GET", `/api/statements/${run.id}`, { cookie: account.cookie }),
      )
    ).result;
    // EG 60 % of 1.000,00 = 600,00, less 3 % = 18,00 → 582,00; OG 400,00 − 12,00 = 388,00.
    const egLine = result.tenancies.find(
      (x: { tenancyId: string }) => x.tenancyId === account.kruegerId,
    ).allocations[0];
    expect([
      egLine.amountBeforeReduction,
      egLine.heizkvReduction,
      egLine.amount,
      egLine.heizkvReductionPercent,
    ]).toEqual(["600.00", "18.00", "582.00", 3]);
    expect(result.items[0].landlord).toBe("30.00");

    const statement = run.statements.find(
      (s: { tenantId: string }) => s.tenantId === account.kruegerId,
    );
    const letter = await t.request("GET", `/api/tenant-statements/${statement.id}/pdf`, {
      cookie: account.cookie,
    });
    expect(letter.status).toBe(200);
    const text = readPdfText(new Uint8Array(await letter.arrayBuffer()));
    expect(text).toContain("nach Kürzung um 3 % (§ 12 HeizkV)");
    expect(text).toContain("Kürzung um 3 % (§ 12 Abs. 1 HeizkV)");
    expect(text).toContain(
      "Ihr Anteil an Heizung ist deshalb bereits um 3 % gekürzt (§ 12 Abs. 1 HeizkV)",
    );
    // The rounding chosen in the wizard: 582,00 / 12 = 48,50 → 50 €.
    expect(text).toContain("beträgt sie 50,00 €");
  });
});
