// Ids in URLs are uuids; anything else cannot name a row and answers 404 like a missing one,
// instead of reaching PostgreSQL as an invalid uuid cast.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
