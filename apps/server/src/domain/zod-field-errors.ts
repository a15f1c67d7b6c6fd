import type { ZodError } from "zod";

/** Field path -> first German message, e.g. { "units.0.area": "Fläche muss größer als 0 sein" }. */
export function collectFieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
