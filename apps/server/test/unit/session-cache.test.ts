import { describe, expect, it } from "vitest";
import type { Auth } from "../../src/auth/auth.ts";
import { createSessionCache, SESSION_CACHE_MS } from "../../src/auth/session-cache.ts";

// The rules of decision 0990 on their own, with a stand-in for better-auth's lookup (the
// integration tests run the real one).

const COOKIE = "better-auth.session_token=abc.signatur";

function fakeAuth(expiresAt = new Date(Date.now() + 3_600_000)) {
  const calls: { resolve: () => void }[] = [];
  let valid = true;
  const auth = {
    api: {
      getSession: () =>
        new Promise((resolve) => {
          const answer = () =>
            resolve({
              headers: new Headers(),
              response: valid ? { user: { id: "u1" }, session: { id: "s1", expiresAt } } : null,
            });
          calls.push({ resolve: answer });
        }),
    },
  } as unknown as Auth;
  return {
    auth,
    calls,
    revoke: () => (valid = false),
    async answerAll() {
      await Promise.resolve();
      for (const call of calls.splice(0)) call.resolve();
    },
  };
}

async function settle<T>(promise: Promise<T>, fake: ReturnType<typeof fakeAuth>): Promise<T> {
  await fake.answerAll();
  return promise;
}

describe("session cache", () => {
  it("asks nothing without a session cookie", async () => {
    const fake = fakeAuth();
    const cache = createSessionCache(fake.auth);
    expect(await cache.lookup(new Headers({ cookie: "andere=1" }))).toBeNull();
    expect(fake.calls).toHaveLength(0);
  });

  it("shares one lookup between concurrent requests and answers from memory until the entry is 4 s old", async () => {
    const fake = fakeAuth();
    let time = 1_000_000;
    const cache = createSessionCache(fake.auth, () => time);
    const headers = new Headers({ cookie: COOKIE });
    const both = Promise.all([cache.lookup(headers), cache.lookup(headers)]);
    expect(fake.calls).toHaveLength(1);
    const [first, second] = await settle(both, fake);
    expect(first?.user.id).toBe("u1");
    expect(second).toBe(first);
    time += SESSION_CACHE_MS - 1;
    expect(await cache.lookup(headers)).toBe(first);
    time += 1;
    fake.revoke();
    expect(await settle(cache.lookup(headers), fake)).toBeNull();
  });

  it("does not keep what a lookup read while the cache was emptied (sign-out during the lookup)", async () => {
    const fake = fakeAuth();
    const cache = createSessionCache(fake.auth);
    const headers = new Headers({ cookie: COOKIE });
    const running = cache.lookup(headers);
    await Promise.resolve();
    cache.clear();
    expect((await settle(running, fake))?.user.id).toBe("u1");
    fake.revoke();
    expect(await settle(cache.lookup(headers), fake)).toBeNull();
  });

  it("forgets one account's entries and never answers past the session's expiry", async () => {
    let time = 1_000_000;
    const fake = fakeAuth(new Date(time + 1_000));
    const cache = createSessionCache(fake.auth, () => time);
    const headers = new Headers({ cookie: COOKIE });
    await settle(cache.lookup(headers), fake);
    cache.forgetUser("u1");
    const again = cache.lookup(headers);
    await Promise.resolve();
    expect(fake.calls).toHaveLength(1);
    await settle(again, fake);
    time += 1_000;
    fake.revoke();
    expect(await settle(cache.lookup(headers), fake)).toBeNull();
  });
});
