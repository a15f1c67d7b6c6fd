import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * The client's address; X-Forwarded-For only when TRUST_PROXY says one reverse proxy of ours
 * sits in front. That proxy appends the address it saw as the last entry; earlier entries come
 * from the client and are not trusted (a forged first entry would give every attempt a fresh
 * address and so a fresh sign-in limit).
 */
export function getClientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // in-process requests (tests) have no socket
  }
}
