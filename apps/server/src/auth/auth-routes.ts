import { Hono, type Context } from "hono";
import type { ZodType } from "zod";
import { AUTH_ERROR_MESSAGES, GENERIC_ERROR_MESSAGE, newPasswordBodySchema, resetRequestBodySchema, signInBodySchema, signUpBodySchema, SOCIAL_PROVIDERS } from "@nk/contract";
import type { Config } from "../config/env.ts";
import type { Db } from "../db/database.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpError, validationError } from "../http/http-error.ts";
import { collectFieldErrors } from "../http/zod-errors.ts";
import { logActivity } from "../features/activity/activity-log.ts";
import { ensureSubscription } from "../features/account/subscription-service.ts";
import { ensureProfile, updateProfile } from "../features/account/profile-queries.ts";
import { assertWithinAttemptLimits, RESET_RULES, SIGN_IN_RULES } from "./attempt-limits.ts";
import { clearSignInFailures, recordAttempt } from "./attempt-queries.ts";
import type { Auth } from "./auth.ts";
import { getClientAddress } from "./client-address.ts";

interface AuthRouteDeps {
  auth: Auth;
  db: Db;
  config: Config;
}

const STATUS_CODES: Record<number, string> = { 400: "VALIDATION", 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND", 422: "VALIDATION", 429: "RATE_LIMITED" };

async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.raw.clone().json();
  } catch {
    throw new HttpError(400, "VALIDATION", "Ungültiges JSON im Anfragetext.");
  }
}

function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(collectFieldErrors(parsed.error));
  return parsed.data;
}

/** The same request with a normalised JSON body (trimmed, lower-cased e-mail, only the fields better-auth knows). */
function withBody(original: Request, body: unknown): Request {
  const headers = new Headers(original.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Request(original.url, { method: original.method, headers, body: JSON.stringify(body) });
}

/** better-auth's English errors become the API's one error shape with German messages. */
async function translateAuthResponse(response: Response): Promise<Response> {
  if (response.ok || response.status < 400) return response;
  let authCode = "";
  let authMessage = "";
  try {
    const body = (await response.clone().json()) as { code?: string; message?: string };
    authCode = body.code ?? "";
    authMessage = body.message ?? "";
  } catch {
    // not JSON
  }
  const message =
    AUTH_ERROR_MESSAGES[authCode] ??
    (response.status === 401 ? AUTH_ERROR_MESSAGES.INVALID_EMAIL_OR_PASSWORD! : response.status >= 500 ? GENERIC_ERROR_MESSAGE : authMessage || GENERIC_ERROR_MESSAGE);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  const code = authCode === "USER_ALREADY_EXISTS" || authCode === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" ? "CONFLICT" : (STATUS_CODES[response.status] ?? "INTERNAL");
  return new Response(JSON.stringify({ error: { code, message, authCode: authCode || undefined } }), { status: response.status, headers });
}

async function readUserId(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { user?: { id?: string } };
    return body.user?.id ?? null;
  } catch {
    return null;
  }
}

/**
 * better-auth serves /api/auth/*. In front of it: our validation of sign-up (the specification's
 * rules and German messages), attempt limits for sign-in and reset mails, the trial and profile
 * on the first sign-in, activity entries, and German error messages.
 */
export function createAuthRoutes({ auth, db, config }: AuthRouteDeps) {
  const router = new Hono<AppEnv>();

  router.post("/auth/sign-up/email", async (c) => {
    const body = parseBody(signUpBodySchema, await readJsonBody(c));
    const email = body.email.toLowerCase();
    const forwarded = {
      email,
      password: body.password,
      name: body.name || `${body.firstName} ${body.lastName}`,
      firstName: body.firstName,
      lastName: body.lastName,
      ...(body.rememberMe === undefined ? {} : { rememberMe: body.rememberMe }),
    };
    const response = await auth.handler(withBody(c.req.raw, forwarded));
    const userId = response.ok ? await readUserId(response) : null;
    if (userId) {
      await ensureSubscription(db, userId);
      await ensureProfile(db, { id: userId, firstName: body.firstName, lastName: body.lastName });
      await updateProfile(db, userId, { firstName: body.firstName, lastName: body.lastName, company: null, phone: null });
      await logActivity(db, { userId, key: "user.registered", entityId: userId, entityName: email, userAgent: c.req.header("user-agent") });
    }
    return translateAuthResponse(response);
  });

  router.post("/auth/sign-in/email", async (c) => {
    const body = parseBody(signInBodySchema, await readJsonBody(c));
    const email = body.email.toLowerCase();
    const ipAddress = getClientAddress(c, config.trustProxy);
    await assertWithinAttemptLimits(db, "sign_in_failure", SIGN_IN_RULES, { email, ipAddress });
    const response = await auth.handler(withBody(c.req.raw, { ...body, email }));
    if (response.status === 401) {
      await recordAttempt(db, "sign_in_failure", email, ipAddress);
    } else if (response.ok) {
      await clearSignInFailures(db, email);
      const userId = await readUserId(response);
      if (userId) {
        await ensureSubscription(db, userId);
        await logActivity(db, { userId, key: "user.login", entityId: userId, entityName: email, userAgent: c.req.header("user-agent") });
      }
    }
    return translateAuthResponse(response);
  });

  router.post("/auth/request-password-reset", async (c) => {
    const body = parseBody(resetRequestBodySchema, await readJsonBody(c));
    const email = body.email.toLowerCase();
    const ipAddress = getClientAddress(c, config.trustProxy);
    await assertWithinAttemptLimits(db, "reset_request", RESET_RULES, { email, ipAddress });
    await recordAttempt(db, "reset_request", email, ipAddress);
    // The answer is the same whether or not the account exists (no account enumeration).
    return translateAuthResponse(await auth.handler(withBody(c.req.raw, { email, redirectTo: "/auth/new-password" })));
  });

  router.post("/auth/reset-password", async (c) => {
    // The same password rules as at sign-up (better-auth itself checks only the length).
    const body = parseBody(newPasswordBodySchema, await readJsonBody(c));
    return translateAuthResponse(await auth.handler(withBody(c.req.raw, body)));
  });

  router.post("/auth/sign-out", async (c) => {
    const current = await auth.api.getSession({ headers: c.req.raw.headers });
    const response = await auth.handler(c.req.raw);
    if (current && response.ok) {
      await logActivity(db, { userId: current.user.id, key: "user.logout", entityId: current.user.id, entityName: current.user.email });
    }
    return translateAuthResponse(response);
  });

  router.post("/auth/sign-in/social", async (c) => {
    const body = (await readJsonBody(c)) as { provider?: string };
    const provider = String(body.provider ?? "");
    const isKnown = (SOCIAL_PROVIDERS as readonly string[]).includes(provider);
    if (!isKnown || !(provider in config.socialProviders)) {
      throw new HttpError(400, "PROVIDER_NOT_CONFIGURED", AUTH_ERROR_MESSAGES.PROVIDER_NOT_FOUND!);
    }
    return translateAuthResponse(await auth.handler(c.req.raw));
  });

  router.on(["GET", "POST"], "/auth/*", async (c) => translateAuthResponse(await auth.handler(c.req.raw)));

  router.get("/auth-providers", (c) =>
    c.json({ providers: Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, p in config.socialProviders])) }),
  );

  return router;
}
