import type { AuthSession } from "../http/app-env.ts";
import type { Auth } from "./auth.ts";

// The validated session of a cookie, kept in this process for a few seconds (decision 0990).
// Looking a session up in the database cost more than most routes' own queries; a signed-in
// page asks several routes at once. The limits that keep this safe:
// - an entry lives SESSION_CACHE_MS from the database read that validated it, so a session
//   revoked on another instance stops working there within 5 s;
// - on this instance, sign-out, password change and reset, account deletion and profile
//   changes forget the account's entries at once (auth-routes.ts, require-user.ts);
// - never past the session's own expiry; the key is the whole signed cookie value, so only a
//   cookie that better-auth accepted before can hit.

/** Below the 5 s the issue allows, for the time between the database read and storing. */
export const SESSION_CACHE_MS = 4_000;
const MAX_ENTRIES = 10_000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

interface Entry {
  value: AuthSession;
  userId: string;
  until: number;
}

export interface SessionCache {
  /** The session of the request's cookie (null when there is none or it is not valid). */
  lookup(headers: Headers): Promise<AuthSession | null>;
  /** As lookup, plus better-auth's Set-Cookie headers when it refreshed the session (get-session). */
  lookupWithHeaders(
    headers: Headers,
  ): Promise<{ session: AuthSession | null; headers: Headers | null }>;
  /** Every cached session of this account is looked up again on its next request. */
  forgetUser(userId: string): void;
  /** Every cached session is looked up again (sign-out, password reset: rare). */
  clear(): void;
}

function readSessionToken(headers: Headers): string | null {
  const match = SESSION_COOKIE.exec(headers.get("cookie") ?? "");
  return match ? match[1]! : null;
}

export function createSessionCache(auth: Auth, now: () => number = Date.now): SessionCache {
  const entries = new Map<string, Entry>();
  // A lookup that started before a sign-out must not store what it read afterwards.
  let generation = 0;
  // Requests arriving together with one cookie (a page's parallel calls, an expired entry
  // under load) share one database lookup.
  const pending = new Map<
    string,
    Promise<{ session: AuthSession | null; headers: Headers | null }>
  >();

  function read(token: string): AuthSession | null {
    const entry = entries.get(token);
    if (!entry) return null;
    const time = now();
    if (entry.until <= time || new Date(entry.value.session.expiresAt).getTime() <= time) {
      entries.delete(token);
      return null;
    }
    return entry.value;
  }

  function store(token: string, value: AuthSession, readAt: number, readGeneration: number): void {
    if (readGeneration !== generation) return;
    if (entries.size >= MAX_ENTRIES) {
      for (const [key, entry] of entries) if (entry.until <= readAt) entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.clear();
    }
    entries.set(token, { value, userId: value.user.id, until: readAt + SESSION_CACHE_MS });
  }

  async function lookupWithHeaders(
    headers: Headers,
  ): Promise<{ session: AuthSession | null; headers: Headers | null }> {
    const token = readSessionToken(headers);
    if (!token) return { session: null, headers: null };
    const cached = read(token);
    if (cached) return { session: cached, headers: null };
    const running = pending.get(token);
    if (running) return { session: (await running).session, headers: null };
    const readAt = now();
    const readGeneration = generation;
    const lookup = auth.api.getSession({ headers, returnHeaders: true }).then((answer) => {
      if (answer.response) store(token, answer.response, readAt, readGeneration);
      return { session: answer.response, headers: answer.headers };
    });
    pending.set(token, lookup);
    try {
      return await lookup;
    } finally {
      if (pending.get(token) === lookup) pending.delete(token);
    }
  }

  return {
    async lookup(headers) {
      return (await lookupWithHeaders(headers)).session;
    },
    lookupWithHeaders,
    forgetUser(userId) {
      generation++;
      pending.clear();
      for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
    },
    clear() {
      generation++;
      pending.clear();
      entries.clear();
    },
  };
}
