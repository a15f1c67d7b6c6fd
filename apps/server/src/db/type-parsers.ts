// One result mapping for both drivers, so no query depends on which database runs it:
// numeric stays an exact decimal string (money never becomes a float), date stays 'YYYY-MM-DD'
// (calendar dates, never local times), bigint counts become numbers, timestamps become Date.
const PG_TYPE_OIDS = {
  int8: 20,
  numeric: 1700,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
} as const;

export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  [PG_TYPE_OIDS.int8]: (value) => Number(value),
  [PG_TYPE_OIDS.numeric]: (value) => value,
  [PG_TYPE_OIDS.date]: (value) => value,
  [PG_TYPE_OIDS.timestamp]: (value) => new Date(`${value.replace(" ", "T")}Z`),
  [PG_TYPE_OIDS.timestamptz]: (value) =>
    new Date(value.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00")),
};
