import { createHash, randomBytes } from "node:crypto";
import {
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_REQUESTS_PER_MINUTE,
  getTodayInGermany,
  weakerRole,
  type ApiKey,
  type ApiKeyList,
  type CreateApiKeyValues,
  type CreatedApiKey,
  type MemberRole,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { Forbidden, NotFound, NotSignedIn, ValidationFailed } from "../../domain/domain-errors.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import { assertWithinRateLimit } from "../../rate-limit/fixed-window-limit.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";
import { assertFeature, loadFeatureFlags } from "../account/subscription-change-service.ts";
import { logActivity } from "../activity/activity-log.ts";
import { displayName, type Actor } from "../team/team-service.ts";
import {
  findApiKeyByHash,
  insertApiKey,
  listApiKeysOfAccount,
  revokeApiKeyRow,
  touchApiKey,
  type ApiKeyForRequest,
} from "./api-key-queries.ts";

// Issue 29, item 4 (decision 1171): personal API keys of the Enterprise plan. The secret is
// 32 random bytes; only its SHA-256 is stored (a secret of that strength needs no slow hash,
// and a lookup by hash keeps every request one indexed read). Nothing is cached: revoking,
// removing the member, lowering their role or leaving the plan acts on the next request.

function hashApiKey(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function describeApiKey(
  row: Awaited<ReturnType<typeof listApiKeysOfAccount>>[number],
  today: string,
): ApiKey {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    prefix: row.tokenPrefix,
    createdBy: displayName({
      name: row.userName,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
    }),
    createdAt: new Date(row.createdAt).toISOString(),
    expiresOn: row.expiresOn,
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
    revokedAt: row.revokedAt ? new Date(row.revokedAt).toISOString() : null,
    isExpired: row.expiresOn !== null && row.expiresOn < today,
  };
}

export async function listApiKeys(db: Db, actor: Actor, now = new Date()): Promise<ApiKeyList> {
  const features = await loadFeatureFlags(db, actor.accountId);
  const today = getTodayInGermany(now);
  const rows = await listApiKeysOfAccount(db, actor.accountId);
  return {
    isAvailable: features.apiAccess,
    apiKeys: rows.map((row) => describeApiKey(row, today)),
  };
}

/** A new key of the acting member with at most their role; the secret is in this answer only. */
export async function createApiKey(
  db: Db,
  actor: Actor,
  body: CreateApiKeyValues,
  now = new Date(),
): Promise<CreatedApiKey> {
  await assertFeature(db, actor.accountId, "apiAccess");
  if (weakerRole(body.role, actor.role) !== body.role)
    throw new ValidationFailed(
      { role: API_KEY_MESSAGES.roleAboveOwn },
      API_KEY_MESSAGES.roleAboveOwn,
    );
  const today = getTodayInGermany(now);
  if (body.expiresOn !== null && body.expiresOn < today)
    throw new ValidationFailed(
      { expiresOn: API_KEY_MESSAGES.expiryInPast },
      API_KEY_MESSAGES.expiryInPast,
    );
  const token = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const id = await inAccountTransaction(db, actor.accountId, async (trx) => {
    const keyId = await insertApiKey(trx, {
      accountId: actor.accountId,
      userId: actor.userId,
      name: body.name,
      role: body.role,
      tokenHash: hashApiKey(token),
      tokenPrefix: token.slice(0, API_KEY_PREFIX.length + 6),
      expiresOn: body.expiresOn,
    });
    await logActivity(trx, {
      userId: actor.accountId,
      key: "api_key.created",
      entityId: keyId,
      entityName: body.name,
      metadata: { role: body.role },
    });
    return keyId;
  });
  const created = (await listApiKeysOfAccount(db, actor.accountId)).find((row) => row.id === id)!;
  return { apiKey: describeApiKey(created, today), token };
}

export async function revokeApiKey(db: Db, actor: Actor, id: string): Promise<ApiKeyList> {
  requireResourceId(id, API_KEY_MESSAGES.notFound);
  await inAccountTransaction(db, actor.accountId, async (trx) => {
    const revoked = await revokeApiKeyRow(trx, actor.accountId, id);
    if (!revoked) throw new NotFound(API_KEY_MESSAGES.notFound);
    await logActivity(trx, {
      userId: actor.accountId,
      key: "api_key.revoked",
      entityId: id,
      entityName: revoked.name,
    });
  });
  return listApiKeys(db, actor);
}

export interface ApiKeyContext {
  keyId: string;
  accountId: string;
  /** The key's role, lowered to the member's current role when that is less. */
  role: MemberRole;
  user: ApiKeyForRequest["user"];
}

/**
 * The account, role and member of a request's `Authorization: Bearer` key. Unknown, revoked
 * and expired keys and keys of former members answer 401; an account without `apiAccess` 403;
 * more than API_KEY_REQUESTS_PER_MINUTE requests of one key in a minute 429 with Retry-After.
 */
export async function authenticateApiKey(
  db: Db,
  token: string,
  now = new Date(),
): Promise<ApiKeyContext> {
  if (!API_KEY_PATTERN.test(token)) throw new NotSignedIn(API_KEY_MESSAGES.invalid);
  const key = await findApiKeyByHash(db, hashApiKey(token));
  const isExpired = key?.expiresOn != null && key.expiresOn < getTodayInGermany(now);
  if (!key || key.revokedAt || isExpired || key.memberRole === null)
    throw new NotSignedIn(API_KEY_MESSAGES.invalid);
  if (!(await loadFeatureFlags(db, key.accountId)).apiAccess)
    throw new Forbidden(API_KEY_MESSAGES.notInPlan, "FEATURE_NOT_IN_PLAN");
  await assertWithinRateLimit(db, `api-key:${key.id}`, {
    windowSeconds: 60,
    max: API_KEY_REQUESTS_PER_MINUTE,
    message: API_KEY_MESSAGES.rateLimited,
  });
  await touchApiKey(db, key.id);
  return {
    keyId: key.id,
    accountId: key.accountId,
    role: weakerRole(key.keyRole, key.memberRole),
    user: key.user,
  };
}
