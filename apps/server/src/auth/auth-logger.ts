import { REMOVED, type Logger } from "../lib/logger.ts";

// better-auth's own log (issue 26): it printed multi-line, coloured dumps to the console, with
// SQL parameters and e-mail addresses. Routed through the app's Logger instead: one JSON line
// per event ('auth.library'), its message and, of what it passes along, only what names no
// person (an error's name, code and message; an object's plain fields, redacted by the Logger).

type AuthLogLevel = "debug" | "info" | "warn" | "error";

/** What better-auth's objects carry about the person besides the fields the Logger removes anyway. */
const PERSON_FIELDS = new Set(["name", "image", "ipAddress", "userAgent"]);

function describeDetail(detail: unknown): unknown {
  if (detail instanceof Error) return detail;
  if (detail === null || typeof detail !== "object") return detail;
  return Object.fromEntries(
    Object.entries(detail as Record<string, unknown>).map(([key, value]) => {
      if (PERSON_FIELDS.has(key)) return [key, REMOVED];
      return [key, value === null || typeof value !== "object" ? value : "[Objekt]"];
    }),
  );
}

/** better-auth's `logger` option writing through `logger`. */
export function createAuthLogger(logger: Logger) {
  return {
    disableColors: true,
    log(level: AuthLogLevel, message: string, ...details: unknown[]) {
      logger[level]("auth.library", {
        message,
        ...(details.length > 0 ? { details: details.map(describeDetail) } : {}),
      });
    },
  };
}
