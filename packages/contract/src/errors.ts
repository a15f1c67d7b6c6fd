import { z } from "zod";

// One error shape for every API answer that is not a success (docs/architecture.md 'The API').
export const ERROR_CODES = [
  "VALIDATION",
  "UNAUTHORIZED",
  "LIMIT_REACHED",
  "FEATURE_NOT_IN_PLAN",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** Every error answer: the request id (X-Request-Id) under which the server logged it. */
    errorId: z.string().optional(),
    /** LIMIT_REACHED: title and the limit, so the UI can show 'Limit erreicht' with Upgrade. */
    title: z.string().optional(),
    limit: z.number().optional(),
    /** Warnings the user must confirm (e.g. a meter reading lower than the previous one). */
    requiresConfirmation: z.boolean().optional(),
    /** Every message when there are several, e.g. the calculation's errors (the first is `message`). */
    details: z.array(z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Failures that are no bug of the request but of a service behind it (issue 23: the error screen
 * shows their own help). Logged with the error id like any 500.
 */
export const SERVER_FAILURES = {
  /** The database refused or could not be reached (503 when unreachable, else 500). */
  database: {
    code: "DATABASE_ERROR",
    message:
      "Beim Zugriff auf die Datenbank ist ein Fehler aufgetreten. Bitte versuchen Sie es in einigen Minuten erneut.",
  },
  /** A PDF could not be made (500). */
  pdf: { code: "PDF_FAILED", message: "Das PDF-Dokument konnte nicht erstellt werden." },
} as const;

export const NOT_SIGNED_IN_MESSAGE = "Nicht angemeldet";
export const GENERIC_ERROR_MESSAGE = "Ein unerwarteter Fehler ist aufgetreten.";
export const VALIDATION_MESSAGE = "Bitte korrigieren Sie die Eingabefehler.";
