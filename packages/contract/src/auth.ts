import { z } from "zod";

// docs/rules/master-data.md#registration-and-login. The password hint is enforced on
// the server (the specification leaves enforcement to it).
export const PASSWORD_HINT = "Mindestens 8 Zeichen mit Groß- und Kleinbuchstaben sowie Ziffern";
export const PASSWORD_POLICY_MESSAGE =
  "Das Passwort muss mindestens 8 Zeichen lang sein und Groß- und Kleinbuchstaben sowie Ziffern enthalten.";
export const PASSWORDS_DO_NOT_MATCH = "Die Passwörter stimmen nicht überein.";
export const TERMS_REQUIRED = "Sie müssen den Nutzungsbedingungen zustimmen.";
export const EMAIL_INVALID = "Bitte geben Sie eine gültige E-Mail-Adresse ein.";

/** Where better-auth may send the browser afterwards: a path of this app, nothing else. */
const callbackUrlSchema = z
  .string()
  .max(500, "Die Rücksprungadresse ist ungültig.")
  .regex(/^\/(?![/\\])[\x21-\x7e]*$/, "Die Rücksprungadresse ist ungültig.");

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password)
  );
}

export const passwordSchema = z
  .string({ error: "Passwort ist erforderlich" })
  .min(1, "Passwort ist erforderlich")
  .max(128, "Das Passwort darf höchstens 128 Zeichen lang sein.")
  .refine(isStrongPassword, PASSWORD_POLICY_MESSAGE);

export const emailSchema = z
  .string({ error: "E-Mail ist erforderlich" })
  .trim()
  .min(1, "E-Mail ist erforderlich")
  .pipe(z.email(EMAIL_INVALID));

/**
 * Body of better-auth's POST /api/auth/sign-up/email as this product accepts it.
 * passwordConfirmation and acceptTerms are optional for API clients; when sent (the web form
 * always sends them) they must match and be true.
 */
export const signUpBodySchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    firstName: z
      .string({ error: "Vorname ist erforderlich" })
      .trim()
      .min(1, "Vorname ist erforderlich")
      .max(100),
    lastName: z
      .string({ error: "Nachname ist erforderlich" })
      .trim()
      .min(1, "Nachname ist erforderlich")
      .max(100),
    name: z.string().trim().max(201).optional(),
    passwordConfirmation: z.string().optional(),
    acceptTerms: z.boolean().optional(),
    callbackURL: callbackUrlSchema.optional(),
    rememberMe: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.passwordConfirmation !== undefined && body.passwordConfirmation !== body.password) {
      ctx.addIssue({
        code: "custom",
        path: ["passwordConfirmation"],
        message: PASSWORDS_DO_NOT_MATCH,
      });
    }
    if (body.acceptTerms === false) {
      ctx.addIssue({ code: "custom", path: ["acceptTerms"], message: TERMS_REQUIRED });
    }
  });
export type SignUpBody = z.input<typeof signUpBodySchema>;

export const signInBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Passwort ist erforderlich" }).min(1, "Passwort ist erforderlich"),
  rememberMe: z.boolean().optional(),
  callbackURL: callbackUrlSchema.optional(),
});

export const resetRequestBodySchema = z.object({
  email: emailSchema,
  redirectTo: callbackUrlSchema.optional(),
});

export const newPasswordBodySchema = z.object({
  token: z.string().min(1, "Der Link ist ungültig."),
  newPassword: passwordSchema,
});

export const SOCIAL_PROVIDERS = ["google", "facebook", "apple"] as const;

/** better-auth's social sign-in as the web app uses it; the addresses stay within the app. */
export const socialSignInBodySchema = z.object({
  provider: z
    .string({ error: "Anbieter ist nicht konfiguriert." })
    .max(50, "Anbieter ist nicht konfiguriert."),
  callbackURL: callbackUrlSchema.optional(),
  errorCallbackURL: callbackUrlSchema.optional(),
  newUserCallbackURL: callbackUrlSchema.optional(),
  disableRedirect: z.boolean().optional(),
});
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SOCIAL_PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: "Google",
  facebook: "Facebook",
  apple: "Apple",
};

export const authProvidersResponseSchema = z.object({
  providers: z.record(z.enum(SOCIAL_PROVIDERS), z.boolean()),
});

/** German texts for the errors better-auth reports, by its error code. */
export const AUTH_ERROR_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "E-Mail-Adresse oder Passwort ist falsch.",
  USER_ALREADY_EXISTS: "Ein Konto mit dieser E-Mail-Adresse existiert bereits.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "Ein Konto mit dieser E-Mail-Adresse existiert bereits.",
  INVALID_EMAIL: EMAIL_INVALID,
  PASSWORD_TOO_SHORT: PASSWORD_POLICY_MESSAGE,
  PASSWORD_TOO_LONG: "Das Passwort darf höchstens 128 Zeichen lang sein.",
  INVALID_TOKEN:
    "Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.",
  TOKEN_EXPIRED:
    "Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.",
  SESSION_EXPIRED: "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.",
  PROVIDER_NOT_FOUND: "Anbieter ist nicht konfiguriert.",
  EMAIL_NOT_VERIFIED: "Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.",
  FAILED_TO_CREATE_USER: "Das Konto konnte nicht angelegt werden.",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "E-Mail-Adresse oder Passwort ist falsch.",
  INVALID_PASSWORD: "Das aktuelle Passwort ist falsch.",
  USER_NOT_FOUND: "Das Konto wurde nicht gefunden.",
  ACCOUNT_NOT_FOUND: "Das Konto wurde nicht gefunden.",
  USER_EMAIL_NOT_FOUND: "Das Konto wurde nicht gefunden.",
  EMAIL_CAN_NOT_BE_UPDATED: "Die E-Mail-Adresse kann hier nicht geändert werden.",
  CHANGE_EMAIL_DISABLED: "Die E-Mail-Adresse kann hier nicht geändert werden.",
  INVALID_ORIGIN: "Anfrage von einer fremden Seite abgelehnt.",
  MISSING_OR_NULL_ORIGIN: "Anfrage von einer fremden Seite abgelehnt.",
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: "Anfrage von einer fremden Seite abgelehnt.",
  INVALID_CALLBACK_URL: "Die Rücksprungadresse ist ungültig.",
  INVALID_REDIRECT_URL: "Die Rücksprungadresse ist ungültig.",
  INVALID_ERROR_CALLBACK_URL: "Die Rücksprungadresse ist ungültig.",
  INVALID_NEW_USER_CALLBACK_URL: "Die Rücksprungadresse ist ungültig.",
  CALLBACK_URL_REQUIRED: "Die Rücksprungadresse fehlt.",
  SOCIAL_ACCOUNT_ALREADY_LINKED: "Dieses Konto ist bereits verknüpft.",
  LINKED_ACCOUNT_ALREADY_EXISTS: "Dieses Konto ist bereits verknüpft.",
  FAILED_TO_UNLINK_LAST_ACCOUNT: "Die letzte Anmeldemethode kann nicht entfernt werden.",
  SESSION_NOT_FRESH: "Bitte melden Sie sich für diese Aktion erneut an.",
  USER_ALREADY_HAS_PASSWORD: "Für dieses Konto ist bereits ein Passwort gesetzt.",
  PASSWORD_ALREADY_SET: "Für dieses Konto ist bereits ein Passwort gesetzt.",
  FIELD_NOT_ALLOWED: "Dieses Feld kann nicht gesetzt werden.",
  VALIDATION_ERROR: "Bitte korrigieren Sie die Eingabefehler.",
  MISSING_FIELD: "Bitte füllen Sie alle Pflichtfelder aus.",
  BODY_MUST_BE_AN_OBJECT: "Der Anfragetext muss ein JSON-Objekt sein.",
  FAILED_TO_UPDATE_USER: "Das Konto konnte nicht geändert werden.",
  FAILED_TO_CREATE_SESSION: "Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
  FAILED_TO_GET_SESSION:
    "Die Sitzung konnte nicht gelesen werden. Bitte melden Sie sich erneut an.",
  FAILED_TO_GET_USER_INFO: "Die Anmeldung beim Anbieter ist fehlgeschlagen.",
  ID_TOKEN_NOT_SUPPORTED: "Die Anmeldung beim Anbieter ist fehlgeschlagen.",
  INVALID_USER: "Das Konto wurde nicht gefunden.",
  EMAIL_ALREADY_VERIFIED: "Die E-Mail-Adresse ist bereits bestätigt.",
  EMAIL_MISMATCH: "Die E-Mail-Adresse stimmt nicht überein.",
  VERIFICATION_EMAIL_NOT_ENABLED: "Die Bestätigung per E-Mail ist nicht eingerichtet.",
  FAILED_TO_CREATE_VERIFICATION:
    "Die Anfrage konnte nicht verarbeitet werden. Bitte versuchen Sie es erneut.",
};

/** better-auth's answer to a reset request (the same whether or not the account exists), in German. */
export const RESET_REQUEST_REPLY =
  "Falls ein Konto mit dieser E-Mail-Adresse existiert, haben wir Ihnen einen Link zum Zurücksetzen des Passworts geschickt.";

/** Names as the profile limits them (me.ts); 'update-user' holds to the same. */
export const updateUserBodySchema = z.strictObject(
  {
    name: z
      .string({ error: "Name ist erforderlich" })
      .trim()
      .min(1, "Name ist erforderlich")
      .max(201, "Der Name darf höchstens 201 Zeichen lang sein.")
      .optional(),
    firstName: z
      .string({ error: "Vorname ist erforderlich" })
      .trim()
      .min(1, "Vorname ist erforderlich")
      .max(100, "Der Vorname darf höchstens 100 Zeichen lang sein.")
      .optional(),
    lastName: z
      .string({ error: "Nachname ist erforderlich" })
      .trim()
      .min(1, "Nachname ist erforderlich")
      .max(100, "Der Nachname darf höchstens 100 Zeichen lang sein.")
      .optional(),
    image: z.string().max(2000, "Die Bildadresse ist zu lang.").nullable().optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? "Dieses Feld kann hier nicht geändert werden."
        : undefined,
  },
);
