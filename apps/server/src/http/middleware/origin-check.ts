import type { MiddlewareHandler } from "hono";
import { Forbidden } from "../../domain/domain-errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF protection for cookie-authenticated writes: a browser always sends Origin (or at least
 * Sec-Fetch-Site) with a cross-site POST, so a write whose origin is neither this server's
 * public URL nor the host it was sent to is refused. Clients without cookies (API tools) are
 * not a CSRF vector and pass.
 */
export function originCheck({ publicUrl }: { publicUrl: string }): MiddlewareHandler {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const hasCookie = Boolean(c.req.header("cookie"));
    const ownOrigin = new URL(c.req.url).origin;
    const isForeignOrigin = origin !== undefined && origin !== allowed && origin !== ownOrigin;
    const isCrossSite = origin === undefined && fetchSite === "cross-site";
    if (hasCookie && (isForeignOrigin || isCrossSite)) {
      throw new Forbidden("Anfrage von einer fremden Seite abgelehnt.");
    }
    return next();
  };
}
