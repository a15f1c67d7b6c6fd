/**
 * npm run bench (server part): POST /api/statements/preview through the HTTP API on PGlite for a
 * property of 200 units, 20 cost items of all keys and readings for every unit (a heat cost
 * allocator and a water meter each; a tenant change with an intermediate reading in every fifth
 * unit). Prints the times; asserts nothing (issue 11 target: under 500 ms per preview).
 */
import { calculateStatement } from "@nk/engine";
import { insertProperty, insertTenant, insertUnit } from "../test/support/fixtures.ts";
import { createBillingPeriodViaApi } from "../test/support/metering-fixtures.ts";
import { createTestContext } from "../test/support/test-app.ts";

const UNIT_COUNT = 200;
const RUNS = 8;

const COST_ITEMS = [
  { costType: "Heizung", amount: "48000.00", key: "mixed", consumptionShare: 70, meter: "heating" },
  {
    costType: "Warmwasser",
    amount: "16000.00",
    key: "mixed",
    consumptionShare: 50,
    meter: "warmwater",
  },
  { costType: "Kaltwasser", amount: "12000.00", key: "consumption", meter: "coldwater" },
  { costType: "Abwasser", amount: "9000.00", key: "consumption", meter: "coldwater" },
  { costType: "Müllabfuhr", amount: "7000.00", key: "units" },
  { costType: "Straßenreinigung", amount: "2500.00", key: "area" },
  {
    costType: "Hausmeister",
    amount: "15000.00",
    key: "area",
    laborCosts: "12000.00",
    taxCategory: "householdServices",
  },
  { costType: "Gartenpflege", amount: "4000.00", key: "area", laborCosts: "3000.00" },
  { costType: "Beleuchtung", amount: "1800.00", key: "units" },
  { costType: "Aufzug", amount: "6000.00", key: "units" },
  { costType: "Versicherung", amount: "11000.00", key: "area" },
  { costType: "Grundsteuer", amount: "13000.00", key: "area" },
  { costType: "Schornsteinfeger", amount: "900.00", key: "units" },
  { costType: "Betriebsstrom", amount: "2100.00", key: "area" },
  { costType: "Gebäudereinigung", amount: "5200.00", key: "area", laborCosts: "5200.00" },
  { costType: "Ungezieferbekämpfung", amount: "400.00", key: "units" },
  { costType: "Gemeinschafts-Antennenanlage", amount: "1200.00", key: "units" },
  { costType: "Einrichtungen für die Wäschepflege", amount: "600.00", key: "persons" },
  { costType: "Sach- und Haftpflichtversicherung", amount: "3000.00", key: "area" },
  {
    costType: "Sonstige",
    amount: "1500.00",
    key: "persons",
    allocationNote: "Mietvertrag § 4 Abs. 2",
  },
];

interface ReadingRow {
  userId: string;
  meterId: string;
  billingPeriodId: string | null;
  note: null;
  updatedAt: Date;
  readingValue: string;
  readingDate: string;
}

async function main(): Promise<void> {
  const t = await createTestContext("pglite");
  try {
    const { cookie, userId } = await t.signUp();
    const property = await insertProperty(t.db, userId, {
      name: "Bench-Wohnanlage",
      efficiencyClass: "D",
    });
    const meterRows: {
      userId: string;
      unitId: string;
      meterNumber: string;
      meterType: string;
      location: null;
      displayName: null;
      propertyId: null;
      updatedAt: Date;
    }[] = [];
    const changes = new Map<string, string>();
    for (let index = 0; index < UNIT_COUNT; index += 1) {
      const unit = await insertUnit(t.db, userId, property.id, {
        name: `WE ${String(index + 1).padStart(3, "0")}`,
        area: `${50 + (index % 40)}.50`,
        persons: 1 + (index % 4),
      });
      if (index % 5 === 0) {
        await insertTenant(t.db, userId, unit.id, {
          name: `Mieter ${index}a`,
          moveInDate: "2019-01-01",
          moveOutDate: "2024-05-31",
          isActive: false,
        });
        const next = await insertTenant(t.db, userId, unit.id, {
          name: `Mieter ${index}b`,
          moveInDate: "2024-06-01",
        });
        changes.set(unit.id, next.id);
      } else {
        await insertTenant(t.db, userId, unit.id, {
          name: `Mieter ${index}`,
          moveInDate: "2018-03-01",
        });
      }
      for (const meterType of ["Heizkostenverteiler", "Warmwasserzähler", "Kaltwasser"]) {
        meterRows.push({
          userId,
          unitId: unit.id,
          meterNumber: `${meterType.slice(0, 3)}-${index}`,
          meterType,
          location: null,
          displayName: null,
          propertyId: null,
          updatedAt: new Date(),
        });
      }
    }
    const meters = await t.db
      .insertInto("meters")
      .values(meterRows)
      .returning(["id", "unitId", "meterType"])
      .execute();
    const periodId = await createBillingPeriodViaApi(
      t,
      cookie,
      property.id,
      "2024-01-01",
      "2024-12-31",
    );
    const readings = meters.flatMap((meter, index) => {
      const base = {
        userId,
        meterId: meter.id,
        billingPeriodId: null,
        note: null,
        updatedAt: new Date(),
      };
      const rows: ReadingRow[] = [
        {
          ...base,
          billingPeriodId: periodId,
          readingValue: String(100 + (index % 90)),
          readingDate: "2024-12-31",
        },
      ];
      if (meter.meterType !== "Heizkostenverteiler")
        rows.push({ ...base, readingValue: "10", readingDate: "2023-12-31" });
      if (changes.has(meter.unitId!))
        rows.push({ ...base, readingValue: "50", readingDate: "2024-05-31" });
      return rows;
    });
    await t.db.insertInto("meterReadings").values(readings).execute();

    const body = {
      billingPeriodId: periodId,
      costItems: COST_ITEMS,
      co2: { fuel: "gas", consumptionKwh: "1200000", heatingValue: "upper" },
    };
    const times: number[] = [];
    let bytes = 0;
    let lastText = "";
    for (let run = 0; run < RUNS; run += 1) {
      const started = process.hrtime.bigint();
      const response = await t.request("POST", "/api/statements/preview", { cookie, body });
      const text = await response.text();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (response.status !== 200)
        throw new Error(`Preview failed: ${response.status} ${text.slice(0, 500)}`);
      bytes = text.length;
      lastText = text;
    }
    // The engine's own share: the same input calculated without HTTP and database.
    const engineInput = (JSON.parse(lastText) as { engineInput: unknown }).engineInput;
    const engineTimes: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = process.hrtime.bigint();
      calculateStatement(engineInput);
      engineTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    const engineSorted = engineTimes.slice(1).sort((a, b) => a - b);
    const [cold, ...warm] = times;
    const sorted = [...warm].sort((a, b) => a - b);
    const format = (ms: number | undefined) => `${(ms ?? 0).toFixed(0)} ms`;
    process.stdout.write(
      [
        "",
        `Vorschau über die HTTP-API (PGlite): ${UNIT_COUNT} Wohneinheiten, ${UNIT_COUNT + changes.size} Mietverhältnisse, ${COST_ITEMS.length} Kostenpositionen, ${meters.length} Zähler, ${readings.length} Zählerstände`,
        `  erste Anfrage ${format(cold)}, danach bestes ${format(sorted[0])}, Median ${format(sorted[Math.floor(sorted.length / 2)])}, langsamstes ${format(sorted.at(-1))} (${RUNS - 1} Läufe); Antwort ${(bytes / 1024 / 1024).toFixed(1)} MiB`,
        `  davon Berechnung (Engine allein): Median ${format(engineSorted[Math.floor(engineSorted.length / 2)])}`,
        "",
      ].join("\n"),
    );
  } finally {
    await t.close();
  }
}

await main();
