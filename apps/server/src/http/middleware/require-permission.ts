import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { API_KEY_MESSAGES, roleAllows, TEAM_MESSAGES } from "@nk/contract";
import { Forbidden } from "../../domain/domain-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { findRouteRequirement } from "../route-permissions.ts";

/**
 * Refuses (403, German message) a request whose role lacks what the answering route needs
 * (route-permissions.ts), before the handler runs. Runs after the account context is known,
 * for the session and for an API key alike.
 */
export function requirePermission(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The first route with a method is the one that answers (middleware and the unknown-path
    // 404 are registered for ALL; the web app's GET * comes after the API's routes).
    const handler = matchedRoutes(c).find((route) => route.method !== "ALL");
    // No handler: the unknown-path 404 answers.
    if (handler) {
      const requirement = findRouteRequirement(handler.method, handler.path);
      // A key works on the account's data; the person's own routes and the keys themselves
      // (a key cannot make keys) need the browser session.
      if (c.var.apiKeyId && (requirement === "member" || requirement === "manage_api_keys"))
        throw new Forbidden(API_KEY_MESSAGES.browserOnly, "API_KEY_NOT_ALLOWED");
      if (requirement !== "member" && !roleAllows(c.var.role, requirement))
        throw new Forbidden(TEAM_MESSAGES.forbidden, "INSUFFICIENT_PERMISSIONS");
    }
    await next();
  };
}
