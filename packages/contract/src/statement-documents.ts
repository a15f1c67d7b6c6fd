import { z } from "zod";
import { statementCalculationFields } from "./statements/cost-items.ts";

// Statement PDFs and sending (docs/rules/statements.md#wizard, docs/rules/statements.md#pdfs-and-sending, docs/rules/statements.md#statement-messages;
// docs/rules/statements.md#letter-contents, docs/rules/statements.md#pdfs-and-sending). The texts of docs/rules/statements.md#statement-messages are quoted exactly.

export const STATEMENT_DOCUMENT_MESSAGES = {
  pdfGenerated: "PDF erfolgreich generiert!",
  pdfFailed: "PDF-Generierung fehlgeschlagen",
  pdfError: "Fehler bei der PDF-Generierung",
  noPdf: "Kein PDF zum Download verfügbar",
  downloadStarted: "PDF-Download gestartet",
  downloadFailed: "PDF-Download fehlgeschlagen",
  noCalculation: "Keine Berechnung für PDF-Erstellung verfügbar",
  noTenants: "Keine aktiven Mieter für die PDF-Erstellung gefunden",
  statementNotFound: "Abrechnung nicht gefunden",
  noStatementId: "Keine Statement-ID für E-Mail-Versand verfügbar",
  onlyFinalCanBeSent: "Nur finalisierte Abrechnungen können versendet werden.",
  noEmail: (tenantName: string) =>
    `Für ${tenantName} ist keine E-Mail-Adresse hinterlegt. Bitte drucken Sie die Abrechnung aus und versenden Sie sie per Post.`,
  sendQueued: "Die Abrechnung wird per E-Mail versendet.",
} as const;

/**
 * POST /api/statements/preview/pdf: a letter ('letter' with the tenancy's id) or the landlord's
 * overview from the wizard's calculation before it is saved, marked ENTWURF, never stored.
 */
export const previewPdfBodySchema = z
  .object({
    ...statementCalculationFields,
    document: z.enum(["letter", "overview"], { error: "Bitte wählen Sie Brief oder Übersicht." }),
    tenancyId: z.string().min(1).max(100).optional(),
  })
  .refine((body) => body.document !== "letter" || body.tenancyId !== undefined, {
    message: "Für welches Mietverhältnis soll der Brief erstellt werden?",
    path: ["tenancyId"],
  });
export type PreviewPdfBody = z.input<typeof previewPdfBodySchema>;

/** POST /api/tenant-statements/:id/send: the mail is queued; sent_at and 'sent' follow when it is accepted. */
export const sendStatementResponseSchema = z.object({
  statementId: z.string(),
  to: z.string(),
  queued: z.literal(true),
  message: z.string(),
});
export type SendStatementResponse = z.infer<typeof sendStatementResponseSchema>;

/** The mail to the tenant (German, plain text; the PDF is attached). */
export function buildStatementMailText(input: {
  tenantName: string;
  periodLabel: string;
  unitName: string;
  propertyName: string;
  senderName: string;
  senderPhone: string;
}): {
  subject: string;
  text: string;
} {
  return {
    subject: `Nebenkostenabrechnung ${input.periodLabel} – ${input.propertyName}, ${input.unitName}`,
    text: [
      `Guten Tag ${input.tenantName},`,
      "",
      `anbei erhalten Sie die Nebenkostenabrechnung ${input.periodLabel} für Ihre Wohnung ${input.unitName} (${input.propertyName}) als PDF.`,
      "Bitte prüfen Sie die Abrechnung. Bei einer Nachzahlung finden Sie die Zahlungsangaben und einen GiroCode in der Abrechnung.",
      `Bei Fragen erreichen Sie uns unter ${input.senderPhone}.`,
      "",
      "Mit freundlichen Grüßen",
      input.senderName,
    ].join("\n"),
  };
}

/** POST /api/tenant-statements/:id/mark-posted: printed and sent by post (docs/rules/statements.md#pdfs-and-sending). */
export const markPostedResponseSchema = z.object({
  statementId: z.string(),
  status: z.literal("sent"),
  sentAt: z.string(),
  channel: z.literal("post"),
  message: z.string(),
});
export type MarkPostedResponse = z.infer<typeof markPostedResponseSchema>;

export const MARKED_POSTED_MESSAGE = "Als 'per Post versendet' markiert.";

/** One tenancy statement named in the 'send all' answer. */
export const runSendEntrySchema = z.object({
  statementId: z.string(),
  tenantName: z.string(),
  unitName: z.string(),
});

/**
 * POST /api/statements/:id/send ('Alle per E-Mail senden'): one mail per finalized letter whose
 * tenant has an e-mail address; those without one are listed for 'per Post versendet'; letters
 * already sent are not sent again.
 */
export const runSendResponseSchema = z.object({
  queued: z.array(runSendEntrySchema.extend({ to: z.string() })),
  withoutEmail: z.array(runSendEntrySchema),
  alreadySent: z.array(runSendEntrySchema),
  message: z.string(),
});
export type RunSendResponse = z.infer<typeof runSendResponseSchema>;

/** The answer's summary line, e.g. '3 Abrechnungen werden per E-Mail versendet.' */
export function describeRunSend(queuedCount: number): string {
  if (queuedCount === 0) return "Keine Abrechnung zum Versand per E-Mail.";
  return queuedCount === 1
    ? "1 Abrechnung wird per E-Mail versendet."
    : `${queuedCount} Abrechnungen werden per E-Mail versendet.`;
}
