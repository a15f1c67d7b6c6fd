import { z } from "zod";
import { activitySchema, ENTITY_TYPES } from "./activity.ts";
import { calendarDate } from "./calendar-dates.ts";
import { FORMER_ACTIVITY_AREAS } from "./legacy-names.ts";

// Activity feed and statistics (docs/rules/master-data.md#screens, docs/rules/master-data.md#activity, docs/rules/master-data.md#constants).

/** docs/rules/master-data.md#constants: the list shows 20 and grows by 20. */
export const ACTIVITY_PAGE_SIZE = 20;
export const ACTIVITY_MAX_LIMIT = 200;
/** docs/rules/master-data.md#timing-and-paging: the feed's page sizes, 50 by default; 'Mehr anzeigen' loads as many again. */
export const ACTIVITY_FEED_PAGE_SIZES = [20, 50, 100, 200] as const;
export type ActivityFeedPageSize = (typeof ACTIVITY_FEED_PAGE_SIZES)[number];
export const ACTIVITY_FEED_DEFAULT_PAGE_SIZE: ActivityFeedPageSize = 50;
/** docs/rules/master-data.md#constants: the overview shows 10, the statistics view 5. */
export const ACTIVITY_OVERVIEW_COUNT = 10;
export const ACTIVITY_STATS_LATEST = 5;

/** The 'common actions' of the filter. */
export const COMMON_ACTIONS = [
  "created",
  "updated",
  "deleted",
  "login",
  "logout",
  "finalized",
  "sent",
  "cancelled",
] as const;

export const ACTION_LABELS: Record<string, string> = {
  created: "Erstellt",
  updated: "Aktualisiert",
  deleted: "Gelöscht",
  viewed: "Angesehen",
  added: "Hinzugefügt",
  imported: "Importiert",
  moved_in: "Eingezogen",
  moved_out: "Ausgezogen",
  finalized: "Finalisiert",
  pdf_generated: "PDF erzeugt",
  pdf_downloaded: "PDF heruntergeladen",
  sent: "Versendet",
  login: "Anmeldung",
  logout: "Abmeldung",
  registered: "Registrierung",
  profile_updated: "Profil geändert",
  password_changed: "Passwort geändert",
  email_verified: "E-Mail bestätigt",
  upgraded: "Hochgestuft",
  downgraded: "Herabgestuft",
  cancelled: "Gekündigt",
  reactivated: "Reaktiviert",
  deactivated: "Deaktiviert",
  occupancy_changed: "Personenzahl geändert",
  export: "Export",
  import: "Import",
  backup: "Sicherung",
  error: "Fehler",
  maintenance: "Wartung",
  invited: "Eingeladen",
  invitation_revoked: "Einladung zurückgezogen",
  joined: "Beigetreten",
  role_changed: "Rolle geändert",
  removed: "Entfernt",
  revoked: "Widerrufen",
};

export const AREA_LABELS: Record<string, string> = {
  property: "Immobilien",
  unit: "Wohneinheiten",
  tenant: "Mieter",
  statement: "Abrechnungen",
  billing_period: "Abrechnungszeiträume",
  cost: "Kosten",
  meter: "Zähler",
  meter_reading: "Zählerstände",
  user: "Konto",
  subscription: "Abonnement",
  system: "System",
  prepayment: "Vorauszahlungen",
  rate: "Tarife",
  member: "Team",
  api_key: "API-Schlüssel",
};

const ACTION_PATTERN = /^[a-z_]{1,40}$/;

/** 'a,b' or repeated values become a list; empty parts are dropped. */
function listParam<T extends z.ZodType<string, string>>(item: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      value === undefined
        ? []
        : (Array.isArray(value) ? value : [value])
            .flatMap((v) => v.split(","))
            .map((v) => v.trim())
            .filter(Boolean),
    )
    .pipe(z.array(item).max(50, "Zu viele Filterwerte."));
}

export const activityListQuerySchema = z
  .object({
    from: calendarDate("Von-Datum ist ungültig (JJJJ-MM-TT).").optional(),
    to: calendarDate("Bis-Datum ist ungültig (JJJJ-MM-TT).").optional(),
    areas: listParam(
      z
        .string()
        .transform((area) => FORMER_ACTIVITY_AREAS[area] ?? area)
        .pipe(z.enum(ENTITY_TYPES, { error: "Unbekannter Bereich." })),
    ),
    actions: listParam(z.string().regex(ACTION_PATTERN, "Unbekannte Aktion.")),
    q: z
      .string()
      .trim()
      .max(200, "Der Suchbegriff darf höchstens 200 Zeichen lang sein.")
      .optional(),
    /** Only the entries of this member (issue 29). */
    memberId: z.string().trim().min(1).max(100, "Unbekanntes Mitglied.").optional(),
    limit: z.coerce
      .number({ error: "Anzahl muss eine Zahl sein." })
      .int("Anzahl muss eine ganze Zahl sein.")
      .min(1, "Anzahl muss mindestens 1 sein.")
      .max(ACTIVITY_MAX_LIMIT, `Anzahl darf höchstens ${ACTIVITY_MAX_LIMIT} sein.`)
      .default(ACTIVITY_PAGE_SIZE),
    offset: z.coerce
      .number({ error: "Versatz muss eine Zahl sein." })
      .int("Versatz muss eine ganze Zahl sein.")
      .min(0, "Versatz darf nicht negativ sein.")
      .default(0),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "Bis-Datum darf nicht vor dem Von-Datum liegen.",
      });
    }
  });
export type ActivityListQuery = z.output<typeof activityListQuerySchema>;

export const activityListResponseSchema = z.object({
  items: z.array(activitySchema),
  /** All entries matching the filters (the result count). */
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;

export const activityStatsResponseSchema = z.object({
  total: z.number(),
  today: z.number(),
  /** The last 7 days, today included. */
  thisWeek: z.number(),
  thisMonth: z.number(),
  /** This month's most frequent action and area; null without entries this month. */
  mostCommonAction: z.object({ action: z.string(), count: z.number() }).nullable(),
  mostActiveArea: z.object({ entityType: z.string(), count: z.number() }).nullable(),
  latest: z.array(activitySchema),
});
export type ActivityStatsResponse = z.infer<typeof activityStatsResponseSchema>;

/** docs/rules/master-data.md#messages: the activity page's texts. */
export const ACTIVITY_MESSAGES = {
  empty: "Keine Aktivitäten gefunden",
  loadFailed: "Fehler beim Laden der Aktivitäten",
  statsFailed: "Fehler beim Laden der Statistiken",
  statsEmpty: "Keine Statistiken verfügbar",
} as const;
