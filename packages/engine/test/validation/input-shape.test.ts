import { describe, expect, it } from "vitest";
import { calculateStatement, validateStatementInputShape } from "../../src/index.ts";
import { buildBaseInput, expectErrors } from "../support/inputs.ts";

// Returns the German messages for an input changed by `change` (on a deep copy of the base).
function errorsFor(change: (input: Record<string, unknown>) => void): string[] {
  const input = structuredClone(buildBaseInput()) as unknown as Record<string, unknown>;
  change(input);
  return expectErrors(calculateStatement(input));
}

const at = (input: Record<string, unknown>, key: string, index = 0): Record<string, unknown> =>
  (input[key] as Record<string, unknown>[])[index] as Record<string, unknown>;

describe("input shape (hand-written, German messages naming the field)", () => {
  it("accepts the base input", () => {
    expect(validateStatementInputShape(buildBaseInput()).ok).toBe(true);
  });

  it("rejects input that is not an object", () => {
    for (const value of [null, 1, "text", [], true, undefined]) {
      expect(expectErrors(calculateStatement(value))).toEqual([
        "Eingabe muss ein JSON-Objekt sein",
      ]);
    }
  });

  it("names missing fields", () => {
    expect(errorsFor((input) => delete input.period)).toEqual(['Feld "period" fehlt']);
    expect(errorsFor((input) => delete (input.period as Record<string, unknown>).end)).toEqual([
      'Feld "period.end" fehlt',
    ]);
    expect(errorsFor((input) => delete input.units)).toContain('Feld "units" fehlt');
    expect(errorsFor((input) => delete input.tenancies)).toEqual(['Feld "tenancies" fehlt']);
    expect(errorsFor((input) => delete input.costItems)).toEqual(['Feld "costItems" fehlt']);
    expect(errorsFor((input) => delete at(input, "units", 1).area)).toEqual([
      'Feld "units[1].area" fehlt',
    ]);
    expect(errorsFor((input) => delete at(input, "units").id)).toContain(
      'Feld "units[0].id" fehlt',
    );
    expect(errorsFor((input) => delete at(input, "tenancies").start)).toEqual([
      'Feld "tenancies[0].start" fehlt',
    ]);
    expect(errorsFor((input) => delete at(input, "costItems").amount)).toEqual([
      'Feld "costItems[0].amount" fehlt',
    ]);
  });

  it("names fields of the wrong type", () => {
    // Decision 1043: a quantity may be decimal text ("60.25"); text that is no decimal number is refused.
    expect(errorsFor((input) => (at(input, "units").area = "60 m²"))).toEqual([
      'Feld "units[0].area" muss eine Zahl sein',
    ]);
    expect(errorsFor((input) => (at(input, "units").area = "60,5"))).toEqual([
      'Feld "units[0].area" muss eine Zahl sein',
    ]);
    expect(errorsFor((input) => (at(input, "units").area = "1e3"))).toEqual([
      'Feld "units[0].area" muss eine Zahl sein',
    ]);
    expect(errorsFor((input) => (at(input, "units").area = "60.0000000001"))).toEqual([
      'Feld "units[0].area" muss eine Zahl sein',
    ]);
    expect(errorsFor((input) => (at(input, "units").area = "-5"))).toEqual([
      'Feld "units[0].area" darf nicht negativ sein',
    ]);
    expect(errorsFor((input) => (at(input, "units").area = "1000000000000"))).toEqual([
      'Feld "units[0].area" muss eine Zahl sein',
    ]);
    expect(errorsFor((input) => (at(input, "units").area = -5))).toEqual([
      'Feld "units[0].area" darf nicht negativ sein',
    ]);
    expect(errorsFor((input) => (at(input, "units").persons = true))).toEqual([
      'Feld "units[0].persons" muss eine Zahl sein',
    ]);
    expect(errorsFor((input) => (at(input, "units").decentralizedHotWater = "ja"))).toEqual([
      'Feld "units[0].decentralizedHotWater" muss true oder false sein',
    ]);
    expect(errorsFor((input) => (input.units = {}))).toContain('Feld "units" muss eine Liste sein');
    expect(errorsFor((input) => (input.period = "2024"))).toEqual([
      'Feld "period" muss ein Objekt sein',
    ]);
    expect(
      errorsFor((input) => ((input.period as Record<string, unknown>).start = "2024-02-30")),
    ).toEqual(['Feld "period.start" muss ein Datum im Format JJJJ-MM-TT sein']);
    expect(errorsFor((input) => (at(input, "tenancies").id = 7))).toEqual([
      'Feld "tenancies[0].id" muss ein Text sein',
    ]);
    expect(errorsFor((input) => (at(input, "tenancies").id = " "))).toEqual([
      'Feld "tenancies[0].id" darf nicht leer sein',
    ]);
    expect(errorsFor((input) => (at(input, "tenancies").end = "31.12.2024"))).toEqual([
      'Feld "tenancies[0].end" muss ein Datum im Format JJJJ-MM-TT sein',
    ]);
    expect(errorsFor((input) => (input.propertyType = "office"))).toEqual([
      'Feld "propertyType" muss einer dieser Werte sein: residential, commercial',
    ]);
    expect(errorsFor((input) => (input.efficiencyClass = "K"))).toEqual([
      'Feld "efficiencyClass" muss einer dieser Werte sein: A, B, C, D, E, F, G, H, I, J',
    ]);
    expect(errorsFor((input) => (at(input, "units").area = 1e13))).toEqual([
      'Feld "units[0].area" ist zu groß',
    ]);
  });

  it("wants money as text with at most two decimals", () => {
    const message =
      'Feld "costItems[0].amount" muss ein Geldbetrag als Text mit höchstens zwei Nachkommastellen sein, z. B. "1234.56"';
    expect(errorsFor((input) => (at(input, "costItems").amount = 1000))).toEqual([message]);
    expect(errorsFor((input) => (at(input, "costItems").amount = "1000.001"))).toEqual([message]);
    expect(errorsFor((input) => (at(input, "costItems").amount = "1.000,00"))).toEqual([message]);
    expect(errorsFor((input) => (at(input, "costItems").amount = "-5.00"))).toEqual([
      'Feld "costItems[0].amount" darf nicht negativ sein',
    ]);
  });

  it("uses the specification's texts for a missing or unknown key", () => {
    expect(errorsFor((input) => delete at(input, "costItems").key)).toEqual([
      "Verteilungsschlüssel fehlt für Kostenart Grundsteuer",
    ]);
    expect(errorsFor((input) => (at(input, "costItems").key = "wohnflaeche"))).toEqual([
      "Unbekannter Verteilerschlüssel: wohnflaeche",
    ]);
  });

  it("checks the fields of prepayments, readings, items and CO2", () => {
    const prepayment = (input: Record<string, unknown>) =>
      (at(input, "tenancies").prepayments as Record<string, unknown>[])[0] as Record<
        string,
        unknown
      >;
    expect(errorsFor((input) => (prepayment(input).validFrom = "2024-13-01"))).toEqual([
      'Feld "tenancies[0].prepayments[0].validFrom": Ungültiges Startdatum',
    ]);
    expect(errorsFor((input) => (prepayment(input).validUntil = "bald"))).toEqual([
      'Feld "tenancies[0].prepayments[0].validUntil": Ungültiges Enddatum',
    ]);
    expect(
      errorsFor((input) => (input.consumption = [{ unitId: "A", meter: "steam", value: 1 }])),
    ).toEqual([
      'Feld "consumption[0].meter" muss einer dieser Werte sein: heating, warmwater, coldwater, electricity, gas',
    ]);
    expect(
      errorsFor((input) => (input.consumption = [{ unitId: "A", meter: "heating", value: "1,5" }])),
    ).toEqual(['Feld "consumption[0].value" muss eine Zahl sein']);
    expect(
      errorsFor((input) => (input.consumption = [{ unitId: "A", meter: "heating", value: true }])),
    ).toEqual(['Feld "consumption[0].value" muss eine Zahl sein']);
    // v1.5 (decision 1640): a share may be decimal text ("70"), but only canonical text.
    expect(errorsFor((input) => (at(input, "costItems").consumptionShare = "70,5"))).toEqual([
      'Feld "costItems[0].consumptionShare" muss eine Zahl sein',
    ]);
    expect(errorsFor((input) => (at(input, "costItems").consumptionShare = true))).toEqual([
      'Feld "costItems[0].consumptionShare" muss eine Zahl sein',
    ]);
    expect(errorsFor((input) => (at(input, "costItems").excludedUnits = "A"))).toEqual([
      'Feld "costItems[0].excludedUnits" muss eine Liste sein',
    ]);
    expect(errorsFor((input) => (input.co2 = { fuel: "peat" }))).toEqual([
      'Feld "co2.fuel" muss einer dieser Werte sein: gas, oil, lpg, coal, wood, pellets, district_heating, other',
    ]);
    // v1.5 (decision 1640): the CO2 figures may be decimal text ("39000"), never German text or negative.
    expect(errorsFor((input) => (input.co2 = { consumptionKwh: "39.000,5" }))).toEqual([
      'Feld "co2.consumptionKwh" muss eine Zahl sein',
    ]);
    expect(errorsFor((input) => (input.co2 = { emissionFactor: "-0.2" }))).toEqual([
      'Feld "co2.emissionFactor" darf nicht negativ sein',
    ]);
    expect(errorsFor((input) => (input.co2 = { area: 0 }))).toEqual([
      'Feld "co2.area" muss größer als 0 sein',
    ]);
    expect(errorsFor((input) => (input.co2 = { area: "0.00" }))).toEqual([
      'Feld "co2.area" muss größer als 0 sein',
    ]);
    expect(errorsFor((input) => (input.co2 = { cost: "-1.00" }))).toEqual([
      'Feld "co2.cost" darf nicht negativ sein',
    ]);
    expect(errorsFor((input) => (input.co2 = []))).toEqual(['Feld "co2" muss ein Objekt sein']);
  });

  it("checks references between the lists", () => {
    expect(errorsFor((input) => (at(input, "tenancies").unitId = "X"))).toEqual([
      'Feld "tenancies[0].unitId" verweist auf unbekannte Wohneinheit "X"',
    ]);
    expect(errorsFor((input) => (at(input, "costItems").excludedUnits = ["Z"]))).toEqual([
      'Feld "costItems[0].excludedUnits[0]" verweist auf unbekannte Wohneinheit "Z"',
    ]);
    expect(
      errorsFor((input) => (input.consumption = [{ unitId: "Q", meter: "heating", value: 1 }])),
    ).toEqual(['Feld "consumption[0].unitId" verweist auf unbekannte Wohneinheit "Q"']);
    expect(
      errorsFor(
        (input) =>
          (input.consumption = [{ unitId: "A", tenancyId: "nobody", meter: "heating", value: 1 }]),
      ),
    ).toEqual(['Feld "consumption[0].tenancyId" verweist auf unbekanntes Mietverhältnis "nobody"']);
    expect(
      errorsFor(
        (input) =>
          (input.consumption = [{ unitId: "A", tenancyId: "tB", meter: "heating", value: 1 }]),
      ),
    ).toEqual([
      'Feld "consumption[0].tenancyId": Mietverhältnis "tB" gehört nicht zur Wohneinheit "A"',
    ]);
    expect(errorsFor((input) => (at(input, "units", 1).id = "A"))).toContain(
      'Feld "units[1].id": Kennung "A" kommt mehrfach vor',
    );
    expect(errorsFor((input) => (at(input, "tenancies", 1).id = "tA"))).toEqual([
      'Feld "tenancies[1].id": Kennung "tA" kommt mehrfach vor',
    ]);
    expect(errorsFor((input) => (at(input, "tenancies").end = "2019-12-31"))).toEqual([
      'Feld "tenancies[0].end": Das Mietende liegt vor dem Mietbeginn',
    ]);
  });

  it("collects every problem in one pass", () => {
    const errors = errorsFor((input) => {
      at(input, "units").area = "x";
      at(input, "costItems").amount = 5;
      delete (input.period as Record<string, unknown>).start;
    });
    expect(errors).toEqual([
      'Feld "period.start" fehlt',
      'Feld "units[0].area" muss eine Zahl sein',
      'Feld "costItems[0].amount" muss ein Geldbetrag als Text mit höchstens zwei Nachkommastellen sein, z. B. "1234.56"',
    ]);
  });

  it("returns the field paths as issues too", () => {
    const outcome = calculateStatement({ ...buildBaseInput(), units: [{ id: "A", area: "eins" }] });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.issues[0]).toEqual({
        path: "units[0].area",
        message: 'Feld "units[0].area" muss eine Zahl sein',
      });
  });
});
