import { z } from "zod";
import { passwordSchema, PASSWORDS_DO_NOT_MATCH } from "./auth.ts";

// Settings 'danger' and the password change (docs/rules/accounts-and-plans.md#account-data).

export const DELETE_CONFIRMATION_WORD = "LÖSCHEN";

export const deleteAccountBodySchema = z.object({
  confirmation: z.literal(DELETE_CONFIRMATION_WORD, {
    error: `Bitte geben Sie zur Bestätigung ${DELETE_CONFIRMATION_WORD} ein.`,
  }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const ACCOUNT_MESSAGES = {
  deleteFailed: "Fehler beim Löschen des Kontos",
  deleted: "Ihr Konto und alle Daten wurden gelöscht.",
  exportFailed: "Fehler beim Exportieren der Daten",
  passwordChanged: "Passwort erfolgreich geändert. Andere Sitzungen wurden abgemeldet.",
  wrongCurrentPassword: "Das aktuelle Passwort ist falsch.",
  profileUpdated: "Profil erfolgreich aktualisiert",
} as const;

/** Body of POST /api/auth/change-password: the same password policy as sign-up and reset. */
export const changePasswordBodySchema = z
  .object({
    currentPassword: z
      .string({ error: "Aktuelles Passwort ist erforderlich" })
      .min(1, "Aktuelles Passwort ist erforderlich")
      .max(128, "Das Passwort darf höchstens 128 Zeichen lang sein."),
    newPassword: passwordSchema,
    newPasswordConfirmation: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    if (
      body.newPasswordConfirmation !== undefined &&
      body.newPasswordConfirmation !== body.newPassword
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["newPasswordConfirmation"],
        message: PASSWORDS_DO_NOT_MATCH,
      });
    }
    if (body.currentPassword && body.currentPassword === body.newPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["newPassword"],
        message: "Das neue Passwort muss sich vom aktuellen unterscheiden.",
      });
    }
  });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** GET /api/export: every table of the account, by name, as rows. */
export const accountExportSchema = z.object({
  format: z.literal("nebenkosten-export-v1"),
  exportedAt: z.string(),
  account: z.object({ id: z.string(), email: z.string(), name: z.string(), createdAt: z.string() }),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
