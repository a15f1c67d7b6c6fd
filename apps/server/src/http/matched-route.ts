import type { Context } from "hono";
import { matchedRoutes } from "hono/route";

/** The pattern of the route that answered (`/api/properties/:id`), never the raw path. */
export function findMatchedRoutePath(c: Context): string {
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex] ?? routes.at(-1);
  return answered?.path ?? "unmatched";
}
