import { z } from "zod";
import { isUuidText } from "../ids.ts";
import { importFileSchema } from "./import-file.ts";

// The metering company's results (issue 28, item 2; decision 1404): ARGE Heiwako / bved
// "Standard-Datenaustausch" files, fixed width, ISO-8859-15, CR LF (docs/imports/arge-heiwako.md).
// D records carry each user's costs per cost type, E835 records the § 35a EStG shares, A
// records the firm's flat numbers against the manager's ids. The firm's flats are mapped to
// the property's units once (a mapping screen) and remembered; the heating and water results
// become cost items with the key "direct" (decision 1403).

export const METERING_IMPORT_FEATURE = "bulkImportExport";
/** A, D and E835 come as separate files (the standard gives each its own). */
export const MAX_METERING_FILES = 3;
export const MAX_METERING_RECORDS = 20_000;

export const METERING_FILE_KINDS = ["A", "D", "E835"] as const;
export type MeteringFileKind = (typeof METERING_FILE_KINDS)[number];

/** ok: goes into the statement; skipped: read, not used (the reason says why); error: refuses the import. */
export const METERING_ROW_STATUSES = ["ok", "skipped", "error"] as const;
export type MeteringRowStatus = (typeof METERING_ROW_STATUSES)[number];

export const METERING_IMPORT_MESSAGES = {
  notArgeFile: (fileName: string) =>
    `„${fileName}“ ist keine Datei im ARGE-Heiwako-Format (erwartet A-, D- oder E835-Sätze fester Länge, z. B. DTD305_….DAT vom Messdienst).`,
  mixedRecords: (fileName: string) =>
    `„${fileName}“ enthält verschiedene Satzarten; A-, D- und E835-Sätze kommen je in einer eigenen Datei.`,
  fileTwice: (kind: string) =>
    `Es wurden zwei Dateien mit ${kind}-Sätzen gewählt. Bitte je Satzart eine Datei.`,
  noResults: "Es fehlt die Datei mit den Abrechnungsergebnissen (D-Sätze, DTD305_….DAT).",
  noLineEnds: (fileName: string) =>
    `„${fileName}“: Die Sätze sind nicht durch CR LF getrennt, wie es der Standard verlangt. Bitte die Datei unverändert vom Messdienst übernehmen.`,
  wrongLength: (fileName: string, line: number, length: number, expected: number) =>
    `„${fileName}“, Satz ${line}: ${length} Zeichen statt ${expected}. Die Datei ist beschädigt oder nicht ISO-8859-15 kodiert.`,
  utf8Encoded: (fileName: string) =>
    `„${fileName}“ ist als UTF-8 gespeichert; der Standard verlangt ISO-8859-15, sonst verschieben Umlaute die Felder. Bitte die Originaldatei des Messdienstes verwenden.`,
  controlCharacters: (fileName: string) =>
    `„${fileName}“ enthält Steuerzeichen und ist keine Textdatei des Messdienstes.`,
  tooManyRecords: (max: number) =>
    `Die Dateien enthalten mehr als ${max.toLocaleString("de-DE")} Sätze. Bitte teilen Sie sie auf.`,
  badNumber: (field: string) => `Feld „${field}“ ist keine Zahl im Format des Standards.`,
  badDate: (field: string) => `Feld „${field}“ ist kein gültiges Datum (TTMMJJ).`,
  badFlat:
    "Ordnungsbegriff des Messdienstes (Liegenschaft und Wohnung, 13 Ziffern) fehlt oder ist ungültig.",
  currency: (currency: string) => `Währung „${currency}“ wird nicht unterstützt; erwartet EUR.`,
  costTypeUnknown: (code: string) =>
    `Kostenart ${code} ist in D-Sätzen nicht vorgesehen (Tabelle K).`,
  totalRecord:
    "Gesamtkosten (230) sind die Summe der übrigen Sätze des Nutzers und werden nicht noch einmal addiert.",
  notCharged: (code: string, label: string) =>
    `Kostenart ${code} (${label}) wird nicht übernommen; bitte bei Bedarf im Assistenten erfassen.`,
  combinedAndSplit: (combined: string, split: string) =>
    `Für diesen Nutzer gibt es Kostenart ${combined} und zugleich ${split}; das wären dieselben Kosten zweimal.`,
  recordTwice: "Für diesen Nutzer, Tag und diese Kostenart gibt es schon einen Satz.",
  costsMissing: "Gesamtkosten fehlen in diesem Satz.",
  laborAboveAmount: (costType: string) =>
    `Der Lohnanteil nach § 35a EStG ist höher als der Betrag des Mietverhältnisses für ${costType}.`,
  flatNotMapped: "Wohnung des Messdienstes ist noch keiner Wohnung zugeordnet.",
  flatOtherProperty: "Gehört laut Zuordnung nicht zu dieser Immobilie.",
  noTenancyEnds: (unitName: string, day: string) =>
    `In ${unitName} endet am ${day} weder ein Mietverhältnis noch ein Leerstand dieses Zeitraums (letzter Tag der Nutzung laut Messdienst).`,
  userNotFound:
    "Kein D- oder A-Satz nennt diesen Nutzer (Ordnungsbegriff des Verwalters); der Anteil kann keiner Wohnung zugeordnet werden.",
  taxNoItem: (code: string) =>
    `Zu Kostenart ${code} gibt es keine importierte Position; der Anteil nach § 35a EStG wird nicht übernommen.`,
  taxClassNone: "Keine steuerliche Leistungsart (00).",
  taxClassOld: (code: string) =>
    `Steuerliche Leistungsart ${code} gilt nur für Zeiträume vor 2009.`,
  taxTwoCategories: (costType: string) =>
    `Für ${costType} liefert der Messdienst Anteile in beiden Kategorien nach § 35a EStG; eine Position kann nur eine tragen. Bitte die Lohnanteile im Assistenten erfassen.`,
  taxVacancy: "Anteil für einen Leerstand: trägt der Vermieter, nicht übernommen.",
  unitInvalid: "Wohneinheit nicht gefunden",
  mappingTwice: "Diese Wohnung des Messdienstes ist zweimal zugeordnet.",
  mappingUnitTwice: "Diese Wohnung ist schon einer anderen Wohnung des Messdienstes zugeordnet.",
  needsMapping: (count: number) =>
    `${count === 1 ? "Eine Wohnung des Messdienstes ist" : `${count} Wohnungen des Messdienstes sind`} noch keiner Wohnung zugeordnet.`,
  rowsHaveErrors: (count: number) =>
    `${count === 1 ? "Ein Satz ist" : `${count} Sätze sind`} fehlerhaft. Bitte prüfen Sie die markierten Sätze; es wurde nichts gespeichert.`,
  costsLocked:
    "Die Kosten dieser Abrechnungsperiode sind finalisiert und können nicht mehr geändert werden.",
  billingPeriodNotFound: "Abrechnungsperiode nicht gefunden",
  costTypeByRate: (costType: string) =>
    `${costType} wird in diesem Zeitraum aus einem Tarif berechnet; bitte stellen Sie die Position zuerst auf „Betrag manuell“.`,
  imported: (count: number, items: string) =>
    `${count.toLocaleString("de-DE")} Ergebnisse übernommen: ${items}.`,
  nothingNew: "Diese Ergebnisse sind bereits übernommen; es wurde nichts geändert.",
} as const;

const mappingSchema = z.object({
  /** Liegenschaft (9) + Wohnung (4) of the metering company. */
  firmFlat: z
    .string({ error: METERING_IMPORT_MESSAGES.badFlat })
    .regex(/^\d{13}$/, METERING_IMPORT_MESSAGES.badFlat),
  /** The property's unit, or null: this flat is not part of the property. */
  unitId: z
    .string({ error: METERING_IMPORT_MESSAGES.unitInvalid })
    .refine(isUuidText, METERING_IMPORT_MESSAGES.unitInvalid)
    .nullable(),
});
export type MeteringFlatMapping = z.output<typeof mappingSchema>;

const mappingList = z
  .array(mappingSchema)
  .max(5000)
  .default([])
  .superRefine((list, ctx) => {
    const flats = new Set<string>();
    const units = new Set<string>();
    list.forEach((entry, index) => {
      if (flats.has(entry.firmFlat))
        ctx.addIssue({
          code: "custom",
          path: [index, "firmFlat"],
          message: METERING_IMPORT_MESSAGES.mappingTwice,
        });
      flats.add(entry.firmFlat);
      if (entry.unitId !== null && units.has(entry.unitId))
        ctx.addIssue({
          code: "custom",
          path: [index, "unitId"],
          message: METERING_IMPORT_MESSAGES.mappingUnitTwice,
        });
      if (entry.unitId !== null) units.add(entry.unitId);
    });
  });

export const meteringImportBodySchema = z.object({
  billingPeriodId: z
    .string({ error: METERING_IMPORT_MESSAGES.billingPeriodNotFound })
    .trim()
    .min(1, METERING_IMPORT_MESSAGES.billingPeriodNotFound),
  files: z
    .array(importFileSchema)
    .min(1, METERING_IMPORT_MESSAGES.noResults)
    .max(MAX_METERING_FILES),
  /** The user's choices on the mapping screen; flats remembered from before need none. */
  mappings: mappingList,
});
export type MeteringImportBody = z.input<typeof meteringImportBodySchema>;

export const meteringFlatSchema = z.object({
  firmFlat: z.string(),
  /** The manager's id the firm knows the user by (A/D field 6), for recognising the flat. */
  managerKeys: z.array(z.string()),
  /** User names the D records print (information only). */
  names: z.array(z.string()),
  unitId: z.string().nullable(),
  /** mapped: a unit; excluded: not this property; open: the user must choose. */
  state: z.enum(["mapped", "excluded", "open"]),
  /** The mapping was remembered from an earlier import. */
  isRemembered: z.boolean(),
});
export type MeteringFlat = z.infer<typeof meteringFlatSchema>;

export const meteringResultRowSchema = z.object({
  fileName: z.string(),
  /** 1-based record of its file. */
  line: z.number().int(),
  firmFlat: z.string().nullable(),
  unitName: z.string().nullable(),
  /** The tenancy the result belongs to; null with isVacancy or an error. */
  tenancyId: z.string().nullable(),
  tenantName: z.string().nullable(),
  isVacancy: z.boolean(),
  lastDay: z.string().nullable(),
  costTypeCode: z.string(),
  /** Table K's name of the cost type. */
  costTypeLabel: z.string(),
  /** Our cost item the costs go to; null when not taken. */
  costType: z.string().nullable(),
  costs: z.string().nullable(),
  prepayments: z.string().nullable(),
  balance: z.string().nullable(),
  consumption: z.string().nullable(),
  consumptionUnit: z.string().nullable(),
  isEstimated: z.boolean(),
  readingNote: z.string().nullable(),
  status: z.enum(METERING_ROW_STATUSES),
  message: z.string().nullable(),
});
export type MeteringResultRow = z.infer<typeof meteringResultRowSchema>;

export const meteringTaxRowSchema = z.object({
  fileName: z.string(),
  line: z.number().int(),
  firmFlat: z.string().nullable(),
  tenancyId: z.string().nullable(),
  tenantName: z.string().nullable(),
  costTypeCode: z.string(),
  costType: z.string().nullable(),
  taxClass: z.string(),
  taxCategory: z.enum(["householdServices", "craftsmen"]).nullable(),
  userShare: z.string().nullable(),
  laborShare: z.string().nullable(),
  status: z.enum(METERING_ROW_STATUSES),
  message: z.string().nullable(),
});
export type MeteringTaxRow = z.infer<typeof meteringTaxRowSchema>;

export const meteringItemSchema = z.object({
  costType: z.string(),
  amount: z.string(),
  vacancyAmount: z.string(),
  laborCosts: z.string().nullable(),
  taxCategory: z.enum(["householdServices", "craftsmen"]).nullable(),
  tenancies: z.number().int(),
  /** An item of this cost type exists and is replaced. */
  replacesExisting: z.boolean(),
});
export type MeteringItem = z.infer<typeof meteringItemSchema>;

export const meteringImportPreviewSchema = z.object({
  billingPeriodId: z.string(),
  files: z.array(
    z.object({
      fileName: z.string(),
      kind: z.enum(METERING_FILE_KINDS),
      records: z.number().int(),
      createdAt: z.string().nullable(),
    }),
  ),
  flats: z.array(meteringFlatSchema),
  units: z.array(z.object({ id: z.string(), name: z.string() })),
  rows: z.array(meteringResultRowSchema),
  taxRows: z.array(meteringTaxRowSchema),
  items: z.array(meteringItemSchema),
  counts: z.object({ ok: z.number().int(), skipped: z.number().int(), error: z.number().int() }),
  /** Some flat still needs a unit: the mapping screen comes first. */
  needsMapping: z.boolean(),
  /** These results are stored already: importing changes nothing. */
  isUnchanged: z.boolean(),
});
export type MeteringImportPreview = z.infer<typeof meteringImportPreviewSchema>;

export const meteringImportResultSchema = z.object({
  billingPeriodId: z.string(),
  imported: z.number().int(),
  isUnchanged: z.boolean(),
  items: z.array(meteringItemSchema),
  message: z.string(),
});
export type MeteringImportResult = z.infer<typeof meteringImportResultSchema>;
