import { notFound } from "../../http/http-error.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuid columns: anything else cannot exist, so it answers 404 like a foreign id. */
export function isResourceId(value: string | null | undefined): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

export function requireResourceId(value: string, notFoundMessage: string): string {
  if (!isResourceId(value)) throw notFound(notFoundMessage);
  return value;
}
