import { AUTH_ERROR_MESSAGES } from "@nk/contract";

export const AUTHENTICATION_FAILED = "Authentication failed";
const SIGN_IN_FAILED_TEXT = "Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.";

const OAUTH_ERROR_TEXTS: Record<string, string> = {
  access_denied: "Die Anmeldung wurde abgebrochen.",
  [AUTHENTICATION_FAILED.toLowerCase()]: SIGN_IN_FAILED_TEXT,
};

/**
 * The German text for an error passed to /login?error=...: a better-auth code
 * (INVALID_TOKEN, access_denied, state_mismatch, ...), 'Authentication failed', or already a
 * message, which is shown as it is.
 */
export function describeAuthError(raw: string): string {
  const value = raw.trim();
  const known = AUTH_ERROR_MESSAGES[value.toUpperCase()] ?? OAUTH_ERROR_TEXTS[value.toLowerCase()];
  if (known) return known;
  if (/^[a-z0-9_]+$/i.test(value) && value.includes("_")) return SIGN_IN_FAILED_TEXT;
  return value;
}
