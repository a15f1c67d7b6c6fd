import { isUuidText } from "@nk/contract";
import { NotFound } from "./domain-errors.ts";

// Ids in URLs and bodies are uuids. Anything else can name no row, so it answers 404 like a
// missing or foreign id (docs/rules/accounts-and-plans.md#account-data), instead of reaching PostgreSQL as an invalid uuid cast.

export function isResourceId(value: string | null | undefined): value is string {
  return typeof value === "string" && isUuidText(value);
}

/** The id itself, or NotFound with the resource's German message. */
export function requireResourceId(value: string, notFoundMessage: string): string {
  if (!isResourceId(value)) throw new NotFound(notFoundMessage);
  return value;
}
