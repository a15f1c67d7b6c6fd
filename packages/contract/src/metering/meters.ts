import { z } from "zod";
import { optionalText } from "../common.ts";
import { optionalUuidField } from "../ids.ts";
import { isCalendarDate } from "../calendar-dates.ts";

// Meters (Zähler): docs/rules/master-data.md#entities 'meter', docs/rules/master-data.md#validation 'Meter', docs/rules/master-data.md#messages
// 'Meters and readings'.

/** The meter types the specification lists, in its order. */
export const METER_TYPES = [
  "Heizkostenverteiler",
  "Warmwasserzähler",
  "Kaltwasser",
  "Strom",
  "Gas",
  "Wärmemengenzähler",
] as const;
export type MeterType = (typeof METER_TYPES)[number];

/** The unit in which each meter type counts (a heat cost allocator counts dimensionless units). */
export const METER_TYPE_UNITS: Record<MeterType, string> = {
  Heizkostenverteiler: "Einheiten",
  Warmwasserzähler: "m³",
  Kaltwasser: "m³",
  Strom: "kWh",
  Gas: "m³",
  Wärmemengenzähler: "kWh",
};

/** A meter without a unit sits in the property's common area (docs/rules/master-data.md#entities 'meter'). */
export const COMMON_AREA_LABEL = "Gemeinschaftsbereich";

export const METER_MESSAGES = {
  requiredFields: "Bitte füllen Sie alle Pflichtfelder aus.",
  invalidType: "Bitte wählen Sie einen gültigen Zählertyp aus.",
  notFound: "Zähler nicht gefunden",
  noneFound: "Keine Zähler gefunden",
  unitNotFound: "Wohneinheit nicht gefunden",
  propertyNotFound: "Immobilie nicht gefunden",
  created: "Zähler erfolgreich hinzugefügt!",
  updated: "Zähler erfolgreich aktualisiert!",
  deleted: "Zähler erfolgreich gelöscht!",
  createFailed: (message: string) => `Fehler beim Hinzufügen: ${message}`,
  updateFailed: (message: string) => `Fehler beim Aktualisieren: ${message}`,
  deleteFailed: (message: string) => `Fehler beim Löschen: ${message}`,
  remoteReadableInvalid: "Bitte geben Sie an, ob der Zähler fernablesbar ist.",
  installedOnInvalid: "Bitte ein gültiges Einbaudatum im Format TT.MM.JJJJ angeben.",
  installedOnInFuture: "Das Einbaudatum darf nicht in der Zukunft liegen.",
  deleteConfirm:
    "Sind Sie sicher, dass Sie diesen Zähler löschen möchten? Alle Zählerstände dieses Zählers werden ebenfalls gelöscht.",
} as const;

const meterFields = {
  meterNumber: z
    .string({ error: METER_MESSAGES.requiredFields })
    .trim()
    .min(1, METER_MESSAGES.requiredFields)
    .max(100, "Die Zählernummer darf höchstens 100 Zeichen lang sein."),
  meterType: z.enum(METER_TYPES, { error: METER_MESSAGES.invalidType }),
  unitId: optionalUuidField(METER_MESSAGES.unitNotFound),
  propertyId: optionalUuidField(METER_MESSAGES.propertyNotFound),
  location: optionalText().refine(
    (v) => v === null || v.length <= 200,
    "Der Standort darf höchstens 200 Zeichen lang sein.",
  ),
  displayName: optionalText().refine(
    (v) => v === null || v.length <= 100,
    "Der Anzeigename darf höchstens 100 Zeichen lang sein.",
  ),
  /** Issue 30 (decision 1630): § 5 HeizkV; absent on create means not remote-readable. */
  isRemoteReadable: z.boolean({ error: METER_MESSAGES.remoteReadableInvalid }).optional(),
  /** The installation day (YYYY-MM-DD) or null when unknown; absent on create means unknown. */
  installedOn: z
    .string({ error: METER_MESSAGES.installedOnInvalid })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v?.trim() || null))
    .refine((v) => v === undefined || v === null || isCalendarDate(v), {
      message: METER_MESSAGES.installedOnInvalid,
    }),
};

/**
 * POST /api/meters. docs/rules/master-data.md#validation: meter number required, and a unit or a property. Choosing a unit
 * clears the property: the server stores property_id null for a unit's meter.
 */
export const createMeterBodySchema = z.object(meterFields).superRefine((body, ctx) => {
  if (!body.unitId && !body.propertyId) {
    ctx.addIssue({ code: "custom", path: ["unitId"], message: METER_MESSAGES.requiredFields });
  }
});
export type CreateMeterBody = z.input<typeof createMeterBodySchema>;

/** PATCH /api/meters/:id: any of the fields; the merged meter must still have a unit or a property. */
export const updateMeterBodySchema = z.object(meterFields).partial();
export type UpdateMeterBody = z.input<typeof updateMeterBodySchema>;

export const listMetersQuerySchema = z.object({
  propertyId: z.string().optional(),
});

export const meterSchema = z.object({
  id: z.string(),
  meterNumber: z.string(),
  meterType: z.enum(METER_TYPES),
  /** As stored: set for a unit's meter (then propertyId is null). */
  unitId: z.string().nullable(),
  /** As stored: set only for a common-area meter. */
  propertyId: z.string().nullable(),
  location: z.string().nullable(),
  displayName: z.string().nullable(),
  /** The unit with its area, or null for the common area ('Gemeinschaftsbereich'). */
  unit: z.object({ id: z.string(), name: z.string(), area: z.string() }).nullable(),
  /** The property the meter belongs to, directly or through its unit. */
  property: z.object({ id: z.string(), name: z.string() }),
  /** Issue 30: § 5 HeizkV remote reading, the installation day and what the regulation asks today. */
  isRemoteReadable: z.boolean(),
  installedOn: z.string().nullable(),
  remoteReading: z.object({
    status: z.enum(["not_covered", "remote_readable", "retrofit_due", "missing"]),
    requiredFrom: z.string().nullable(),
    deadline: z.string().nullable(),
  }),
  latestReading: z.object({ readingValue: z.string(), readingDate: z.string() }).nullable(),
  readingCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Meter = z.infer<typeof meterSchema>;

/** 'Kaltwasser 12345' style label: the display name, else the number. */
export function getMeterLabel(meter: Pick<Meter, "meterNumber" | "displayName">): string {
  return meter.displayName ?? meter.meterNumber;
}

/** 'EG links (62,5 m²)' or 'Gemeinschaftsbereich'. */
export function getMeterLocationLabel(
  meter: Pick<Meter, "unit">,
  formatArea: (area: string) => string,
): string {
  return meter.unit ? `${meter.unit.name} (${formatArea(meter.unit.area)})` : COMMON_AREA_LABEL;
}
