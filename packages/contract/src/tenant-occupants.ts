import { z } from "zod";
import { isCalendarDate } from "./calendar-dates.ts";
import { wholeNumberSchema } from "./decimal-text.ts";

// Occupants of a tenancy over time (docs/rules/statements.md, entity tenant_attributes: persons, valid_from,
// valid_until). The persons key weights by person-days (docs/rules/tenancies-and-keys.md#who-bears-what), so a change of the
// household during the year is recorded as a new period from its date on. The periods of a
// tenant never overlap: a change closes the period it falls into on the day before.

export const OCCUPANCY_MESSAGES = {
  personsInvalid: "Personenanzahl muss eine ganze Zahl ab 0 sein",
  validFromInvalid: "Gültig-ab-Datum ist ungültig",
  beforeMoveIn: "Die Änderung darf nicht vor dem Einzugsdatum liegen",
  afterMoveOut: "Die Änderung darf nicht nach dem Auszugsdatum liegen",
  moveInAfterLaterChange:
    "Das Einzugsdatum darf nicht nach einer späteren Änderung der Personenzahl liegen",
  lastPeriod: "Der einzige Belegungszeitraum kann nicht gelöscht werden",
  notFound: "Belegungszeitraum nicht gefunden",
  saved: "Personenzahl gespeichert",
  deleted: "Belegungszeitraum gelöscht",
} as const;

const personsSchema = wholeNumberSchema(OCCUPANCY_MESSAGES.personsInvalid, 0, 999);

/** POST /api/tenants/:id/occupants: from `validFrom` on, `persons` people live in the unit. */
export const occupancyChangeBodySchema = z.object({
  persons: personsSchema,
  validFrom: z
    .string({ error: OCCUPANCY_MESSAGES.validFromInvalid })
    .trim()
    .refine(isCalendarDate, { message: OCCUPANCY_MESSAGES.validFromInvalid }),
});
export type OccupancyChangeBody = z.input<typeof occupancyChangeBodySchema>;
export type OccupancyChange = z.output<typeof occupancyChangeBodySchema>;

/** PATCH /api/occupants/:id: corrects the persons of one period. */
export const occupancyUpdateBodySchema = z.object({ persons: personsSchema });
export type OccupancyUpdateBody = z.input<typeof occupancyUpdateBodySchema>;
export type OccupancyUpdate = z.output<typeof occupancyUpdateBodySchema>;

export const occupancyPeriodSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  persons: z.number().int(),
  validFrom: z.string(),
  /** Inclusive last day; null = open end. */
  validUntil: z.string().nullable(),
});
export type OccupancyPeriod = z.infer<typeof occupancyPeriodSchema>;

export const occupancyListResponseSchema = z.array(occupancyPeriodSchema);
