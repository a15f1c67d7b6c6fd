import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import { NotSignedIn } from "../domain/domain-errors.ts";
import type { SessionCache } from "./session-cache.ts";

// Routes that change the user row or end its sessions: the cached session of the account is
// forgotten once they answered, so the next request reads names and revocation fresh.
const ACCOUNT_CHANGING_PATHS = [/^\/api\/profile$/, /^\/api\/account$/];

/** Every route behind this answers 401 without a valid session; the user is then in c.var.user. */
export function requireUser(sessions: SessionCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await sessions.lookup(c.req.raw.headers);
    if (!result) throw new NotSignedIn();
    c.set("user", result.user);
    c.set("session", result.session);
    try {
      await next();
    } finally {
      if (c.req.method !== "GET" && ACCOUNT_CHANGING_PATHS.some((path) => path.test(c.req.path)))
        sessions.forgetUser(result.user.id);
    }
  };
}
