import { Hono, type Context } from "hono";
import type { ZodType } from "zod";
import {
  ACCOUNT_MESSAGES,
  AUTH_ERROR_MESSAGES,
  changePasswordBodySchema,
  newPasswordBodySchema,
  RESET_REQUEST_REPLY,
  resetRequestBodySchema,
  signInBodySchema,
  signUpBodySchema,
  SOCIAL_PROVIDERS,
  socialSignInBodySchema,
  updateUserBodySchema,
} from "@nk/contract";
import type { Config } from "../config/env.ts";
import type { Db } from "../db/database.ts";
import type { AppEnv } from "../http/app-env.ts";
import { NotFound, ValidationFailed } from "../domain/domain-errors.ts";
import { collectFieldErrors } from "../domain/zod-field-errors.ts";
import type { Auth } from "./auth.ts";
import { genericErrorFor } from "../http/middleware/error-answers.ts";
import {
  assertSignInAllowed,
  assertSignUpAllowed,
  completeSignIn,
  completeSignUp,
  recordPasswordChange,
  recordResetRequest,
  recordSignOut,
} from "./auth-service.ts";
import { getClientAddress } from "./client-address.ts";
import type { SessionCache } from "./session-cache.ts";

interface AuthRouteDeps {
  auth: Auth;
  db: Db;
  config: Config;
  sessions: SessionCache;
}

export const UNKNOWN_API_PATH_MESSAGE = "Diese API-Adresse gibt es nicht.";

/** /login?error=<code>: only better-auth's codes (letters and underscores), anything else as 'unknown_error' (the page shows both in German). */
function loginErrorUrl(publicUrl: string, code: string | undefined): string {
  const safe = code && /^[a-z_]{1,64}$/i.test(code) ? code : "unknown_error";
  return `${publicUrl}/login?error=${safe}`;
}

async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.raw.clone().json();
  } catch {
    throw new ValidationFailed({}, "Ungültiges JSON im Anfragetext.");
  }
}

function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ValidationFailed(collectFieldErrors(parsed.error));
  return parsed.data;
}

/** The same request with a normalised JSON body (trimmed, lower-cased e-mail, only the fields better-auth knows). */
function withBody(original: Request, body: unknown): Request {
  const headers = new Headers(original.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Request(original.url, {
    method: original.method,
    headers,
    body: JSON.stringify(body),
  });
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
  // Never better-auth's English text: its code's German message, else the status's.
  const generic = genericErrorFor(response.status);
  const message =
    AUTH_ERROR_MESSAGES[authCode] ??
    (response.status === 401 && !authMessage
      ? AUTH_ERROR_MESSAGES.INVALID_EMAIL_OR_PASSWORD!
      : generic.message);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  const code =
    authCode === "USER_ALREADY_EXISTS" || authCode === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"
      ? "CONFLICT"
      : generic.code;
  return new Response(
    JSON.stringify({ error: { code, message, authCode: authCode || undefined } }),
    { status: response.status, headers },
  );
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
export function createAuthRoutes({ auth, db, config, sessions }: AuthRouteDeps) {
  const router = new Hono<AppEnv>();

  // Whatever better-auth changes (sign-out, password change and reset, revoked sessions, the
  // user's names) ends the cached sessions of this instance at once (session-cache.ts).
  router.use("/auth/*", async (c, next) => {
    try {
      await next();
    } finally {
      if (c.req.method !== "GET") sessions.clear();
    }
  });

  // The web app asks this on every page load: answered from the session cache like every route.
  router.get("/auth/get-session", async (c) => {
    const { session, headers } = await sessions.lookupWithHeaders(c.req.raw.headers);
    for (const cookie of headers?.getSetCookie() ?? [])
      c.header("set-cookie", cookie, { append: true });
    return c.json(session);
  });

  router.post("/auth/sign-up/email", async (c) => {
    const body = parseBody(signUpBodySchema, await readJsonBody(c));
    await assertSignUpAllowed(db, getClientAddress(c, config.trustProxy));
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
      await completeSignUp(db, {
        userId,
        email,
        firstName: body.firstName,
        lastName: body.lastName,
        userAgent: c.req.header("user-agent") ?? null,
      });
    }
    return translateAuthResponse(response);
  });

  router.post("/auth/sign-in/email", async (c) => {
    const body = parseBody(signInBodySchema, await readJsonBody(c));
    const email = body.email.toLowerCase();
    const who = { email, ipAddress: getClientAddress(c, config.trustProxy) };
    await assertSignInAllowed(db, who);
    const response = await auth.handler(withBody(c.req.raw, { ...body, email }));
    if (response.ok) {
      await completeSignIn(db, {
        userId: await readUserId(response),
        who,
        userAgent: c.req.header("user-agent") ?? null,
      });
    }
    return translateAuthResponse(response);
  });

  router.post("/auth/request-password-reset", async (c) => {
    const body = parseBody(resetRequestBodySchema, await readJsonBody(c));
    const email = body.email.toLowerCase();
    const ipAddress = getClientAddress(c, config.trustProxy);
    await recordResetRequest(db, { email, ipAddress });
    // The answer is the same whether or not the account exists (no account enumeration).
    const response = await auth.handler(
      withBody(c.req.raw, { email, redirectTo: "/auth/new-password" }),
    );
    if (!response.ok) return translateAuthResponse(response);
    return c.json({ status: true, message: RESET_REQUEST_REPLY });
  });

  router.post("/auth/reset-password", async (c) => {
    // The same password rules as at sign-up (better-auth itself checks only the length).
    const body = parseBody(newPasswordBodySchema, await readJsonBody(c));
    return translateAuthResponse(await auth.handler(withBody(c.req.raw, body)));
  });

  router.post("/auth/change-password", async (c) => {
    // The registration's password policy; every other session of the account ends.
    const body = parseBody(changePasswordBodySchema, await readJsonBody(c));
    const current = await auth.api.getSession({ headers: c.req.raw.headers });
    const response = await auth.handler(
      withBody(c.req.raw, {
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
        revokeOtherSessions: true,
      }),
    );
    if (response.status === 400) {
      const answer = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { code?: string };
      if (answer.code === "INVALID_PASSWORD")
        throw new ValidationFailed({ currentPassword: ACCOUNT_MESSAGES.wrongCurrentPassword });
    }
    if (current && response.ok)
      await recordPasswordChange(db, current.user, c.req.header("user-agent") ?? null);
    return translateAuthResponse(response);
  });

  // The names keep the profile's limits; the e-mail is not changed here.
  router.post("/auth/update-user", async (c) => {
    const body = parseBody(updateUserBodySchema, await readJsonBody(c));
    return translateAuthResponse(await auth.handler(withBody(c.req.raw, body)));
  });

  router.post("/auth/sign-out", async (c) => {
    const current = await auth.api.getSession({ headers: c.req.raw.headers });
    // Signing out needs no body; better-auth wants a JSON one (415 without a Content-Type).
    const response = await auth.handler(withBody(c.req.raw, {}));
    if (current && response.ok) {
      await recordSignOut(db, current.user);
    }
    return translateAuthResponse(response);
  });

  router.post("/auth/sign-in/social", async (c) => {
    const raw = (await readJsonBody(c)) as { provider?: unknown } | null;
    const provider = typeof raw?.provider === "string" ? raw.provider : "";
    const isKnown = (SOCIAL_PROVIDERS as readonly string[]).includes(provider);
    if (!isKnown || !(provider in config.socialProviders)) {
      throw new ValidationFailed(
        {},
        AUTH_ERROR_MESSAGES.PROVIDER_NOT_FOUND!,
        "PROVIDER_NOT_CONFIGURED",
      );
    }
    const body = parseBody(socialSignInBodySchema, raw);
    return translateAuthResponse(await auth.handler(withBody(c.req.raw, body)));
  });

  router.on(["GET", "POST"], "/auth/callback/:provider", async (c) => {
    // The end of a social sign-in: when better-auth set a session cookie, the sign-in is
    // logged (user.login) like an e-mail sign-in, and the account's trial starts.
    const response = await auth.handler(c.req.raw);
    const cookie = response.headers
      .getSetCookie()
      .map((entry) => entry.split(";")[0]!)
      .filter((pair) => pair.includes("session_token=") && !pair.endsWith("="))
      .join("; ");
    if (cookie) {
      const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
      if (session) {
        const who = {
          email: session.user.email.toLowerCase(),
          ipAddress: getClientAddress(c, config.trustProxy),
        };
        await completeSignIn(db, {
          userId: session.user.id,
          who,
          userAgent: c.req.header("user-agent") ?? null,
        });
      }
    }
    return translateAuthResponse(response);
  });

  // better-auth's error page (English, with an 'Ask AI' link) is never shown: a failed social
  // sign-in ends on /login with the reason's code, which the page shows in German (issue 26).
  router.get("/auth/error", (c) =>
    c.redirect(loginErrorUrl(config.publicUrl, c.req.query("error")), 302),
  );

  // Only the routes above reach better-auth (decision 1022). Its other routes (verify-password,
  // delete-user, list-sessions, change-email, ...) are not used by the product and are not
  // served: verify-password checked passwords without any attempt limit.
  router.all("/auth/*", () => {
    throw new NotFound(UNKNOWN_API_PATH_MESSAGE);
  });

  router.get("/auth-providers", (c) =>
    c.json({
      providers: Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, p in config.socialProviders])),
    }),
  );

  return router;
}
