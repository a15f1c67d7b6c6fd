import { describe, expect, it } from "vitest";
import { calculateStatement, MESSAGES, type StatementInput } from "../../src/index.ts";
import { buildBaseInput, expectErrors, expectResult } from "../support/inputs.ts";

function errorsOf(change: (input: StatementInput) => void): string[] {
  const input = structuredClone(buildBaseInput());
  change(input);
  return expectErrors(calculateStatement(input));
}

function warningsOf(change: (input: StatementInput) => void): string[] {
  const input = structuredClone(buildBaseInput());
  change(input);
  return expectResult(calculateStatement(input)).warnings;
}

describe("statement data checks (part 2, section 5)", () => {
  it("'Keine Wohneinheiten gefunden' without units", () => {
    expect(
      errorsOf((input) => {
        input.units = [];
        input.tenancies = [];
      }),
    ).toEqual(["Keine Wohneinheiten gefunden"]);
  });

  it("'Gesamtwohnfläche ist 0 oder negativ' when all areas are 0", () => {
    expect(
      errorsOf((input) => {
        input.units.forEach((unit) => (unit.area = 0));
        input.costItems = [{ costType: "Müllabfuhr", amount: "100.00", key: "units" }];
      }),
    ).toEqual(["Gesamtwohnfläche ist 0 oder negativ"]);
  });

  it("'Gesamtkosten sind 0 oder negativ' when the items add up to 0", () => {
    expect(
      errorsOf(
        (input) => (input.costItems = [{ costType: "Grundsteuer", amount: "0.00", key: "area" }]),
      ),
    ).toEqual(["Gesamtkosten sind 0 oder negativ"]);
    expect(errorsOf((input) => (input.costItems = []))).toEqual([
      "Gesamtkosten sind 0 oder negativ",
    ]);
  });

  it("HeizkV 50-70 %: blocks a consumption share outside the range for Heizung and Warmwasser, never clamps", () => {
    const mixed = (costType: string, consumptionShare: number) => (input: StatementInput) => {
      input.consumption = [
        { unitId: "A", meter: "heating", value: 10 },
        { unitId: "A", meter: "warmwater", value: 10 },
      ];
      input.costItems = [{ costType, amount: "1000.00", key: "mixed", consumptionShare }];
    };
    expect(errorsOf(mixed("Heizung", 80))).toEqual([
      "HeizkV-Verstoß: Verbrauchsanteil 80% liegt außerhalb 50-70%",
    ]);
    expect(errorsOf(mixed("Heizung", 49.5))).toEqual([
      "HeizkV-Verstoß: Verbrauchsanteil 49,5% liegt außerhalb 50-70%",
    ]);
    expect(errorsOf(mixed("Warmwasser", 30))).toEqual([
      "HeizkV-Verstoß: Verbrauchsanteil 30% liegt außerhalb 50-70%",
    ]);
    expect(errorsOf(mixed("Heizung", 150))).toEqual([
      "HeizkV-Verstoß: Verbrauchsanteil 150% liegt außerhalb 50-70%",
    ]);
    expect(warningsOf(mixed("Heizung", 50))).toEqual([]);
    expect(warningsOf(mixed("Warmwasser", 70))).toEqual([]);
    // Other cost types may use any share from 0 to 100.
    expect(
      warningsOf((input) => {
        input.consumption = [{ unitId: "A", meter: "electricity", value: 10 }];
        input.costItems = [
          { costType: "Betriebsstrom", amount: "100.00", key: "mixed", consumptionShare: 90 },
        ];
      }),
    ).toEqual([]);
    expect(
      errorsOf((input) => {
        input.consumption = [{ unitId: "A", meter: "electricity", value: 10 }];
        input.costItems = [
          { costType: "Betriebsstrom", amount: "100.00", key: "mixed", consumptionShare: 120 },
        ];
      }),
    ).toEqual(["Verbrauchsanteil 120% muss zwischen 0 und 100 liegen"]);
  });

  it("needs a meter for a consumption key where the cost type has no usual one", () => {
    expect(
      errorsOf(
        (input) =>
          (input.costItems = [{ costType: "Sonstige", amount: "100.00", key: "consumption" }]),
      ),
    ).toEqual([
      'Feld "costItems[0].meter" fehlt: Kostenart Sonstige wird nach Verbrauch verteilt und braucht eine Zählerart',
    ]);
  });

  it("checks the billing period", () => {
    expect(
      errorsOf((input) => (input.period = { start: "2024-12-31", end: "2024-01-01" })),
    ).toEqual(["Abrechnungszeitraum: Das Ende liegt vor dem Beginn"]);
    expect(
      errorsOf((input) => (input.period = { start: "2024-01-01", end: "2025-01-01" })),
    ).toEqual(["Abrechnungszeitraum darf höchstens ein Jahr umfassen (§ 556 Abs. 3 BGB)"]);
  });

  it("rejects overlapping tenancies of one unit", () => {
    expect(
      errorsOf((input) =>
        input.tenancies.push({ id: "tA2", unitId: "A", start: "2024-06-01", end: null }),
      ),
    ).toEqual(['Mietverhältnisse "tA" und "tA2" der Wohneinheit "A" überschneiden sich']);
  });
});

describe("distribution by key (part 2, sections 5 and 8)", () => {
  it("area: 'Flächenbasierte Verteilung nicht möglich' when the units taking part have no area", () => {
    expect(
      errorsOf((input) => {
        input.units.push({ id: "C", area: 0, persons: 1 });
        input.costItems = [
          { costType: "Müllabfuhr", amount: "10.00", key: "units" },
          { costType: "Aufzug", amount: "100.00", key: "area", excludedUnits: ["A", "B"] },
        ];
      }),
    ).toEqual([
      "Aufzug: Flächenbasierte Verteilung nicht möglich: Wohnflächen fehlen oder sind 0.",
    ]);
  });

  it("persons: 'Personenbasierte Verteilung nicht möglich' when nobody lives there", () => {
    expect(
      errorsOf((input) => {
        input.units.forEach((unit) => (unit.persons = 0));
        input.costItems = [{ costType: "Hausmeister", amount: "100.00", key: "persons" }];
      }),
    ).toEqual([
      "Hausmeister: Personenbasierte Verteilung nicht möglich: Personenanzahlen fehlen oder sind 0.",
    ]);
  });

  it("units: 'Einheitenbasierte Verteilung nicht möglich' when every unit is excluded", () => {
    expect(
      errorsOf((input) => {
        input.costItems = [
          { costType: "Grundsteuer", amount: "10.00", key: "area" },
          { costType: "Müllabfuhr", amount: "100.00", key: "units", excludedUnits: ["A", "B"] },
        ];
      }),
    ).toEqual([
      "Müllabfuhr: Einheitenbasierte Verteilung nicht möglich: Keine Einheiten vorhanden.",
    ]);
  });

  it("consumption: 'Verbrauchsverteilung nicht möglich' without consumption; HeizkV's text for heating", () => {
    expect(
      errorsOf(
        (input) =>
          (input.costItems = [{ costType: "Kaltwasser", amount: "100.00", key: "consumption" }]),
      ),
    ).toEqual([
      "Kaltwasser: Verbrauchsverteilung nicht möglich: Verbrauchsdaten fehlen oder sind 0 (Zählerart Kaltwasser). Erfassen Sie die Zählerstände oder verteilen Sie die Position nach Fläche.",
    ]);
    expect(
      errorsOf(
        (input) =>
          (input.costItems = [
            { costType: "Heizung", amount: "100.00", key: "mixed", consumptionShare: 70 },
          ]),
      ),
    ).toEqual([
      "Heizung: HeizkV-Verteilung nicht möglich: Verbrauchsdaten fehlen oder sind 0 (Zählerart Heizung). Erfassen Sie die Zählerstände der Wohnungen.",
    ]);
    expect(
      errorsOf((input) => {
        input.consumption = [{ unitId: "A", meter: "heating", value: 0 }];
        input.costItems = [{ costType: "Warmwasser", amount: "100.00", key: "consumption" }];
      }),
    ).toEqual([
      "Warmwasser: HeizkV-Verteilung nicht möglich: Verbrauchsdaten fehlen oder sind 0 (Zählerart Warmwasser). Erfassen Sie die Zählerstände der Wohnungen.",
    ]);
  });

  it("does not block an item of 0.00 without a basis", () => {
    const result = expectResult(
      calculateStatement({
        ...buildBaseInput(),
        costItems: [
          { costType: "Grundsteuer", amount: "10.00", key: "area" },
          { costType: "Kaltwasser", amount: "0.00", key: "consumption" },
        ],
      }),
    );
    expect(result.items[1]).toMatchObject({
      amount: "0.00",
      distributed: "0.00",
      landlord: "0.00",
    });
  });
});

describe("prepayment rules (part 2, section 5; docs/rules/prepayments.md#prepayment-rules)", () => {
  const withPrepayments =
    (prepayments: NonNullable<StatementInput["tenancies"][number]["prepayments"]>) =>
    (input: StatementInput) => {
      (input.tenancies[0] as StatementInput["tenancies"][number]).prepayments = prepayments;
    };

  it("'Vorauszahlungsbetrag muss größer als 0 sein'", () => {
    expect(errorsOf(withPrepayments([{ monthlyAmount: "0.00", validFrom: "2024-01-01" }]))).toEqual(
      ["Vorauszahlungsbetrag muss größer als 0 sein"],
    );
  });

  it("'Enddatum muss nach dem Startdatum liegen'", () => {
    expect(
      errorsOf(
        withPrepayments([
          { monthlyAmount: "10.00", validFrom: "2024-05-01", validUntil: "2024-04-30" },
        ]),
      ),
    ).toEqual(["Enddatum muss nach dem Startdatum liegen"]);
    expect(
      errorsOf(
        withPrepayments([
          { monthlyAmount: "10.00", validFrom: "2024-05-01", validUntil: "2024-05-01" },
        ]),
      ),
    ).toEqual(["Enddatum muss nach dem Startdatum liegen"]);
  });

  it("'Vorauszahlung überschneidet sich mit bestehenden Zeiträumen', an open end counting as 2099-12-31", () => {
    expect(
      errorsOf(
        withPrepayments([
          { monthlyAmount: "10.00", validFrom: "2024-01-01", validUntil: null },
          { monthlyAmount: "20.00", validFrom: "2098-01-01", validUntil: null },
        ]),
      ),
    ).toEqual(["Vorauszahlung überschneidet sich mit bestehenden Zeiträumen"]);
    expect(
      warningsOf(
        withPrepayments([
          { monthlyAmount: "10.00", validFrom: "2024-01-01", validUntil: "2024-06-30" },
          { monthlyAmount: "20.00", validFrom: "2024-07-01", validUntil: null },
        ]),
      ),
    ).toEqual([]);
  });

  it("warns above 10,000 EUR a month", () => {
    expect(
      warningsOf(withPrepayments([{ monthlyAmount: "10000.01", validFrom: "2024-01-01" }])),
    ).toEqual(["Vorauszahlungsbetrag erscheint ungewöhnlich hoch (> 10.000 €)"]);
    expect(
      warningsOf(withPrepayments([{ monthlyAmount: "10000.00", validFrom: "2024-01-01" }])),
    ).toEqual([]);
  });
});

describe("CO2 checks", () => {
  it("'Keine Heiz-/Warmwasserkosten für CO2-Berechnung gefunden.' with CO2 data but no heating items", () => {
    expect(errorsOf((input) => (input.co2 = { fuel: "gas", consumptionKwh: 1000 }))).toEqual([
      "Keine Heiz-/Warmwasserkosten für CO2-Berechnung gefunden.",
    ]);
  });

  it("'CO2-Preis für 2027 fehlt' from 2027 on", () => {
    expect(
      errorsOf((input) => {
        input.period = { start: "2027-01-01", end: "2027-12-31" };
        input.costItems = [{ costType: "Heizung", amount: "1000.00", key: "area" }];
        input.co2 = { fuel: "gas", consumptionKwh: 1000 };
      }),
    ).toEqual([
      "CO2-Preis für 2027 fehlt: Er ist gesetzlich nicht festgelegt. Bitte den CO2-Preis je Tonne oder die CO2-Kosten laut Rechnung des Lieferanten angeben.",
    ]);
  });

  it("rejects a landlord CO2 share above the heating costs", () => {
    expect(
      errorsOf((input) => {
        input.costItems = [{ costType: "Heizung", amount: "10.00", key: "area" }];
        input.co2 = { emissionsKg: 100000, cost: "500.00" };
      }),
    ).toEqual([MESSAGES.co2LandlordShareExceedsCosts("475.00")]);
  });
});

describe("warnings about readings", () => {
  it("warns when intermediate readings exceed the unit's value, and when a reading's tenancy lies outside the period", () => {
    const warnings = warningsOf((input) => {
      input.tenancies[0] = { id: "tA", unitId: "A", start: "2020-01-01", end: "2024-06-30" };
      input.tenancies.push({ id: "old", unitId: "A", start: "2010-01-01", end: "2019-12-31" });
      input.consumption = [
        { unitId: "A", meter: "coldwater", value: 10 },
        { unitId: "A", tenancyId: "tA", meter: "coldwater", value: 12 },
        { unitId: "A", tenancyId: "old", meter: "coldwater", value: 5 },
        { unitId: "B", meter: "coldwater", value: 5 },
      ];
      input.costItems = [{ costType: "Kaltwasser", amount: "100.00", key: "consumption" }];
    });
    expect(warnings).toEqual([
      'Feld "consumption[2].tenancyId": Mietverhältnis "old" liegt außerhalb des Abrechnungszeitraums; der Wert wird nicht berücksichtigt',
      'Zwischenablesungen der Wohneinheit "A" (coldwater) übersteigen deren Gesamtverbrauch; für die übrigen Zeiträume zählt 0',
    ]);
  });
});
