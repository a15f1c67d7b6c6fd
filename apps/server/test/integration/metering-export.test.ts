import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArgeRecordWriter } from "../../src/features/imports/arge-record-writer.ts";
import { field, parseARecord } from "../../src/features/imports/arge-records.ts";
import {
  insertProperty,
  insertTenant,
  insertUnit,
  TEST_BILLING_DATA as BILLING_DATA,
} from "../support/fixtures.ts";
import { createBillingPeriodViaApi, UNKNOWN_ID } from "../support/metering-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 28, item 2 (decision 1600): the files for the metering company. A house of six flats
// with a change of tenant and two months of vacancy between, a flat let only from 15 April, a
// rise of the prepayment, LPG with stocks (opening, two deliveries, closing valued first in,
// first out), a § 35a item and a tenant whose name is outside Latin-9. Every record is
// compared whole (byte positions, blanks, zero padding), the bytes as ISO-8859-15 with CR LF;
// then the firm's answer built from our M records imports onto the right tenancies and
// vacancies, and the next export (flats now remembered) is the same file.

const CUSTOMER = "4711";
const PROPERTY = "81500230";

/** A record of `length` blanks with the texts at their 1-based positions. */
function buildRecord(length: number, parts: readonly (readonly [number, string])[]): string {
  const chars = Array.from({ length }, () => " ");
  for (const [position, text] of parts)
    [...text].forEach((char, offset) => (chars[position - 1 + offset] = char));
  return chars.join("");
}

const HEAD = (type: string) => [[1, `${type}03.05${CUSTOMER.padStart(10, "0")}`] as const];

function userRecord(
  flat: string,
  key: string,
  name: string,
  period: string,
  prepayments: string,
  area: string,
  persons: string,
  isVacant: boolean,
): string {
  return buildRecord(2048, [
    ...HEAD("M"),
    [19, `081500230${flat}`],
    [32, key],
    [52, "1"],
    [53, name],
    [193, "Musterstraße 1"],
    [228, "DEU33602"],
    [241, "Bielefeld"],
    [499, period],
    [511, "00"],
    [523, prepayments],
    [603, `010${area}035${persons}`],
    [1167, isVacant ? "10" : "00"],
    [2048, "M"],
  ]);
}

function costRecord(
  code: string,
  text: string,
  origin: string,
  date: string,
  quantity: string,
  amount: string,
  taxClass = "00",
  labor = "",
): string {
  return buildRecord(1024, [
    ...HEAD("K"),
    [19, "0815002300000"],
    [32, code],
    [35, text],
    [60, `${origin}${date}${quantity || " ".repeat(11)}${amount}`],
    [98, `${taxClass}${labor || " ".repeat(10)}1`],
    [1024, "K"],
  ]);
}

describe.each(TEST_DRIVERS)("export for the metering company (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function setUp(plan = "enterprise") {
    const account = await t.signUp();
    await t.db
      .updateTable("subscriptions")
      .set({ plan, status: "active" })
      .where("userId", "=", account.userId)
      .execute();
    expect(
      (await t.request("PUT", "/api/billing-data", { cookie: account.cookie, body: BILLING_DATA }))
        .status,
    ).toBe(200);
    const property = await insertProperty(t.db, account.userId, { name: "Musterstraße 1" });
    // Created out of order: the flats are numbered by the units' names.
    const u3 = await insertUnit(t.db, account.userId, property.id, {
      name: "3 OG links",
      area: "75.25",
      persons: 4,
    });
    const u1 = await insertUnit(t.db, account.userId, property.id, {
      name: "1 EG links",
      area: "62.50",
      persons: 2,
    });
    const u2 = await insertUnit(t.db, account.userId, property.id, {
      name: "2 EG rechts",
      area: "48.00",
      persons: 2,
    });
    const u4 = await insertUnit(t.db, account.userId, property.id, {
      name: "4 OG rechts",
      area: "75.25",
      persons: 1,
    });
    const u5 = await insertUnit(t.db, account.userId, property.id, {
      name: "5 DG links",
      area: "55.00",
      persons: 2,
    });
    const u6 = await insertUnit(t.db, account.userId, property.id, {
      name: "6 DG rechts",
      area: "55.00",
      persons: 1,
    });
    const tenant = async (
      unitId: string,
      name: string,
      moveInDate: string,
      moveOutDate: string | null,
      prepayments: [string, string, string | null][],
    ) => {
      const row = await insertTenant(t.db, account.userId, unitId, {
        name,
        moveInDate,
        moveOutDate,
        isActive: moveOutDate === null,
      });
      for (const [monthlyAmount, validFrom, validUntil] of prepayments) {
        await t.db
          .insertInto("tenantPrepayments")
          .values({ tenantId: row.id, monthlyAmount, validFrom, validUntil, updatedAt: new Date() })
          .execute();
      }
      return row.id;
    };
    const mueller = await tenant(u1.id, "Jörg Müller", "2019-05-01", null, [
      ["180.00", "2019-05-01", null],
    ]);
    await t.db
      .insertInto("tenantAttributes")
      .values({
        tenantId: mueller,
        persons: 2,
        validFrom: "2019-05-01",
        validUntil: "2024-02-29",
        updatedAt: new Date(),
      })
      .execute();
    await t.db
      .insertInto("tenantAttributes")
      .values({
        tenantId: mueller,
        persons: 3,
        validFrom: "2024-03-01",
        validUntil: null,
        updatedAt: new Date(),
      })
      .execute();
    const schroeder = await tenant(u2.id, "Anna Schröder", "2016-01-01", "2024-06-30", [
      ["150.00", "2016-01-01", null],
    ]);
    const nowak = await tenant(u2.id, "Łucja Nowak", "2024-09-01", null, [
      ["160.00", "2024-09-01", null],
    ]);
    const gross = await tenant(u3.id, "Familie Groß", "2020-01-01", null, [
      ["220.00", "2020-01-01", null],
    ]);
    const weiss = await tenant(u4.id, "Peter Weiß", "2021-03-01", null, [
      ["130.00", "2021-03-01", "2024-06-30"],
      ["140.00", "2024-07-01", null],
    ]);
    const kaya = await tenant(u5.id, "Emre Kaya", "2024-04-15", null, [
      ["170.00", "2024-04-15", null],
    ]);
    const schulz = await tenant(u6.id, "Sabine Schulz", "2015-01-01", null, [
      ["100.00", "2015-01-01", null],
    ]);
    const periodId = await createBillingPeriodViaApi(
      t,
      account.cookie,
      property.id,
      "2024-01-01",
      "2024-12-31",
    );
    const item = (
      costType: string,
      amount: string,
      key: string,
      extra: Record<string, unknown> = {},
    ) => ({ costType, amount, key, ...extra });
    const costs = await t.request("PUT", `/api/billing-periods/${periodId}/costs`, {
      cookie: account.cookie,
      body: {
        costItems: [
          item("Heizung", "3900.50", "mixed", {
            consumptionShare: 70,
            laborCosts: "300.00",
            taxCategory: "craftsmen",
          }),
          item("Kaltwasser", "620.00", "area"),
          item("Müllabfuhr", "480.00", "area"),
          item("Hauswart", "1200.00", "persons", {
            laborCosts: "800.00",
            taxCategory: "householdServices",
          }),
          item("Grundsteuer", "950.00", "area"),
        ],
        heatingCosts: {
          fuel: "lpg",
          quantityUnit: "kg",
          openingQuantity: "1000",
          openingAmount: "850.00",
          deliveries: [
            { date: "2024-03-10", quantity: "1500", amount: "1275.00" },
            { date: "2024-10-20", quantity: "2000", amount: "1800.00" },
          ],
          closingQuantity: "1200",
          maintenance: "420.00",
          emissionMeasurement: "85.50",
          meteringService: "390.00",
          operatingPower: "160.00",
        },
      },
    });
    expect(costs.status, await costs.clone().text()).toBe(200);
    return {
      ...account,
      periodId,
      units: [u1.id, u2.id, u3.id, u4.id, u5.id, u6.id],
      tenants: { mueller, schroeder, nowak, gross, weiss, kaya, schulz },
    };
  }

  async function download(cookie: string, periodId: string, query: string) {
    const response = await t.request(
      "GET",
      `/api/billing-periods/${periodId}/metering-export?${query}`,
      { cookie },
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    return { response, bytes, records: bytes.toString("latin1").split("\r\n").slice(0, -1) };
  }

  it("writes the L and M records of the property and its users: tenancies, vacancies, prepayments, persons, area", async () => {
    const house = await setUp();
    const { response, bytes, records } = await download(
      house.cookie,
      house.periodId,
      `part=users&customerNumber=${CUSTOMER}&propertyNumber=${PROPERTY}`,
    );
    expect(response.status, bytes.toString()).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=ISO-8859-15");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="DTM305_\d{14}\.DAT"$/,
    );
    // Ten records of 2048 bytes, each followed by CR LF, and nothing else.
    expect(records).toHaveLength(10);
    expect(bytes.length).toBe(10 * 2050);
    expect(bytes.subarray(2048, 2050).toString("latin1")).toBe("\r\n");
    expect(bytes.toString("latin1").split("\r\n").at(-1)).toBe("");
    // Umlauts and ß one byte each in ISO-8859-15 (ü = FC, ß = DF, ö = F6), never UTF-8.
    expect(bytes.includes(Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]))).toBe(true);
    expect(bytes.includes(Buffer.from("Musterstra\xdfe 1", "latin1"))).toBe(true);
    expect(bytes.includes(Buffer.from("Müller", "utf8"))).toBe(false);
    expect(bytes.indexOf(Buffer.from("J\xf6rg M\xfcller", "latin1"))).toBe(2050 + 52);

    expect(records[0]).toBe(
      buildRecord(2048, [
        ...HEAD("L"),
        [19, "0815002300000"],
        [32, "3Musterstraße 1"],
        [68, "DEU33602"],
        [81, "Bielefeld"],
        [116, "010124311224"],
        [143, "0"],
        [147, "1EUR"],
        [2048, "L"],
      ]),
    );
    expect(records.slice(1)).toEqual([
      userRecord(
        "0001",
        "WE0001",
        "Jörg Müller",
        "010124311224",
        "0000216000",
        "0000006250",
        "0000000300",
        false,
      ),
      userRecord(
        "0002",
        "WE0002",
        "Anna Schröder",
        "010124300624",
        "0000090000",
        "0000004800",
        "0000000200",
        false,
      ),
      userRecord(
        "0002",
        "WE0002",
        "Leerstand",
        "010724310824",
        "0000000000",
        "0000004800",
        "0000000000",
        true,
      ),
      // Ł is not in ISO-8859-15: written without its stroke.
      userRecord(
        "0002",
        "WE0002",
        "Lucja Nowak",
        "010924311224",
        "0000064000",
        "0000004800",
        "0000000200",
        false,
      ),
      userRecord(
        "0003",
        "WE0003",
        "Familie Groß",
        "010124311224",
        "0000264000",
        "0000007525",
        "0000000400",
        false,
      ),
      // 6 x 130.00 + 6 x 140.00.
      userRecord(
        "0004",
        "WE0004",
        "Peter Weiß",
        "010124311224",
        "0000162000",
        "0000007525",
        "0000000100",
        false,
      ),
      userRecord(
        "0005",
        "WE0005",
        "Leerstand",
        "010124140424",
        "0000000000",
        "0000005500",
        "0000000000",
        true,
      ),
      // April from the 15th: 170.00 x 16/30 = 90.67, then 8 x 170.00.
      userRecord(
        "0005",
        "WE0005",
        "Emre Kaya",
        "150424311224",
        "0000145067",
        "0000005500",
        "0000000200",
        false,
      ),
      userRecord(
        "0006",
        "WE0006",
        "Sabine Schulz",
        "010124311224",
        "0000120000",
        "0000005500",
        "0000000100",
        false,
      ),
    ]);
  });

  it("writes the B record of the LPG with its stocks and a K record per delivery, invoice of the heating system and cost item with its § 35a share", async () => {
    const house = await setUp();
    const { response, bytes, records } = await download(
      house.cookie,
      house.periodId,
      `part=costs&customerNumber=${CUSTOMER}&propertyNumber=${PROPERTY}`,
    );
    expect(response.status, bytes.toString()).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="DTK305_\d{14}\.DAT"$/,
    );
    expect(bytes.length).toBe(records.length * 1026);
    expect(records[0]).toBe(
      buildRecord(1024, [
        ...HEAD("B"),
        [19, "0815002300000EUR010124311224"],
        // Table B 152 Flüssiggas in kg, 13 kWh/kg (7,4); stock on 1 January 1000 kg worth 850.00 €.
        [47, "15200000130000010124000010000000000085000"],
        // 1200 kg left on 31 December, valued first in, first out: 1200 x 0.90 € of the October delivery.
        [98, "311224000012000000000108000"],
        [170, "1"],
        [1024, "B"],
      ]),
    );
    expect(records.slice(1)).toEqual([
      costRecord("201", "", "H", "100324", "00001500000", "0000127500"),
      costRecord("201", "", "H", "201024", "00002000000", "0000180000"),
      // The Heizung item's craftsmen share (300.00 €) sits on the maintenance invoice.
      costRecord("221", "", "H", "311224", "", "0000042000", "13", "0000030000"),
      costRecord("224", "", "H", "311224", "", "0000008550"),
      costRecord("227", "", "H", "311224", "", "0000039000"),
      costRecord("220", "", "H", "311224", "", "0000016000"),
      costRecord("240", "Kaltwasser", "K", "311224", "", "0000062000"),
      costRecord("242", "Müllabfuhr", "B", "311224", "", "0000048000"),
      costRecord("242", "Hauswart", "B", "311224", "", "0000120000", "12", "0000080000"),
      costRecord("242", "Grundsteuer", "B", "311224", "", "0000095000"),
    ]);
  });

  it("gas from the grid for rooms and water: one B record without stocks, the fuel bill jointly (E), direct items not sent, labour without an invoice refused", async () => {
    const house = await setUp();
    const put = (laborCosts: string) =>
      t.request("PUT", `/api/billing-periods/${house.periodId}/costs`, {
        cookie: house.cookie,
        body: {
          costItems: [
            {
              costType: "Heizung",
              amount: "10450.00",
              key: "mixed",
              consumptionShare: 70,
              laborCosts,
              taxCategory: "craftsmen",
            },
            {
              costType: "Wasserschaden EG",
              amount: "100.00",
              key: "direct",
              vacancyAmount: "100.00",
            },
            {
              costType: "Gartenpflege",
              amount: "640.00",
              key: "area",
              laborCosts: "512.00",
              taxCategory: "householdServices",
            },
          ],
          heatingCosts: {
            fuel: "gas",
            quantityUnit: "m3",
            quantity: "12000.5",
            fuelCost: "9800.00",
            maintenance: "300.00",
            emissionMeasurement: "350.00",
            isCombined: true,
            totalEnergyKwh: "120000",
            hotWaterVolumeM3: "85.5",
            hotWaterTemperatureCelsius: "60",
          },
        },
      });
    expect((await put("400.00")).status).toBe(200);
    const query = `part=costs&customerNumber=${CUSTOMER}&propertyNumber=${PROPERTY}`;
    const refused = await t.request(
      "GET",
      `/api/billing-periods/${house.periodId}/metering-export?${query}`,
      { cookie: house.cookie },
    );
    expect(refused.status).toBe(400);
    expect((await readJson(refused)).error.message).toBe(
      "Der Lohnanteil nach § 35a EStG von „Heizung“ ist größer als jede Rechnung der Heizungsanlage (Wartung, Messungen, Messdienst, Betriebsstrom); bitte in der Kostenaufstellung prüfen.",
    );

    expect((await put("320.00")).status).toBe(200);
    const { response, records } = await download(house.cookie, house.periodId, query);
    expect(response.status).toBe(200);
    expect(records).toEqual([
      // Table B 193 Erdgas H in m³ (10 kWh/m³); 60 °C and 85.5 m³ hot water (§ 9 HeizkV); no stocks.
      buildRecord(1024, [
        ...HEAD("B"),
        [19, "0815002300000EUR010124311224"],
        [47, "19300000100000"],
        [135, "6000000085500"],
        [170, "1"],
        [1024, "B"],
      ]),
      costRecord("201", "", "E", "311224", "00012000500", "0000980000"),
      costRecord("221", "", "E", "311224", "", "0000030000"),
      // 320.00 € is more than the maintenance invoice holds: it sits on the emission measurement.
      costRecord("224", "", "E", "311224", "", "0000035000", "13", "0000032000"),
      costRecord("242", "Gartenpflege", "B", "311224", "", "0000064000", "12", "0000051200"),
    ]);
  });

  it("the firm's answer to our M records imports onto the right tenancies and vacancies, and the next export is the same file", async () => {
    const house = await setUp();
    const first = await download(
      house.cookie,
      house.periodId,
      `part=users&customerNumber=${CUSTOMER}&propertyNumber=${PROPERTY}`,
    );
    // The firm answers each M record with a D record (Kosten HZG) on the user's last day.
    const answer = first.records.slice(1).map((record, index) =>
      new ArgeRecordWriter("D")
        .writeHead(CUSTOMER)
        .writeDigits(19, 31, field(record, 19, 31))
        .writeText(32, 51, field(record, 32, 51))
        .writeText(52, 57, field(record, 505, 510))
        .writeNumber(58, 67, 2, `${100 + index}.00`, "Gesamtkosten")
        .writeText(148, 150, "234")
        .writeText(166, 200, field(record, 53, 87))
        .writeText(201, 203, "EUR")
        .toText(),
    );
    const file = {
      fileName: "DTD305_20250314093000.DAT",
      contentBase64: Buffer.from(`${answer.join("\r\n")}\r\n`, "latin1").toString("base64"),
    };
    const mappings = house.units.map((unitId, index) => ({
      firmFlat: `081500230${String(index + 1).padStart(4, "0")}`,
      unitId,
    }));
    const imported = await t.request("POST", "/api/imports/metering-results", {
      cookie: house.cookie,
      body: { billingPeriodId: house.periodId, files: [file], mappings },
    });
    const body = await readJson(imported);
    expect(imported.status, JSON.stringify(body)).toBe(200);
    expect(body.imported).toBe(9);
    const costs = await readJson(
      await t.request("GET", `/api/billing-periods/${house.periodId}/costs`, {
        cookie: house.cookie,
      }),
    );
    const heating = costs.costItems.find(
      (item: { costType: string }) => item.costType === "Heizung",
    );
    // Every tenancy got its own line's amount; the two vacancies (102.00 + 106.00 €) are the landlord's.
    expect(
      Object.fromEntries(
        heating.directAmounts.map((entry: { tenancyId: string; amount: string }) => [
          entry.tenancyId,
          entry.amount,
        ]),
      ),
    ).toEqual({
      [house.tenants.mueller]: "100.00",
      [house.tenants.schroeder]: "101.00",
      [house.tenants.nowak]: "103.00",
      [house.tenants.gross]: "104.00",
      [house.tenants.weiss]: "105.00",
      [house.tenants.kaya]: "107.00",
      [house.tenants.schulz]: "108.00",
    });
    expect(heating.vacancyAmount).toBe("208.00");

    // The flats are remembered now: no Liegenschaftsnummer needed, the same numbers and keys.
    const second = await download(
      house.cookie,
      house.periodId,
      `part=users&customerNumber=${CUSTOMER}`,
    );
    expect(second.response.status).toBe(200);
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });

  it("remembers the firm's customer and property number per property (decision 1701): the next export needs none, a change is saved", async () => {
    const house = await setUp();
    const numbersUrl = `/api/billing-periods/${house.periodId}/metering-numbers`;
    expect(await readJson(await t.request("GET", numbersUrl, { cookie: house.cookie }))).toEqual({
      propertyId: expect.any(String),
      customerNumber: null,
      propertyNumber: null,
      propertyNumberFromImport: null,
    });
    const typed = await download(
      house.cookie,
      house.periodId,
      `part=users&customerNumber=${CUSTOMER}&propertyNumber=${PROPERTY}`,
    );
    expect(typed.response.status).toBe(200);
    const saved = await t.request("PUT", numbersUrl, {
      cookie: house.cookie,
      body: { customerNumber: CUSTOMER, propertyNumber: PROPERTY },
    });
    expect(saved.status).toBe(200);
    expect(await readJson(saved)).toMatchObject({
      customerNumber: CUSTOMER,
      propertyNumber: `0${PROPERTY}`,
    });
    // Without numbers in the request: the remembered ones, the same file.
    const remembered = await download(house.cookie, house.periodId, "part=users");
    expect(remembered.response.status).toBe(200);
    expect(remembered.records).toEqual(typed.records);
    // The A file (decision 1702): one record per flat, the same flats and keys as the M records.
    const mapping = await download(house.cookie, house.periodId, "part=mapping");
    expect(mapping.response.status).toBe(200);
    expect(mapping.response.headers.get("content-disposition")).toMatch(
      /filename="DTA305_\d{14}\.DAT"/,
    );
    expect(mapping.records).toHaveLength(6);
    const flatsOfM = new Set(
      typed.records
        .filter((record) => record.startsWith("M"))
        .map((record) => record.slice(18, 51)),
    );
    for (const record of mapping.records) {
      expect(record).toHaveLength(128);
      expect(record.slice(0, 16)).toBe(`A03.05${CUSTOMER.padStart(10, "0")}`);
      expect(record.slice(51, 127).trim()).toBe("");
      expect(record.at(-1)).toBe("A");
      const parsed = parseARecord(record, 1)!;
      expect(parsed.firmFlat.slice(0, 9)).toBe(`0${PROPERTY}`);
      expect(flatsOfM.has(record.slice(18, 51))).toBe(true);
    }
    // Numbers in the request win over the remembered ones; a change is saved with PUT.
    const changed = await t.request("PUT", numbersUrl, {
      cookie: house.cookie,
      body: { customerNumber: "99", propertyNumber: null },
    });
    expect(await readJson(changed)).toMatchObject({ customerNumber: "99", propertyNumber: null });
    const afterChange = await download(
      house.cookie,
      house.periodId,
      `part=users&propertyNumber=${PROPERTY}`,
    );
    expect(afterChange.records[0]!.slice(6, 16)).toBe("0000000099");
    // Bad numbers are refused in German and change nothing.
    const bad = await t.request("PUT", numbersUrl, {
      cookie: house.cookie,
      body: { customerNumber: "12345678901", propertyNumber: "12" },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await readJson(bad))).toContain(
      "Die Kundennummer beim Messdienst hat höchstens 10 Ziffern.",
    );
    expect(
      await readJson(await t.request("GET", numbersUrl, { cookie: house.cookie })),
    ).toMatchObject({ customerNumber: "99", propertyNumber: null });
    // Another account neither reads nor writes them.
    const other = await setUp();
    expect((await t.request("GET", numbersUrl, { cookie: other.cookie })).status).toBe(404);
    expect(
      (
        await t.request("PUT", numbersUrl, {
          cookie: other.cookie,
          body: { customerNumber: "1" },
        })
      ).status,
    ).toBe(404);
    const stored = await t.db
      .selectFrom("meteringFirmNumbers")
      .select(["userId", "customerNumber"])
      .execute();
    expect(stored.filter((row) => row.userId === other.userId)).toEqual([]);
  });

  it("is a plan feature, another account's period is not found, and missing numbers are asked for in German", async () => {
    const house = await setUp("professional");
    const refused = await download(
      house.cookie,
      house.periodId,
      `part=users&customerNumber=${CUSTOMER}&propertyNumber=${PROPERTY}`,
    );
    expect(refused.response.status).toBe(403);
    const other = await setUp();
    const foreign = await download(
      other.cookie,
      house.periodId,
      `part=users&customerNumber=${CUSTOMER}&propertyNumber=${PROPERTY}`,
    );
    expect(foreign.response.status).toBe(404);
    const unknown = await download(
      other.cookie,
      UNKNOWN_ID,
      `part=users&customerNumber=${CUSTOMER}&propertyNumber=${PROPERTY}`,
    );
    expect(unknown.response.status).toBe(404);

    const noNumber = await t.request(
      "GET",
      `/api/billing-periods/${other.periodId}/metering-export?part=users&customerNumber=${CUSTOMER}`,
      { cookie: other.cookie },
    );
    expect(noNumber.status).toBe(400);
    expect((await readJson(noNumber)).error.message).toBe(
      "Bitte die Liegenschaftsnummer des Messdienstes angeben (steht auf seinen Abrechnungen); nach dem ersten Import seiner Ergebnisse ist sie bekannt.",
    );
    const noCustomer = await t.request(
      "GET",
      `/api/billing-periods/${other.periodId}/metering-export?part=costs&propertyNumber=${PROPERTY}`,
      { cookie: other.cookie },
    );
    expect(noCustomer.status).toBe(400);
    expect(JSON.stringify(await readJson(noCustomer))).toContain(
      "Bitte die Kundennummer beim Messdienst angeben (steht auf seinen Abrechnungen).",
    );
    const badCustomer = await t.request(
      "GET",
      `/api/billing-periods/${other.periodId}/metering-export?part=costs&customerNumber=12345678901&propertyNumber=${PROPERTY}`,
      { cookie: other.cookie },
    );
    expect(badCustomer.status).toBe(400);
    expect(JSON.stringify(await readJson(badCustomer))).toContain(
      "Die Kundennummer beim Messdienst hat höchstens 10 Ziffern.",
    );
  });
});
