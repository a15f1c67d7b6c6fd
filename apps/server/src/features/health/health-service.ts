import type { HealthResponse } from "@nk/contract";
import type { DatabaseHandle } from "../../db/database.ts";
import { APP_VERSION } from "../../lib/app-version.ts";
import { isDatabaseReachable } from "./health-queries.ts";

/**
 * 'ok' while the database answers, else 'degraded' (the route answers 503 then). The embedded
 * database is asked on its thread directly: a health check never queues behind a long save.
 */
export async function checkHealth(database: DatabaseHandle): Promise<HealthResponse> {
  const reachable = database.pingEmbedded
    ? await database.pingEmbedded()
    : await isDatabaseReachable(database.db);
  return {
    status: reachable ? "ok" : "degraded",
    database: { reachable, driver: database.driver },
    version: APP_VERSION,
  };
}
