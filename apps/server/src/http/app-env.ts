import type { Auth } from "../auth/auth.ts";
import type { MemberRole } from "@nk/contract";
import type { Logger } from "../lib/logger.ts";

export type AuthSession = Auth["$Infer"]["Session"];

/** Values every request carries through the middleware chain. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    user: AuthSession["user"];
    /**
     * The browser session. Not set for a request with an API key (apiKeyId): the permission
     * middleware refuses such a request every route that reads the session (the `member` routes).
     */
    session: AuthSession["session"];
    /**
     * The account the request works in (issue 29): its owner's user id, the value of every
     * table's user_id column. Scope every query by this, never by `user.id` (the person).
     */
    accountId: string;
    /** The member's role in that account (for an API key: the key's role, at most the member's). */
    role: MemberRole;
    /** The API key of a request sent with `Authorization: Bearer` (issue 29, decision 1171). */
    apiKeyId: string | undefined;
  };
}
