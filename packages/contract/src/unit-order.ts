// Units in the order of the building, not of the alphabet (issue 23: "1. OG" sorted before
// "EG"): cellar, ground floor, upper floors by number, attic; within a floor and for names
// without a floor, naturally ("Wohnung 2" before "Wohnung 10", "links" before "rechts").

const NAME_COLLATOR = new Intl.Collator("de", { numeric: true, sensitivity: "base" });

const CELLAR =
  /(^|[^\p{L}])(KG|UG|Keller(geschoss)?|Untergeschoss|Souterrain|Tiefparterre)($|[^\p{L}])/iu;
const GROUND = /(^|[^\p{L}])(EG|Erdgeschoss|Hochparterre|Parterre)($|[^\p{L}])/iu;
const UPPER = /(\d+)\s*\.?\s*(OG|Obergeschoss|Etage|Stock|Geschoss)($|[^\p{L}])/iu;
const UPPER_NUMBER_AFTER = /(^|[^\p{L}])(OG|Obergeschoss)\s*(\d+)/iu;
/** "OG" without a number is the (only) upper floor. */
const BARE_UPPER = /(^|[^\p{L}])(OG|Obergeschoss)($|[^\p{L}])/iu;
const ATTIC = /(^|[^\p{L}])(DG|Dachgeschoss|Staffelgeschoss|Spitzboden|Penthouse)($|[^\p{L}])/iu;
/** Names without a floor come after the floors. */
const NO_FLOOR = 10_000;

/** The floor a unit's name speaks of: -1 cellar, 0 ground floor, n the n-th upper floor, attic above all; else none. */
export function readUnitFloor(name: string): number {
  if (CELLAR.test(name)) return -1;
  if (GROUND.test(name)) return 0;
  const upper = UPPER.exec(name);
  if (upper) return Number(upper[1]);
  const upperAfter = UPPER_NUMBER_AFTER.exec(name);
  if (upperAfter) return Number(upperAfter[3]);
  if (BARE_UPPER.test(name)) return 1;
  if (ATTIC.test(name)) return 1_000;
  return NO_FLOOR;
}

/** Compares two unit names in the building's order. */
export function compareUnitNames(a: string, b: string): number {
  return readUnitFloor(a) - readUnitFloor(b) || NAME_COLLATOR.compare(a, b);
}

/** A copy of the units in the building's order (stable for equal names). */
export function sortUnitsByFloor<T extends { name: string }>(units: readonly T[]): T[] {
  return [...units].sort((a, b) => compareUnitNames(a.name, b.name));
}
