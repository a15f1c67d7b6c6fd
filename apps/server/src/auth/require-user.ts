import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import { NotSignedIn } from "../domain/domain-errors.ts";
import type { Auth } from "./auth.ts";

/** Every route behind this answers 401 without a valid session; the user is then in c.var.user. */
export function requireUser(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!result) throw new NotSignedIn();
    c.set("user", result.user);
    c.set("session", result.session);
    await next();
  };
}
