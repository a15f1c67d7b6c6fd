// Which costs a landlord may charge at all (issue 24, items 10 and 11; docs/decisions/1062-cost-types-the-law-allows.md,
// docs/calculation/13-umlagefaehigkeit.md). The code list of the product: every cost type the
// wizard offers and the usual names of costs that may not be charged, each with its verdict for
// residential and for commercial tenancies and the rule it rests on. Residential tenancies:
// § 556 (1) BGB with the BetrKV; what the BetrKV excludes (§ 1 (2): administration, upkeep and
// repairs) can not be agreed either (§ 556 (4) BGB). Commercial tenancies are free contracts:
// costs outside the BetrKV can be agreed, so the product asks for the lease clause instead.

export const TENANCY_LAWS = ["residential", "commercial"] as const;
export type TenancyLaw = (typeof TENANCY_LAWS)[number];

/** allocable: may be charged; conditional: only by agreement or only up to a day; notAllocable: never. */
export const ALLOCABILITY_STATUSES = ["allocable", "conditional", "notAllocable"] as const;
export type AllocabilityStatus = (typeof ALLOCABILITY_STATUSES)[number];

/** Cable fees (BetrKV § 2 Nr. 15 as amended by the TKMoG): chargeable up to this day. */
export const CABLE_FEES_LAST_DAY = "2024-06-30";

interface VerdictRule {
  status: AllocabilityStatus;
  /** In German: why, addressed to the landlord (the wizard shows it; errors quote it). */
  reason: string;
  /** The rule it rests on ('§ 1 Abs. 2 Nr. 1 BetrKV'). */
  source: string;
  /** conditional: the landlord confirms with the lease clause. */
  needsLeaseClause?: boolean;
  /** conditional: only the days up to this day may be charged (prorated by the engine). */
  allocableUntil?: string;
}

interface CostTypeRule {
  /** The name the wizard offers and the letters print. */
  costType: string;
  /** Other names that mean the same (compared without case, spaces, hyphens). */
  aliases?: readonly string[];
  residential: VerdictRule;
  commercial: VerdictRule;
}

const allocable = (
  source: string,
  reason = "Betriebskosten im Sinne der Betriebskostenverordnung.",
): VerdictRule => ({ status: "allocable", reason, source });
const byLease = (reason: string, source: string): VerdictRule => ({
  status: "conditional",
  reason,
  source,
  needsLeaseClause: true,
});
const never = (reason: string, source: string): VerdictRule => ({
  status: "notAllocable",
  reason,
  source,
});
const both = (rule: VerdictRule) => ({ residential: rule, commercial: rule });
const commercialByLease = (what: string): VerdictRule =>
  byLease(
    `Bei Gewerberaum nur, wenn der Mietvertrag ${what} ausdrücklich und der Höhe nach bestimmbar auf den Mieter umlegt.`,
    "§ 535 Abs. 1 Satz 3 BGB, Vertragsfreiheit bei Gewerberaum",
  );
const otherCosts = (what: string, source = "§ 2 Nr. 17 BetrKV"): VerdictRule =>
  byLease(
    `Sonstige Betriebskosten: nur umlegbar, wenn der Mietvertrag ${what} ausdrücklich als umlegbare Betriebskosten nennt.`,
    source,
  );

/** The code list. Order: as the wizard offers them (BetrKV order, then the rest). */
export const COST_TYPE_RULES: readonly CostTypeRule[] = [
  { costType: "Grundsteuer", ...both(allocable("§ 2 Nr. 1 BetrKV")) },
  {
    costType: "Kaltwasser",
    aliases: ["Wasserversorgung", "Frischwasser"],
    ...both(allocable("§ 2 Nr. 2 BetrKV")),
  },
  {
    costType: "Abwasser",
    aliases: ["Entwässerung", "Schmutzwasser", "Niederschlagswasser"],
    ...both(allocable("§ 2 Nr. 3 BetrKV")),
  },
  { costType: "Heizung", ...both(allocable("§ 2 Nr. 4 BetrKV, HeizkV")) },
  { costType: "Warmwasser", ...both(allocable("§ 2 Nr. 5 BetrKV, HeizkV")) },
  {
    costType: "Verbundene Heizungs- und Warmwasserversorgungsanlagen",
    ...both(allocable("§ 2 Nr. 6 BetrKV, § 9 HeizkV")),
  },
  { costType: "Aufzug", ...both(allocable("§ 2 Nr. 7 BetrKV")) },
  { costType: "Straßenreinigung", ...both(allocable("§ 2 Nr. 8 BetrKV")) },
  { costType: "Müllabfuhr", aliases: ["Müllbeseitigung"], ...both(allocable("§ 2 Nr. 8 BetrKV")) },
  {
    costType: "Gebäudereinigung",
    aliases: ["Treppenhausreinigung"],
    ...both(allocable("§ 2 Nr. 9 BetrKV")),
  },
  { costType: "Ungezieferbekämpfung", ...both(allocable("§ 2 Nr. 9 BetrKV")) },
  { costType: "Gartenpflege", ...both(allocable("§ 2 Nr. 10 BetrKV")) },
  { costType: "Beleuchtung", aliases: ["Allgemeinstrom"], ...both(allocable("§ 2 Nr. 11 BetrKV")) },
  {
    costType: "Schornsteinfeger",
    aliases: ["Schornsteinreinigung"],
    ...both(allocable("§ 2 Nr. 12 BetrKV")),
  },
  {
    costType: "Versicherung",
    aliases: ["Sach- und Haftpflichtversicherung", "Gebäudeversicherung"],
    ...both(allocable("§ 2 Nr. 13 BetrKV")),
  },
  { costType: "Hausmeister", aliases: ["Hauswart"], ...both(allocable("§ 2 Nr. 14 BetrKV")) },
  {
    costType: "Gemeinschafts-Antennenanlage",
    ...both(
      allocable(
        "§ 2 Nr. 15 Buchst. a BetrKV",
        "Betriebsstrom, Prüfung und Einstellung der Anlage. Gebühren für die Kabelweitersendung nach dem Urheberrechtsgesetz nur bis 30.06.2024: bitte als Kabelanschluss erfassen.",
      ),
    ),
  },
  {
    costType: "Kabelanschluss",
    aliases: ["Breitbandnetz", "Breitbandkabel", "Kabel-TV", "Kabelfernsehen", "Kabelgebühren"],
    residential: {
      status: "conditional",
      reason:
        "Die Grundgebühren des Kabelanschlusses sind nur bis zum 30.06.2024 umlagefähig (für Anlagen, die seit dem 01.12.2021 errichtet wurden, gar nicht); bei einem Abrechnungszeitraum über diesen Tag hinaus wird nur der Anteil der Tage bis dahin umgelegt, den Rest trägt der Vermieter. Der Betriebsstrom der Verteilanlage bleibt umlagefähig (als Betriebsstrom erfassen).",
      source:
        "§ 2 Nr. 15 BetrKV in der Fassung des Telekommunikationsmodernisierungsgesetzes, Übergangsregel in § 230 TKG",
      allocableUntil: CABLE_FEES_LAST_DAY,
    },
    commercial: commercialByLease("die Kabelgebühren"),
  },
  {
    costType: "Glasfaserbereitstellungsentgelt",
    ...both(
      byLease(
        "Nur in den Grenzen des § 72 TKG (höchstens 60 € brutto je Wohnung und Jahr, höchstens fünf, ausnahmsweise neun Jahre) und wenn der Mietvertrag die Umlage vorsieht.",
        "§ 2 Nr. 15 Buchst. c BetrKV, § 72 TKG",
      ),
    ),
  },
  {
    costType: "Einrichtungen für die Wäschepflege",
    aliases: ["Waschküche", "Gemeinschaftswaschmaschine"],
    ...both(allocable("§ 2 Nr. 16 BetrKV")),
  },
  {
    costType: "Betriebsstrom",
    ...both(
      allocable(
        "§ 2 Nr. 4, 7, 11 und 15 BetrKV",
        "Strom für den Betrieb von Heizung, Aufzug, Beleuchtung und Verteilanlagen.",
      ),
    ),
  },
  {
    costType: "Sonstige",
    aliases: ["Sonstige Betriebskosten"],
    residential: otherCosts("diese Kosten"),
    commercial: otherCosts("diese Kosten", "Mietvertrag"),
  },
  {
    costType: "Rauchwarnmelder-Wartung",
    aliases: ["Wartung Rauchwarnmelder", "Rauchmelder-Wartung", "Wartung Rauchmelder"],
    residential: otherCosts(
      "die Wartung der Rauchwarnmelder (oder den Betrieb von Brandschutz- und Brandmeldeanlagen)",
      "§ 2 Nr. 17 BetrKV; BGH, Urteil vom 05.10.2022, VIII ZR 117/21",
    ),
    commercial: commercialByLease("die Wartung der Rauchwarnmelder"),
  },
  {
    costType: "Verwaltungskosten",
    aliases: ["Verwaltung", "Hausverwaltung", "Verwaltergebühr", "Verwalterhonorar"],
    residential: never(
      "Verwaltungskosten sind keine Betriebskosten und dürfen bei Wohnraum auch durch Vereinbarung nicht umgelegt werden.",
      "§ 1 Abs. 2 Nr. 1 BetrKV, § 556 Abs. 1 und 4 BGB",
    ),
    commercial: commercialByLease("die Verwaltungskosten"),
  },
  {
    costType: "Instandhaltung",
    aliases: ["Instandsetzung", "Instandhaltungskosten", "Instandsetzungskosten", "Erhaltung"],
    residential: never(
      "Kosten der Instandhaltung und Instandsetzung trägt der Vermieter; sie sind keine Betriebskosten.",
      "§ 1 Abs. 2 Nr. 2 BetrKV, § 535 Abs. 1 Satz 2 BGB",
    ),
    commercial: commercialByLease(
      "die Instandhaltung (gemeinschaftlich genutzter Flächen nur mit Höchstbetrag)",
    ),
  },
  {
    costType: "Instandhaltungsrücklage",
    aliases: ["Erhaltungsrücklage", "Rücklage", "Instandhaltungsrückstellung"],
    residential: never(
      "Die Rücklage für künftige Instandhaltung ist keine Betriebskosten-Art und nicht umlagefähig.",
      "§ 1 Abs. 2 Nr. 2 BetrKV, § 556 Abs. 1 und 4 BGB",
    ),
    commercial: commercialByLease("eine Instandhaltungsrücklage"),
  },
  {
    costType: "Reparaturen",
    aliases: ["Reparatur", "Reparaturkosten", "Kleinreparaturen"],
    residential: never(
      "Reparaturen sind Instandsetzung und keine Betriebskosten (eine Kleinreparaturklausel im Mietvertrag wird nicht über die Nebenkosten abgerechnet).",
      "§ 1 Abs. 2 Nr. 2 BetrKV",
    ),
    commercial: commercialByLease("die Reparaturkosten"),
  },
  {
    costType: "Rauchwarnmelder-Miete",
    aliases: [
      "Miete Rauchwarnmelder",
      "Rauchmelder-Miete",
      "Miete Rauchmelder",
      "Rauchwarnmelder-Leasing",
    ],
    residential: never(
      "Die Miete für Rauchwarnmelder steht den Anschaffungskosten gleich und ist nicht umlagefähig; die Wartung ist es als sonstige Betriebskosten.",
      "BGH, Urteil vom 11.05.2022, VIII ZR 379/20; § 1 Abs. 2 BetrKV",
    ),
    commercial: commercialByLease("die Miete der Rauchwarnmelder"),
  },
  {
    costType: "Kontoführungsgebühren",
    aliases: ["Bankgebühren", "Kontoführung", "Bankspesen", "Porto"],
    residential: never(
      "Bank- und Kontoführungsgebühren gehören zu den Verwaltungskosten und sind nicht umlagefähig.",
      "§ 1 Abs. 2 Nr. 1 BetrKV",
    ),
    commercial: commercialByLease("die Bankgebühren"),
  },
  {
    costType: "CO2-Abgabe",
    aliases: ["CO2-Kosten", "CO2-Preis", "CO2-Steuer", "CO2 Abgabe"],
    ...both(
      never(
        "Die CO₂-Kosten sind schon im Brennstoffpreis enthalten und werden über die CO₂-Angaben dieser Abrechnung nach dem Gesetz zwischen Mieter und Vermieter aufgeteilt. Als eigene Position würden sie doppelt und ohne diese Aufteilung umgelegt.",
        "§§ 5 bis 8 CO2KostAufG",
      ),
    ),
  },
];

/** Compares cost type names without case, spaces, hyphens and subscripts (CO₂ = CO2). */
function normalize(name: string): string {
  return name
    .toLowerCase()
    .replace(/₂/g, "2")
    .replace(/[\s\-–_./]+/g, "");
}

const RULES_BY_NAME = new Map<string, CostTypeRule>();
for (const rule of COST_TYPE_RULES) {
  for (const name of [rule.costType, ...(rule.aliases ?? [])])
    RULES_BY_NAME.set(normalize(name), rule);
}

/** Everything the wizard and the server need to know about one cost type in one statement. */
export interface CostTypeVerdict {
  /** The name as given. */
  costType: string;
  /** Is it on the product's list (else it counts as sonstige Betriebskosten)? */
  isKnown: boolean;
  status: AllocabilityStatus;
  reason: string;
  source: string;
  /** The landlord must name the lease clause (allocationNote) before it is charged. */
  needsConfirmation: boolean;
  /** Only the days up to this day are charged (the engine's allocableUntil), else null. */
  allocableUntil: string | null;
}

const UNKNOWN_RULE: VerdictRule = byLease(
  "Diese Kostenart gehört zu keiner der Betriebskostenarten des § 2 Nr. 1 bis 16 BetrKV; als sonstige Betriebskosten nur umlegbar, wenn der Mietvertrag sie ausdrücklich nennt. Nicht umlagefähig sind Verwaltung, Instandhaltung und Reparaturen.",
  "§ 2 Nr. 17 BetrKV, § 1 Abs. 2 BetrKV",
);

/**
 * The verdict for a cost item of a statement: by the tenancy law of the property and the
 * billing period (a cost type charged only up to a day is not allocable in a period after it).
 */
export function classifyCostType(
  costType: string,
  law: TenancyLaw,
  period: { start: string; end: string },
): CostTypeVerdict {
  const rule = RULES_BY_NAME.get(normalize(costType));
  const verdict = rule ? rule[law] : UNKNOWN_RULE;
  const base = {
    costType,
    isKnown: rule !== undefined,
    reason: verdict.reason,
    source: verdict.source,
  };
  if (verdict.allocableUntil) {
    if (period.start > verdict.allocableUntil)
      return { ...base, status: "notAllocable", needsConfirmation: false, allocableUntil: null };
    if (period.end <= verdict.allocableUntil)
      return { ...base, status: "allocable", needsConfirmation: false, allocableUntil: null };
    return {
      ...base,
      status: "conditional",
      needsConfirmation: false,
      allocableUntil: verdict.allocableUntil,
    };
  }
  return {
    ...base,
    status: verdict.status,
    needsConfirmation: verdict.needsLeaseClause === true,
    allocableUntil: null,
  };
}

/** The property's type as tenancy law: a Gewerbeobjekt is commercial, every other type residential (the stricter rules). */
export function getTenancyLaw(propertyType: string | null | undefined): TenancyLaw {
  return propertyType === "Gewerbeobjekt" ? "commercial" : "residential";
}

/** The cost types the wizard offers, in the code list's order. */
export const OFFERED_COST_TYPES: readonly string[] = COST_TYPE_RULES.map((rule) => rule.costType);

/** 'Reason sentence (§ … BetrKV).': the reason with its rule, for the wizard and the messages. */
export function withSource(reason: string, source: string): string {
  return `${reason.replace(/\.$/, "")} (${source}).`;
}

/** The German messages of the check (the server's 400 answer; the wizard shows the same texts). */
export const ALLOCABILITY_MESSAGES = {
  notAllocable: (costType: string, law: TenancyLaw, reason: string, source: string): string =>
    `„${costType}“ ist ${law === "residential" ? "bei Wohnraum " : ""}nicht umlagefähig: ${withSource(reason, source)}`,
  confirmationRequired: (costType: string): string =>
    `„${costType}“ darf nur umgelegt werden, wenn die Umlage im Mietvertrag vereinbart ist. Bitte geben Sie an, wo (z. B. „Mietvertrag § 4 Abs. 2“).`,
  noteTooShort: "Bitte geben Sie die Fundstelle im Mietvertrag an (mindestens 3 Zeichen).",
  noteTooLong: "Die Angabe darf höchstens 300 Zeichen lang sein.",
  label: "Umlage vereinbart in",
  hint: "Fundstelle im Mietvertrag, z. B. „Mietvertrag § 4 Abs. 2: Wartung der Rauchwarnmelder“. Sie erscheint in der Abrechnung.",
} as const;
