import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import { createBillingPeriodRoutes } from "./billing-periods/billing-period-routes.ts";
import { createMeterRoutes } from "./meters/meter-routes.ts";
import { createRateRoutes } from "./rates/rate-routes.ts";
import { createReadingRoutes } from "./readings/reading-routes.ts";

/** /api/meters, /api/readings, /api/billing-periods and /api/rates (issue 6). */
export function createMeteringRoutes(db: Db) {
  return createRouter()
    .route("/", createMeterRoutes(db))
    .route("/", createReadingRoutes(db))
    .route("/", createBillingPeriodRoutes(db))
    .route("/", createRateRoutes(db));
}
