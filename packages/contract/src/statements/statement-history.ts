import { z } from "zod";
import { formatCountDe } from "../german-counts.ts";
import { optionalUuidField } from "../ids.ts";
import { STATEMENT_STATUSES, type StatementStatus } from "./statement-messages.ts";

// The statement history (docs/rules/statements.md#history, docs/rules/statements.md#statuses, docs/rules/statements.md#statement-messages 'History'; docs/rules/statements.md#saved-runs; issue 12): the
// saved runs of a property page by page, and the status machine per tenancy statement.

export const STATEMENT_HISTORY_MESSAGES = {
  propertyInvalid: "Immobilie nicht gefunden",
  statusFilterInvalid: "Bitte wählen Sie einen gültigen Status: alle, Entwurf oder Finalisiert.",
  sortInvalid: "Bitte wählen Sie eine gültige Sortierung.",
  searchTooLong: "Der Suchbegriff darf höchstens 200 Zeichen lang sein.",
  offsetInvalid: "Der Versatz muss eine ganze Zahl ab 0 sein.",
  limitInvalid: "Die Seitengröße muss eine ganze Zahl zwischen 1 und 200 sein.",
  statusInvalid: "Bitte wählen Sie einen gültigen Zielstatus.",
  reasonTooLong: "Der Grund darf höchstens 500 Zeichen lang sein.",
  /** A forced transition is logged with its reason (docs/rules/statements.md#saved-runs). */
  reasonRequired: "Bitte geben Sie einen Grund für den erzwungenen Statuswechsel an.",
  /** docs/rules/statements.md#statement-messages, in German where the user sees them. */
  transitionNotAllowed: (from: string, to: string): string =>
    `Der Statuswechsel von „${from}“ zu „${to}“ ist nicht erlaubt.`,
  insufficientPermissions: (to: string): string =>
    `Unzureichende Berechtigung für den Statuswechsel zu „${to}“.`,
  pdfRequired: "Das PDF muss erzeugt sein, bevor die Abrechnung als geprüft markiert werden kann.",
  emptyRun: "Diese Abrechnung enthält keine Mieterabrechnungen.",
  notFound: "Abrechnung nicht gefunden",
  transitioned: (n: number): string =>
    `${formatCountDe(n, "Abrechnung", "Abrechnungen")} erfolgreich bearbeitet`,
  batchFailed: "Batch-Operation fehlgeschlagen",
  noneSelected: "Keine Abrechnungen ausgewählt",
  empty: "Keine Abrechnungen gefunden",
  deleteConfirm: "Sind Sie sicher, dass Sie diese Abrechnung löschen möchten?",
  deleted: "Abrechnung erfolgreich gelöscht!",
  /** docs/rules/statements.md#saved-runs: corrections of a finalized run. */
  correctionOnlyFinal: "Nur finalisierte Abrechnungen können korrigiert werden.",
  correctionNotLatest:
    "Diese Abrechnung wurde bereits korrigiert; korrigieren Sie die neueste Version.",
  correctionCreated: (version: number): string =>
    `Korrektur angelegt (Version ${version}). Sie ist ein Entwurf, bis Sie sie finalisieren.`,
  deleteFailed: (message: string): string => `Fehler beim Löschen: ${message}`,
  /** docs/rules/statements.md#saved-runs: a finalized statement stays; it is archived or corrected, never deleted. */
  cannotDeleteFinal:
    "Eine finalisierte Abrechnung kann nicht gelöscht werden. Sie können sie archivieren oder korrigieren.",
  /** A draft whose tenant was deleted since it was calculated (issue 26): its letter would have no addressee. */
  tenantDeleted:
    "Ein Mieter dieser Abrechnung wurde inzwischen gelöscht. Bitte berechnen Sie die Abrechnung neu, bevor Sie sie finalisieren.",
} as const;

const H = STATEMENT_HISTORY_MESSAGES;

export const STATEMENT_LIST_STATUS_FILTERS = ["all", "draft", "final"] as const;
export type StatementListStatusFilter = (typeof STATEMENT_LIST_STATUS_FILTERS)[number];
export const STATEMENT_LIST_STATUS_FILTER_LABELS: Record<StatementListStatusFilter, string> = {
  all: "Alle",
  draft: "Entwurf",
  final: "Finalisiert",
};

export const STATEMENT_LIST_SORTS = [
  "newest",
  "oldest",
  "status",
  "highest_cost",
  "lowest_cost",
] as const;
export type StatementListSort = (typeof STATEMENT_LIST_SORTS)[number];
export const STATEMENT_LIST_SORT_LABELS: Record<StatementListSort, string> = {
  newest: "Neueste zuerst",
  oldest: "Älteste zuerst",
  status: "Status A–Z",
  highest_cost: "Höchste Kosten",
  lowest_cost: "Niedrigste Kosten",
};

/** docs/rules/statements.md#statement-queries: statement search defaults to page size 50, offset 0, newest first. */
export const STATEMENT_PAGE_SIZE = 50;

/** A whole number in a query string ('0', '50'); anything else is refused with the message. */
function queryInteger(min: number, max: number, fallback: number, message: string) {
  return z
    .string({ error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      if (!/^\d{1,9}$/.test(v) || Number(v) < min || Number(v) > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(v);
    });
}

/** GET /api/statements */
export const statementListQuerySchema = z.object({
  propertyId: optionalUuidField(H.propertyInvalid),
  status: z.enum(STATEMENT_LIST_STATUS_FILTERS, { error: H.statusFilterInvalid }).default("all"),
  q: z.string({ error: H.searchTooLong }).trim().max(200, { error: H.searchTooLong }).optional(),
  sort: z.enum(STATEMENT_LIST_SORTS, { error: H.sortInvalid }).default("newest"),
  offset: queryInteger(0, 1_000_000_000, 0, H.offsetInvalid),
  limit: queryInteger(1, 200, STATEMENT_PAGE_SIZE, H.limitInvalid),
});
export type StatementListQuery = z.input<typeof statementListQuerySchema>;

export const statementListItemSchema = z.object({
  id: z.string(),
  billingPeriodId: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  name: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  version: z.number().int(),
  isFinal: z.boolean(),
  /** A later version of the same billing period is final: this one stays readable as 'ersetzt'. */
  isReplaced: z.boolean(),
  createdAt: z.string(),
  totalCosts: z.string(),
  /** Sum of the tenancy statements' balances (positive: Nachzahlung). */
  balanceSum: z.string(),
  statementCount: z.number().int(),
  /** The tenancy statements' statuses (docs/rules/statements.md#statuses), e.g. ['calculated']. */
  statuses: z.array(z.enum(STATEMENT_STATUSES)),
});
export type StatementListItem = z.infer<typeof statementListItemSchema>;

export const statementListSchema = z.object({
  items: z.array(statementListItemSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type StatementList = z.infer<typeof statementListSchema>;

/** docs/rules/statements.md#saved-runs: 'Entwurf' until all are finalized, then 'Finalisiert'; versions as 'Korrektur' / 'ersetzt'. */
export function statementRunBadges(
  item: Pick<StatementListItem, "isFinal" | "version" | "isReplaced">,
): string[] {
  const badges = [item.isFinal ? "Finalisiert" : "Entwurf"];
  if (item.version > 1) badges.push("Korrektur");
  if (item.isReplaced) badges.push("ersetzt");
  return badges;
}

/** POST /api/statements/:id/transition and /api/tenant-statements/:id/transition */
export const statementTransitionBodySchema = z
  .object({
    to: z.enum(STATEMENT_STATUSES, { error: H.statusInvalid }),
    force: z.boolean({ error: H.statusInvalid }).optional().default(false),
    reason: z
      .string({ error: H.reasonTooLong })
      .trim()
      .max(500, { error: H.reasonTooLong })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.force && !body.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: H.reasonRequired });
  });
export type StatementTransitionBody = z.input<typeof statementTransitionBodySchema>;

export const statementTransitionResultSchema = z.object({
  statements: z.array(
    z.object({
      id: z.string(),
      from: z.enum(STATEMENT_STATUSES),
      status: z.enum(STATEMENT_STATUSES),
    }),
  ),
  isFinal: z.boolean(),
});
export type StatementTransitionResult = z.infer<typeof statementTransitionResultSchema>;

/** docs/rules/statements.md#statuses: the allowed transitions and the roles each needs (docs/rules/statements.md#saved-runs). */
export const STATEMENT_TRANSITIONS: readonly {
  from: StatementStatus;
  to: StatementStatus;
  roles: readonly ("admin" | "billing_manager")[] | null;
}[] = [
  { from: "draft", to: "calculated", roles: null },
  { from: "calculated", to: "validated", roles: null },
  { from: "validated", to: "finalized", roles: ["admin", "billing_manager"] },
  { from: "finalized", to: "sent", roles: null },
  { from: "sent", to: "archived", roles: null },
  { from: "calculated", to: "draft", roles: ["admin"] },
  { from: "validated", to: "calculated", roles: ["admin", "billing_manager"] },
];

export function findStatementTransition(from: StatementStatus, to: StatementStatus) {
  return STATEMENT_TRANSITIONS.find((t) => t.from === from && t.to === to) ?? null;
}

/** POST /api/statements/:id/corrections (201): version n+1 as a draft (docs/rules/statements.md#saved-runs). */
export const statementCorrectionSchema = z.object({
  id: z.string(),
  billingPeriodId: z.string(),
  version: z.number().int(),
  replacesId: z.string(),
});
export type StatementCorrection = z.infer<typeof statementCorrectionSchema>;
