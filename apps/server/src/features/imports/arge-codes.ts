import type { TaxCategory } from "@nk/contract";

// The code tables of the ARGE Heiwako standard the import reads (docs/imports/arge-heiwako.md,
// sections "Kostenarten", "Einheiten", "Ablesekennzeichen", "steuerliche Leistungsart").

/** Table K, the keys a D record may carry, with their names. */
export const D_COST_TYPE_LABELS: Readonly<Record<string, string>> = {
  "230": "Gesamtkosten",
  "231": "Kosten HZG + WW",
  "234": "Kosten HZG",
  "235": "Kosten WW",
  "236": "Kosten Frisch- und Abwasser",
  "237": "Kosten Frischwasser",
  "238": "Kosten Abwasser",
  "239": "Kosten Oberflächenentwässerung",
  "244": "Kaltwasser, Abwasser und weitere Betriebskosten",
  "250": "Zwischenablesung",
  "251": "Kosten Nutzerwechsel",
  "252": "Kosten Schätzung",
  "253": "Kosten MwSt-Errechnung",
  "255": "Zusätzlicher Ablesetermin",
  "256": "Zwischenablese- und Nutzerwechselkosten",
  "257": "Summe Sonderkosten",
  "258": "Direktkosten (Nutzer)",
  "259": "Weitere Betriebskosten",
  "260": "Nicht umlagefähige Kosten",
  "300": "Gerätemiete Heizkostenverteiler",
  "301": "Gerätemiete Warmwasserzähler",
  "302": "Gerätemiete Wärmemengenzähler",
  "303": "Gerätemiete Kaltwasserzähler",
};

/**
 * The heating and water results taken into the statement, by D key, and the cost item each goes
 * to (§ 2 Nr. 2-6 BetrKV, §§ 7, 8 HeizkV). 231 is heating and hot water together, billed by the
 * firm as one: it goes to "Heizung". The other keys (user-change and estimate fees, special and
 * non-allocable costs, device rents billed apart) are shown and not taken: whether a tenant owes
 * them depends on the lease (user-change fees: BGH VIII ZR 19/07), so the landlord decides.
 */
export const D_COST_TYPE_TARGETS: Readonly<Record<string, string>> = {
  "231": "Heizung",
  "234": "Heizung",
  "235": "Warmwasser",
  "236": "Kaltwasser",
  "237": "Kaltwasser",
  "238": "Abwasser",
  "239": "Entwässerung",
  "244": "Kaltwasser",
};

/** Keys that hold the same costs as others: both for one user would count them twice. */
export const D_OVERLAPS: readonly (readonly [string, readonly string[]])[] = [
  ["231", ["234", "235"]],
  ["236", ["237", "238"]],
  ["244", ["236", "237", "238"]],
];

/** The D key of the sum of a user's other records (not added again). */
export const D_TOTAL_CODE = "230";

/** E835 keys (table K) by the D result their costs are part of: heating positions, hot water, cold water. */
export function getTaxTargetCandidates(code: string): string[] {
  if (code === "062") return ["Warmwasser", "Heizung"];
  if (code === "243") return ["Kaltwasser"];
  if (code === "054" || (code >= "221" && code <= "229")) return ["Heizung"];
  return [];
}

/** Table L: § 35a EStG classes from 2009 (11, 12 household, 13 craftsmen); 01-04 before 2009. */
export function getTaxCategory(taxClass: string): TaxCategory | "none" | "old" {
  if (taxClass === "00") return "none";
  if (taxClass === "11" || taxClass === "12") return "householdServices";
  if (taxClass === "13") return "craftsmen";
  return "old";
}

/** Table E: units of the consumption (D 19). */
export const UNIT_LABELS: Readonly<Record<string, string>> = {
  "001": "GJ",
  "002": "MWh",
  "003": "m³",
  "004": "kcal",
  "005": "kWh",
  "010": "m² Wohnfläche",
  "011": "m² beheizte Wohnfläche",
  "030": "Verbrauchseinheiten",
  "031": "Verbrauchswerte",
  "034": "Personen × Monate",
  "035": "Personen",
  "040": "Prozent",
};

/** Table S (D 20): reading, split and estimate marks; 1-8 and 15 are estimates (§ 9a HeizkV). */
export const READING_LABELS: Readonly<Record<number, string>> = {
  1: "Schätzung",
  2: "Schätzung nach Vorjahr",
  3: "Schätzung nach Normwärmeleistung",
  4: "Schätzung nach Grundanteil",
  5: "Teilschätzung",
  6: "Schätzung nach Fläche",
  7: "Schätzung nach vergleichbaren Zeiträumen",
  8: "Schätzung nach Durchschnittsverbrauch",
  10: "nur Kostenlieferung",
  11: "Hauptablesung",
  12: "Zwischenablesung",
  13: "Aufteilung nach Tagen",
  14: "Aufteilung nach Gradtagen",
  15: "Schätzung nach vergleichbaren Räumen",
};

export function isEstimateCode(code: number): boolean {
  return (code >= 1 && code <= 8) || code === 15;
}

// What the export writes (decision 1600): table B (fuel and its unit), the K keys of the
// heating cost sheet's invoices and of the other items, table L from the § 35a category and
// the table E units of the M record's shares.

/**
 * Table B by our fuel and quantity unit, with the heating value (kWh per unit) of § 9 (2)
 * HeizkV where the supplier's is not stored. B 9 must be filled whenever B 8 is: a fuel
 * without a value in HeizkV (heating oil in kg, LPG in litres, coal of unknown kind) goes
 * without both; the firm reads the fuel from the K records' quantities then.
 */
export const FUEL_CODES: Readonly<Record<string, { code: string; heatingValueKwh: string }>> = {
  "oil/l": { code: "111", heatingValueKwh: "10" },
  "lpg/kg": { code: "152", heatingValueKwh: "13" },
  "gas/m3": { code: "193", heatingValueKwh: "10" },
  "gas/kWh": { code: "194", heatingValueKwh: "1" },
  "district_heating/kWh": { code: "144", heatingValueKwh: "1" },
  "pellets/kg": { code: "123", heatingValueKwh: "5" },
  "pellets/t": { code: "124", heatingValueKwh: "5000" },
  "pellets/kWh": { code: "125", heatingValueKwh: "1" },
  "wood/kg": { code: "198", heatingValueKwh: "4.1" },
};

/** Table K: a fuel delivery or the fuel bill of a grid fuel. */
export const K_FUEL_INVOICE_CODE = "201";

/** Table K keys of the heating cost sheet's components (§ 7 (2) HeizkV), with their names. */
export const K_HEATING_COMPONENTS = [
  { field: "maintenance", code: "221", label: "Wartungskosten" },
  { field: "emissionMeasurement", code: "224", label: "Immissionsmessung" },
  { field: "meteringService", code: "227", label: "Servicekosten der Messdienstfirma" },
  { field: "operatingPower", code: "220", label: "Betriebsstrom" },
] as const;

/** Table K: heating or hot water without a cost sheet (free text), cold water, other operating costs (free text). */
export const K_HEATING_TEXT_CODE = "228";
export const K_COLD_WATER_CODE = "240";
export const K_OTHER_TEXT_CODE = "242";

/** Table L from the § 35a category of an item: household services 12 (Abs. 2), craftsmen 13 (Abs. 3); none 00. */
export function getTaxClass(category: TaxCategory | null): string {
  if (category === "householdServices") return "12";
  if (category === "craftsmen") return "13";
  return "00";
}

/** Table E: the shares the M record sends (m² Wohnfläche, Personen). */
export const UNIT_CODE_AREA = "010";
export const UNIT_CODE_PERSONS = "035";
