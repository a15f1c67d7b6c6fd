import type { MiddlewareHandler } from "hono";
import type { Db } from "../../db/database.ts";
import { runAsMember } from "../../domain/acting-member.ts";
import { authenticateApiKey } from "../../features/api-keys/api-key-service.ts";
import type { AppEnv } from "../app-env.ts";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The key of an `Authorization: Bearer …` header, or null (the request uses the session cookie). */
export function readBearerToken(header: string | undefined): string | null {
  const match = header ? BEARER.exec(header) : null;
  return match ? match[1]! : null;
}

/**
 * In place of the session and account middleware for a request with an API key (issue 29,
 * decision 1171): the key's account, its role (at most its member's) and its member as the actor
 * of every activity entry. No session: the permission middleware refuses the routes that need one.
 */
export function apiKeyAuth(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = await authenticateApiKey(db, readBearerToken(c.req.header("authorization")) ?? "");
    c.set("user", key.user);
    c.set("accountId", key.accountId);
    c.set("role", key.role);
    c.set("apiKeyId", key.keyId);
    await runAsMember(key.user.id, next);
  };
}
