import { betterAuth } from "better-auth";
import type { Kysely } from "kysely";
import type { Config } from "../config/env.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { buildPasswordResetMail } from "../mail/templates/password-reset-mail.ts";
import type { Logger } from "../lib/logger.ts";
import { createAuthLogger } from "./auth-logger.ts";
import { hashPassword, verifyPassword } from "./password-hash.ts";

const HOUR = 60 * 60;
/** 'Angemeldet bleiben' on: 30 days. */
const REMEMBERED_SESSION_SECONDS = 30 * 24 * HOUR;
/** 'Angemeldet bleiben' off: the cookie ends with the browser, the session after 12 h at most. */
const BROWSER_SESSION_SECONDS = 12 * HOUR;
const RESET_TOKEN_SECONDS = HOUR;

export interface AuthDeps {
  config: Config;
  authDb: Kysely<unknown>;
  /** Hands a mail to the job queue (mail/mail-job.ts): the request does not wait for SMTP. */
  queueMail: (message: MailMessage) => Promise<void>;
  /** better-auth's own log goes here (one JSON line per event, nothing that names a person). */
  logger: Logger;
}

const timestamps = { createdAt: "created_at", updatedAt: "updated_at" } as const;

export function createAuth({ config, authDb, queueMail, logger }: AuthDeps) {
  const socialProviders = Object.fromEntries(
    Object.entries(config.socialProviders).map(([name, c]) => [
      name,
      { clientId: c.clientId, clientSecret: c.clientSecret },
    ]),
  );
  return betterAuth({
    appName: "Nebenkosten",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: { db: authDb as never, type: "postgres" },
    // Our own limiter (auth/attempt-limits.ts) counts failures per account and per address,
    // in the database, with German messages.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: createAuthLogger(logger),
    // A failed social sign-in ends on /login with better-auth's code (?error=state_mismatch),
    // which the page shows in German, never on better-auth's English error page (issue 26).
    onAPIError: { errorURL: `${config.publicUrl}/login` },
    user: {
      modelName: "users",
      fields: { emailVerified: "email_verified", ...timestamps },
      additionalFields: {
        firstName: { type: "string", required: false, fieldName: "first_name", input: true },
        lastName: { type: "string", required: false, fieldName: "last_name", input: true },
      },
    },
    session: {
      modelName: "sessions",
      fields: {
        userId: "user_id",
        expiresAt: "expires_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        ...timestamps,
      },
      expiresIn: REMEMBERED_SESSION_SECONDS,
      updateAge: 24 * HOUR,
    },
    account: {
      modelName: "accounts",
      fields: {
        userId: "user_id",
        accountId: "account_id",
        providerId: "provider_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        ...timestamps,
      },
    },
    verification: {
      modelName: "verifications",
      fields: { expiresAt: "expires_at", ...timestamps },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      // The old password stops working and every other session ends.
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const link = `${config.publicUrl}/auth/new-password?token=${encodeURIComponent(token)}`;
        await queueMail(buildPasswordResetMail({ to: user.email, name: user.name, link }));
      },
    },
    socialProviders,
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: config.trustProxy ? ["x-forwarded-for"] : [] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      session: {
        create: {
          async before(session) {
            // better-auth gives a not-remembered session 24 h; this product ends it after 12 h.
            const expiresAt = new Date(session.expiresAt);
            const cap = new Date(Date.now() + BROWSER_SESSION_SECONDS * 1000);
            if (expiresAt.getTime() - Date.now() < 2 * 24 * HOUR * 1000 && expiresAt > cap) {
              return { data: { ...session, expiresAt: cap } };
            }
            return { data: session };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
