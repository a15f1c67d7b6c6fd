import { scrubMonitoringText } from "@nk/contract";

// Structured logs: one JSON object per line on stdout, with the request id where there is one.
// Nothing that names a person reaches a line (issue 26): e-mail addresses and IBANs in any text
// are replaced, the fields that hold a person's details are left out, and errors are written as
// their name, code and message only (a database error's detail holds the values of the row).
const LEVELS = { debug: 0, info: 1, warn: 2, error: 3 } as const;
export type LogLevel = keyof typeof LEVELS;

export interface Logger {
  debug(event: string, data?: Record<string, unknown>): void;
  info(event: string, data?: Record<string, unknown>): void;
  warn(event: string, data?: Record<string, unknown>): void;
  error(event: string, data?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): Logger;
}

/** Fields whose value is a person's detail, wherever they appear in a line's data. */
const PERSONAL_FIELDS = new Set([
  "to",
  "email",
  "firstName",
  "lastName",
  "fullName",
  "tenantName",
  "iban",
  "phone",
  "street",
  "address",
  "subject",
  "password",
  "token",
]);
export const REMOVED = "[entfernt]";
const MAX_DEPTH = 6;

/** The value as it may be written: texts scrubbed, personal fields removed, errors reduced. */
function redactLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubMonitoringText(value);
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  if (depth >= MAX_DEPTH) return "[…]";
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return {
      name: value.name,
      message: scrubMonitoringText(value.message),
      ...(typeof code === "string" ? { code } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((item) => redactLogValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      PERSONAL_FIELDS.has(key) ? REMOVED : redactLogValue(item, depth + 1),
    ]),
  );
}

export function createLogger(
  level: LogLevel,
  bindings: Record<string, unknown> = {},
  write: (line: string) => void = (line) => void process.stdout.write(`${line}\n`),
): Logger {
  const threshold = LEVELS[level];
  const log =
    (lvl: LogLevel) =>
    (event: string, data: Record<string, unknown> = {}) => {
      if (LEVELS[lvl] < threshold) return;
      write(
        JSON.stringify({
          time: new Date().toISOString(),
          level: lvl,
          event,
          ...bindings,
          ...(redactLogValue(data) as Record<string, unknown>),
        }),
      );
    };
  return {
    debug: log("debug"),
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    child: (more) => createLogger(level, { ...bindings, ...more }, write),
  };
}
