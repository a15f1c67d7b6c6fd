import type { CostItemInput, StatementInput } from "../src/index.ts";

const COST_ITEM_TEMPLATES: Omit<CostItemInput, "amount">[] = [
  { costType: "Heizung", key: "mixed", consumptionShare: 70, meter: "heating" },
  { costType: "Warmwasser", key: "mixed", consumptionShare: 50, meter: "warmwater" },
  { costType: "Kaltwasser", key: "consumption", meter: "coldwater" },
  { costType: "Abwasser", key: "consumption", meter: "coldwater" },
  { costType: "Müllabfuhr", key: "units" },
  { costType: "Straßenreinigung", key: "area" },
  { costType: "Hausmeister", key: "persons" },
  { costType: "Gartenpflege", key: "area" },
  { costType: "Beleuchtung", key: "consumption", meter: "electricity" },
  { costType: "Aufzug", key: "area" },
  { costType: "Versicherung", key: "area" },
  { costType: "Grundsteuer", key: "area" },
  { costType: "Sonstige", key: "units" },
  { costType: "Schornsteinfeger", key: "units" },
  { costType: "Betriebsstrom", key: "mixed", consumptionShare: 50, meter: "electricity" },
  { costType: "Gebäudereinigung", key: "persons" },
  { costType: "Ungezieferbekämpfung", key: "area" },
  { costType: "Gemeinschafts-Antennenanlage", key: "units" },
  { costType: "Einrichtungen für die Wäschepflege", key: "persons" },
  { costType: "Sonstige Betriebskosten", key: "consumption", meter: "gas" },
];

/**
 * A deterministic property of `unitCount` units for the benchmark: 20 cost items of all five
 * keys, a tenant change on 16 May in every fifth unit (with an intermediate heating reading
 * for every other change), prepayments that change on 1 July, and a CO2 block.
 */
export function buildBenchInput(unitCount: number): StatementInput {
  let seed = 12345;
  const nextRandom = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const units: StatementInput["units"] = [];
  const tenancies: StatementInput["tenancies"] = [];
  const consumption: NonNullable<StatementInput["consumption"]> = [];
  for (let index = 0; index < unitCount; index += 1) {
    const id = `U${index}`;
    units.push({
      id,
      area: Math.round((35 + nextRandom() * 90) * 10) / 10,
      persons: 1 + Math.floor(nextRandom() * 4),
      decentralizedHotWater: index % 13 === 0,
    });
    const prepayments = [
      { monthlyAmount: "180.00", validFrom: "2020-01-01", validUntil: "2024-06-30" },
      { monthlyAmount: "195.50", validFrom: "2024-07-01", validUntil: null },
    ];
    if (index % 5 === 0) {
      tenancies.push({
        id: `${id}-a`,
        unitId: id,
        start: "2019-04-01",
        end: "2024-05-15",
        prepayments,
      });
      tenancies.push({
        id: `${id}-b`,
        unitId: id,
        start: "2024-05-16",
        end: null,
        persons: 2,
        prepayments: [{ monthlyAmount: "210.00", validFrom: "2024-05-16", validUntil: null }],
      });
      if (index % 10 === 0)
        consumption.push({
          unitId: id,
          tenancyId: `${id}-a`,
          meter: "heating",
          value: Math.round(nextRandom() * 4000) / 10,
        });
    } else {
      tenancies.push({ id: `${id}-a`, unitId: id, start: "2018-01-01", end: null, prepayments });
    }
    for (const meter of ["heating", "warmwater", "coldwater", "electricity", "gas"] as const) {
      consumption.push({
        unitId: id,
        meter,
        value: Math.round((50 + nextRandom() * 900) * 100) / 100,
      });
    }
  }
  const costItems: CostItemInput[] = COST_ITEM_TEMPLATES.map((template) => ({
    ...template,
    amount: `${Math.round(unitCount * (200 + nextRandom() * 800))}.37`,
    excludedUnits:
      template.costType === "Aufzug"
        ? units.filter((_, index) => index % 7 === 0).map((unit) => unit.id)
        : [],
  }));
  return {
    period: { start: "2024-01-01", end: "2024-12-31" },
    efficiencyClass: "D",
    units,
    tenancies,
    consumption,
    costItems,
    co2: { fuel: "gas", consumptionKwh: unitCount * 9000, heatingValue: "upper" },
  };
}

/**
 * The same property with its quantities as decimal text, as the server passes them from the
 * database since contract v1.5 (decision 1640): areas, consumption values, the mixed items'
 * shares and the CO2 kWh.
 */
export function toQuantityTextInput(input: StatementInput): StatementInput {
  const asText = (value: number | string): string => String(value);
  return {
    ...input,
    units: input.units.map((unit) => ({ ...unit, area: asText(unit.area) })),
    consumption: input.consumption?.map((entry) => ({ ...entry, value: asText(entry.value) })),
    costItems: input.costItems.map((item) =>
      item.consumptionShare === undefined || item.consumptionShare === null
        ? item
        : { ...item, consumptionShare: asText(item.consumptionShare) },
    ),
    co2: input.co2
      ? {
          ...input.co2,
          consumptionKwh:
            input.co2.consumptionKwh === null || input.co2.consumptionKwh === undefined
              ? null
              : asText(input.co2.consumptionKwh),
        }
      : null,
  };
}
