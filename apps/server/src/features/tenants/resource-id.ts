import { notFound } from "../../http/http-error.ts";
import { isUuid } from "../../lib/is-uuid.ts";

/** Ids are uuid columns: anything else cannot exist, so it answers 404 like a foreign id. */
export function isResourceId(value: string | null | undefined): value is string {
  return typeof value === "string" && isUuid(value);
}

export function requireResourceId(value: string, notFoundMessage: string): string {
  if (!isResourceId(value)) throw notFound(notFoundMessage);
  return value;
}
