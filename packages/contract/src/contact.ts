import { z } from "zod";
import { emailSchema } from "./auth.ts";

// Landing page contact form (docs/rules/master-data.md#landing-page).
export const CONTACT_SUBJECTS = [
  "Allgemeine Anfrage",
  "Technische Unterstützung",
  "Enterprise-Anfrage",
  "Partnerschaft",
] as const;

export const contactRequestBodySchema = z.object({
  name: z
    .string({ error: "Name ist erforderlich" })
    .trim()
    .min(2, "Name muss mindestens 2 Zeichen lang sein")
    .max(200, "Name darf höchstens 200 Zeichen lang sein"),
  email: emailSchema,
  subject: z.enum(CONTACT_SUBJECTS, { error: "Bitte wählen Sie einen Betreff." }),
  message: z
    .string({ error: "Nachricht ist erforderlich" })
    .trim()
    .min(10, "Nachricht muss mindestens 10 Zeichen lang sein")
    .max(5000, "Nachricht darf höchstens 5000 Zeichen lang sein"),
});
export type ContactRequestBody = z.input<typeof contactRequestBodySchema>;

export const CONTACT_MESSAGES = {
  success: "Vielen Dank für Ihre Nachricht! Wir melden uns so schnell wie möglich bei Ihnen.",
  failed: "Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.",
  rateLimited:
    "Sie haben bereits mehrere Nachrichten gesendet. Bitte versuchen Sie es in einer Stunde erneut.",
} as const;
