import { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "../config/env.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { Auth } from "../auth/auth.ts";
import { createAuthRoutes, UNKNOWN_API_PATH_MESSAGE } from "../auth/auth-routes.ts";
import { requireUser } from "../auth/require-user.ts";
import { createSessionCache } from "../auth/session-cache.ts";
import type { Logger } from "../lib/logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { APP_VERSION } from "../lib/app-version.ts";
import { createAccountRoutes } from "../features/account/account-routes.ts";
import { createDashboardRoutes } from "../features/dashboard/dashboard-routes.ts";
import { createHealthRoutes } from "../features/health/health-routes.ts";
import { createTenantRoutes } from "../features/tenants/tenant-routes.ts";
import { createPropertyRoutes } from "../features/properties/property-routes.ts";
import { createMeteringRoutes } from "../features/metering/metering-routes.ts";
import { NotFound } from "../domain/domain-errors.ts";
import { createMonitoringRoutes } from "../features/monitoring/monitoring-routes.ts";
import { createSettingsRoutes } from "../features/account/settings-routes.ts";
import { createActivityRoutes } from "../features/activity/activity-routes.ts";
import { createContactRoutes } from "../features/contact/contact-routes.ts";
import { createStripeWebhookRoutes } from "../features/account/payment/stripe-routes.ts";
import { httpMetrics } from "../metrics/http-metrics.ts";
import { mountMetricsEndpoint } from "../metrics/metrics-endpoint.ts";
import type { AppEnv } from "./app-env.ts";
import { registerAuthPaths } from "./auth-openapi.ts";
import { handleError } from "./error-handler.ts";
import { answerCache } from "./middleware/answer-cache.ts";
import { errorAnswers } from "./middleware/error-answers.ts";
import { inputGuard } from "./middleware/input-guard.ts";
import { limitBody } from "./middleware/limit-body.ts";
import { noStore } from "./middleware/no-store.ts";
import { originCheck } from "./middleware/origin-check.ts";
import { requestContext } from "./middleware/request-context.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { mountStaticWeb } from "./static-web.ts";
import { createStatementRoutes } from "../features/statements/statement-routes.ts";
import { createBillingDataRoutes } from "../features/billing-data/billing-data-routes.ts";
import { createStatementDocumentRoutes } from "../features/statement-documents/statement-document-routes.ts";
import { createStatementHistoryRoutes } from "../features/statements/statement-history-routes.ts";
import { createFileStorage } from "../files/create-file-storage.ts";
import type { FileStorage } from "../files/file-storage.ts";
import { inProcessRenderer, type LetterRenderer } from "../features/statement-documents/letter-render-pool.ts";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  /** Serve the built web app (off in API-only tests). */
  serveWeb?: boolean;
  /** Statement PDFs (DECISIONS 10); default from the configuration. */
  files?: FileStorage;
  /** Renders the letters of whole runs (the worker pool); default on the calling thread. */
  letterRenderer?: LetterRenderer;
}

const PUBLIC_API_PATHS = [/^\/api\/health$/, /^\/api\/openapi\.json$/, /^\/api\/auth\//, /^\/api\/auth-providers$/, /^\/api\/monitoring\//, /^\/api\/contact$/, /^\/api\/operator$/, /^\/api\/stripe\/webhook$/];

function isPublicApiPath(path: string): boolean {
  return PUBLIC_API_PATHS.some((pattern) => pattern.test(path));
}

/** Public API routes first, then everything behind the session guard. Features register here. */
export function createApp(deps: AppDeps) {
  const { config, database, auth, logger } = deps;
  const db = database.db;
  const files = deps.files ?? createFileStorage(config);
  const app = new OpenAPIHono<AppEnv>();
  const sessions = createSessionCache(auth);

  app.use("*", requestContext(logger));
  app.use("*", httpMetrics());
  app.use("*", securityHeaders({ isProduction: config.isProduction }));
  app.use("/api/*", noStore());
  app.use("/api/*", errorAnswers());
  app.use(
    "/api/*",
    limitBody(config.bodyLimitBytes),
  );
  app.use("/api/*", inputGuard({ objectBodyPaths: /^\/api\/auth\//, formBodyPaths: /^\/api\/auth\/callback\// }));
  app.use("/api/*", originCheck({ publicUrl: config.publicUrl }));
  app.onError(handleError);

  // Public
  mountMetricsEndpoint(app, config.metricsToken);
  app.route("/api", createHealthRoutes(database));
  app.route("/api", createMonitoringRoutes({ db, auth, config }));
  app.route("/api", createAuthRoutes({ auth, db, config, sessions }));
  app.route("/api", createContactRoutes({ db, config }));
  if (config.stripe) app.route("/api", createStripeWebhookRoutes({ db, stripe: config.stripe }));
  registerAuthPaths(app);
  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Nebenkosten API", version: APP_VERSION, description: "REST über JSON; Fehler als { error: { code, message, fields? } } mit deutschen Meldungen." },
  });

  // Everything else under /api needs a session.
  const guarded = requireUser(sessions);
  const readGeneration = database.readWriteGeneration;
  const cached = readGeneration && config.answerCacheMs > 0 ? answerCache({ readGeneration, ttlMs: config.answerCacheMs }) : null;
  app.use("/api/*", async (c, next) => {
    if (isPublicApiPath(c.req.path)) return next();
    return guarded(c, cached ? () => cached(c, next) : next);
  });
  app.route("/api", createAccountRoutes(db));
  app.route("/api", createDashboardRoutes(db));
  app.route("/api", createTenantRoutes(db));
  app.route("/api", createPropertyRoutes(db));
  app.route("/api", createMeteringRoutes(db));
  app.route("/api", createStatementRoutes(db));
  app.route("/api", createSettingsRoutes(db, config, files));
  app.route("/api", createActivityRoutes(db));
  app.route("/api", createBillingDataRoutes(db));
  app.route("/api", createStatementDocumentRoutes({ db, files, letterRenderer: deps.letterRenderer ?? inProcessRenderer }));
  app.route("/api", createStatementHistoryRoutes(db));

  app.all("/api/*", () => {
    throw new NotFound(UNKNOWN_API_PATH_MESSAGE);
  });
  if (deps.serveWeb !== false) mountStaticWeb(app);
  return app;
}

export type App = ReturnType<typeof createApp>;
