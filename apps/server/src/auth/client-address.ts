import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/** The client's address; X-Forwarded-For only when TRUST_PROXY says a proxy of ours sets it. */
export function getClientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // in-process requests (tests) have no socket
  }
}
