import { AsyncLocalStorage } from "node:async_hooks";

// The member on whose behalf a request runs (issue 29). The account middleware sets it for the
// whole request; logActivity reads it, so every activity entry names who acted without every
// service passing the person along next to the account's id. Outside a request (jobs, sign-up)
// there is none unless a caller runs its work inside `runAsMember`.

const actingMember = new AsyncLocalStorage<{ userId: string }>();

export function runAsMember<T>(userId: string, work: () => Promise<T>): Promise<T> {
  return actingMember.run({ userId }, work);
}

/** The user id of the member acting in this request, or null (the system). */
export function findActingMemberId(): string | null {
  return actingMember.getStore()?.userId ?? null;
}
