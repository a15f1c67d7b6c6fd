import type { Auth } from "../auth/auth.ts";
import type { Logger } from "../lib/logger.ts";

export type AuthSession = Auth["$Infer"]["Session"];

/** Values every request carries through the middleware chain. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    user: AuthSession["user"];
    session: AuthSession["session"];
    /** Set when the answer cache answered: the route pattern that computed the answer. */
    answeredRoute: string | undefined;
  };
}
