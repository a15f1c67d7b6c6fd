import type { MiddlewareHandler } from "hono";
import type { Db } from "../../db/database.ts";
import { runAsMember } from "../../domain/acting-member.ts";
import { resolveAccountContext } from "../../features/team/account-context-service.ts";
import type { AppEnv } from "../app-env.ts";

/**
 * After the session check: the account the request works in and the member's role
 * (c.var.accountId, c.var.role), and the member as the actor of every activity entry.
 */
export function accountContext(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const context = await resolveAccountContext(db, c.var.session.id, c.var.user.id);
    c.set("accountId", context.accountId);
    c.set("role", context.role);
    await runAsMember(c.var.user.id, next);
  };
}
