import { z } from "zod";
import { calendarDate } from "../calendar-dates.ts";
import { assignableRoleSchema } from "./roles.ts";

// Issue 29, item 4 (decision 1171): personal API keys of the Enterprise plan (`apiAccess`).
// A key is sent as `Authorization: Bearer nk_…` on the same /api routes the web app uses, with
// the permissions of its role (at most its member's role, never the owner's).

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "nk_";
/** The secret after the prefix: 32 random bytes, base64url. */
export const API_KEY_PATTERN = /^nk_[A-Za-z0-9_-]{43}$/;
/** Requests per key and minute (the "600 requests per minute"); more answer 429 with Retry-After. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

export const API_KEY_MESSAGES = {
  invalid: "Der API-Schlüssel ist ungültig, widerrufen oder abgelaufen.",
  notInPlan:
    "Der API-Zugang ist nur im Enterprise-Plan enthalten. Der Inhaber des Kontos kann den Plan in den Einstellungen wechseln.",
  rateLimited: "Zu viele Anfragen mit diesem API-Schlüssel. Bitte warten Sie einen Moment.",
  browserOnly: "Diese Aktion ist nur in der Web-App möglich, nicht mit einem API-Schlüssel.",
  notFound: "API-Schlüssel nicht gefunden.",
  roleAboveOwn: "Ein API-Schlüssel kann höchstens Ihre eigene Rolle haben.",
  expiryInPast: "Das Ablaufdatum darf nicht in der Vergangenheit liegen.",
  created: "API-Schlüssel erstellt. Kopieren Sie ihn jetzt: er wird nur dieses eine Mal angezeigt.",
  revoked: "API-Schlüssel widerrufen. Anfragen mit ihm werden ab sofort abgelehnt.",
} as const;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: assignableRoleSchema,
  /** The first characters of the key, so the owner can tell keys apart. */
  prefix: z.string(),
  /** The member who created it (display name). */
  createdBy: z.string(),
  createdAt: z.string(),
  /** YYYY-MM-DD, the last day the key works; null: no expiry. */
  expiresOn: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Past its last day. */
  isExpired: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyBodySchema = z.object({
  name: z
    .string({ error: "Bitte geben Sie einen Namen ein." })
    .trim()
    .min(1, "Bitte geben Sie einen Namen ein.")
    .max(80, "Höchstens 80 Zeichen."),
  role: assignableRoleSchema,
  /** Empty: no expiry. */
  expiresOn: z
    .union([
      z.literal("").transform(() => null),
      calendarDate("Bitte geben Sie ein gültiges Datum ein."),
      z.null(),
    ])
    .optional()
    .transform((value) => value ?? null),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;
export type CreateApiKeyValues = z.output<typeof createApiKeyBodySchema>;

/** The answer of creating a key: the only time the secret is sent. */
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, token: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({
  /** False when the plan lacks `apiAccess`: keys cannot be created and existing ones are refused. */
  isAvailable: z.boolean(),
  apiKeys: z.array(apiKeySchema),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
