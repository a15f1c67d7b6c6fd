import { z } from "zod";

// The one id check. Ids are UUIDs; anything else can name no row, and the server answers 404
// for it like for a missing or foreign id (docs/rules/accounts-and-plans.md#account-data).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuidText(value: string): boolean {
  return UUID.test(value);
}

/** An optional id: "" and null become null. */
export function optionalUuidField(message: string) {
  return z
    .string({ error: message })
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : null))
    .refine((v) => v === null || isUuidText(v), { message });
}

/** A required id. */
export function requiredUuidField(message: string) {
  return z
    .string({ error: message })
    .transform((v) => v.trim())
    .refine((v) => v !== "", { message })
    .refine((v) => v === "" || isUuidText(v), { message });
}
