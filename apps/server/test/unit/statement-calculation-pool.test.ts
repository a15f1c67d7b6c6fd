import { afterAll, describe, expect, it } from "vitest";
import { costItemSchema, type CostItemInput } from "@nk/contract";
import { calculateStatement, compactStatementResult } from "@nk/engine";
import type {
  AssemblyCosts,
  AssemblyData,
  ResolvedCostItem,
} from "../../src/features/statements/assembly/assembly-data.ts";
import { assembleStatement } from "../../src/features/statements/assembly/statement-assembly.ts";
import {
  createStatementCalculationPool,
  inProcessCalculator,
} from "../../src/features/statements/statement-calculation-pool.ts";
import type { CalculationRequest } from "../../src/features/statements/statement-calculation-protocol.ts";
import { buildStatementAnalysis } from "../../src/features/statements/statement-analysis-service.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { unpackJson } from "../../src/db/packed-json.ts";

// The save's calculation thread (decision 1780; piscina, started from the TypeScript source here
// with tsx inside the thread): the same run, byte for byte, as the assembly and the engine give
// on the calling thread, and the assembly's and the engine's refusals as replies.

const data: AssemblyData = {
  period: { id: "p2024", start: "2024-01-01", end: "2024-12-31", previousPeriodId: null },
  property: { propertyType: "Mehrfamilienhaus", efficiencyClass: "C" },
  units: [
    { id: "u1", name: "EG links", area: "80.00", persons: 2, hasDecentralizedHotWater: false },
    { id: "u2", name: "OG", area: "60.50", persons: 1, hasDecentralizedHotWater: false },
  ],
  tenants: [
    {
      id: "t1",
      unitId: "u1",
      name: "Schulz",
      moveInDate: "2019-03-01",
      moveOutDate: "2024-06-30",
      occupants: [],
      prepayments: [{ monthlyAmount: "150.00", validFrom: "2019-03-01", validUntil: null }],
    },
    {
      id: "t2",
      unitId: "u1",
      name: "Özdemir",
      moveInDate: "2024-07-01",
      moveOutDate: null,
      occupants: [{ persons: 3, validFrom: "2024-07-01", validUntil: null }],
      prepayments: [{ monthlyAmount: "180.00", validFrom: "2024-07-01", validUntil: null }],
    },
    {
      id: "t3",
      unitId: "u2",
      name: "Krüger",
      moveInDate: "2015-01-01",
      moveOutDate: null,
      occupants: [],
      prepayments: [{ monthlyAmount: "95.50", validFrom: "2015-01-01", validUntil: null }],
    },
  ],
  meters: [
    {
      id: "kw1",
      unitId: "u1",
      meterType: "Kaltwasser",
      meterNumber: "K-1",
      displayName: "Bad",
      isRemoteReadable: false,
      installedOn: null,
    },
  ],
  readings: [],
};

function costs(items: CostItemInput[]): AssemblyCosts {
  return {
    costItems: items.map((item) => costItemSchema.parse(item) as ResolvedCostItem),
    co2: null,
    consumptionOverrides: [],
  };
}

const request = (items: CostItemInput[]): CalculationRequest => ({
  data,
  costs: costs(items),
  invoiceKwh: null,
  climateFactor: null,
});

const pool = createStatementCalculationPool({ logger: createLogger("error", {}, () => {}) });
afterAll(() => pool.close());

const AREA_AND_UNITS: CostItemInput[] = [
  { costType: "Grundsteuer", amount: "1234.56", key: "area" },
  { costType: "Müllabfuhr", amount: "777.77", key: "units" },
  { costType: "Hausmeister", amount: "999.99", key: "persons" },
];

describe("the save's calculation thread", () => {
  it("answers the run the calling thread calculates, its JSON packed and equal to the value", async () => {
    const inThread = await pool.calculateForSave(request(AREA_AND_UNITS));
    const here = await inProcessCalculator.calculateForSave(request(AREA_AND_UNITS));
    if (inThread.outcome !== "calculated" || here.outcome !== "calculated")
      throw new Error(`not calculated: ${inThread.outcome} / ${here.outcome}`);
    // What the save stored before decision 1780: the assembly and the engine on the main thread.
    const assembled = assembleStatement(data, costs(AREA_AND_UNITS));
    const calculated = calculateStatement(assembled.engineInput, { includeLetterFigures: true });
    if (!calculated.ok) throw new Error(calculated.errors.join("; "));
    for (const reply of [inThread, here]) {
      // Decision 1860: packed for storage, the same JSON when unpacked.
      for (const packed of [reply.engineInputPacked, reply.resultPacked, reply.consumptionPacked])
        expect(packed.startsWith("gzip-base64:")).toBe(true);
      expect(await unpackJson(reply.engineInputPacked)).toEqual(
        JSON.parse(JSON.stringify(assembled.engineInput)),
      );
      expect(await unpackJson(reply.resultPacked)).toEqual(
        JSON.parse(JSON.stringify(compactStatementResult(calculated.result))),
      );
      expect(await unpackJson(reply.consumptionPacked)).toEqual(
        JSON.parse(JSON.stringify(assembled.consumption)),
      );
      expect(reply.totalCosts).toBe("3012.32");
      expect(reply.tenancies.map((t) => [t.tenancyId, t.unitId, t.from, t.to])).toEqual([
        ["t1", "u1", "2024-01-01", "2024-06-30"],
        ["t2", "u1", "2024-07-01", "2024-12-31"],
        ["t3", "u2", "2024-01-01", "2024-12-31"],
      ]);
      expect(reply.tenancies.map((t) => t.total)).toEqual(
        calculated.result.tenancies.map((t) => t.total),
      );
      expect(await unpackJson(reply.analysisPacked)).toEqual(
        JSON.parse(
          JSON.stringify(
            buildStatementAnalysis({
              engineInput: assembled.engineInput,
              unitConsumption: calculated.result.unitConsumption ?? null,
              invoiceKwh: null,
              climateFactor: null,
              unitNames: new Map([
                ["u1", "EG links"],
                ["u2", "OG"],
              ]),
            }),
          ),
        ),
      );
      expect(await unpackJson(reply.analysisPacked)).toMatchObject({ heatedArea: "140.5" });
    }
  });

  it("answers missing readings and the engine's refusal as replies, not as a lost thread", async () => {
    const missing = await pool.calculateForSave(
      request([{ costType: "Kaltwasser", amount: "300", key: "consumption" }]),
    );
    expect(missing).toMatchObject({
      outcome: "missingReadings",
      blockingMissing: [expect.objectContaining({ meterId: "kw1" })],
    });
    const refused = await pool.calculateForSave(
      request([{ costType: "Heizung", amount: "6000", key: "mixed", consumptionShare: 45 }]),
    );
    expect(refused).toMatchObject({ outcome: "refused" });
    if (refused.outcome !== "refused") return;
    expect(refused.errors).toContain("HeizkV-Verstoß: Verbrauchsanteil 45% liegt außerhalb 50-70%");
  });
});
