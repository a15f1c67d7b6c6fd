import { OpenAPIHono } from "@hono/zod-openapi";
import { formatFileLimit, IMPORT_FILE_MESSAGES } from "@nk/contract";
import type { Config } from "./config/env.ts";
import type { DatabaseHandle } from "./db/database.ts";
import type { Auth } from "./auth/auth.ts";
import { createAuthRoutes, UNKNOWN_API_PATH_MESSAGE } from "./auth/auth-routes.ts";
import { requireUser } from "./auth/require-user.ts";
import { createSessionCache } from "./auth/session-cache.ts";
import type { Logger } from "./lib/logger.ts";
import type { Mailer } from "./mail/mailer.ts";
import { APP_VERSION } from "./lib/app-version.ts";
import { createAccountRoutes } from "./features/account/account-routes.ts";
import { createDashboardRoutes } from "./features/dashboard/dashboard-routes.ts";
import { createDeadlineRoutes } from "./features/deadlines/deadline-routes.ts";
import { createMonthlyInformationRoutes } from "./features/monthly-information/monthly-information-routes.ts";
import { createHealthRoutes } from "./features/health/health-routes.ts";
import { createTenantRoutes } from "./features/tenants/tenant-routes.ts";
import { createPropertyRoutes } from "./features/properties/property-routes.ts";
import { createHouseSetupRoutes } from "./features/properties/house-setup-routes.ts";
import { createMeteringRoutes } from "./features/metering/metering-routes.ts";
import { NotFound } from "./domain/domain-errors.ts";
import { createMonitoringRoutes } from "./features/monitoring/monitoring-routes.ts";
import { createSettingsRoutes } from "./features/account/settings-routes.ts";
import { createActivityRoutes } from "./features/activity/activity-routes.ts";
import { createContactRoutes } from "./features/contact/contact-routes.ts";
import { createStripeWebhookRoutes } from "./features/account/payment/stripe-routes.ts";
import { httpMetrics } from "./metrics/http-metrics.ts";
import { mountMetricsEndpoint } from "./metrics/metrics-endpoint.ts";
import type { AppEnv } from "./http/app-env.ts";
import { registerAuthPaths } from "./http/auth-openapi.ts";
import {
  API_DESCRIPTION,
  API_KEY_SCHEME,
  markPublicOperations,
  registerSecuritySchemes,
  SESSION_SCHEME,
} from "./http/security-schemes.ts";
import { handleError } from "./http/error-handler.ts";
import { compressAnswers } from "./http/middleware/compress-answers.ts";
import { accountContext } from "./http/middleware/account-context.ts";
import { apiKeyAuth, readBearerToken } from "./http/middleware/api-key-auth.ts";
import { requirePermission } from "./http/middleware/require-permission.ts";
import { createInvitationPreviewRoutes, createTeamRoutes } from "./features/team/team-routes.ts";
import { createApiKeyRoutes } from "./features/api-keys/api-key-routes.ts";
import { errorAnswers } from "./http/middleware/error-answers.ts";
import { inputGuard } from "./http/middleware/input-guard.ts";
import { limitBody } from "./http/middleware/limit-body.ts";
import { noStore } from "./http/middleware/no-store.ts";
import { originCheck } from "./http/middleware/origin-check.ts";
import { requestContext } from "./http/middleware/request-context.ts";
import { securityHeaders } from "./http/middleware/security-headers.ts";
import { mountStaticWeb } from "./http/static-web.ts";
import { createStatementRoutes } from "./features/statements/statement-routes.ts";
import { createBillingDataRoutes } from "./features/billing-data/billing-data-routes.ts";
import { createStatementDocumentRoutes } from "./features/statement-documents/statement-document-routes.ts";
import { createStatementHistoryRoutes } from "./features/statements/statement-history-routes.ts";
import { createLetterBatchRoutes } from "./features/statement-documents/letter-batch-routes.ts";
import { createFileStorage } from "./files/create-file-storage.ts";
import type { FileStorage } from "./files/file-storage.ts";
import { createImportRoutes } from "./features/imports/import-routes.ts";
import { createExportRoutes } from "./features/exports/export-routes.ts";
import {
  inProcessRenderer,
  type LetterRenderer,
} from "./features/statement-documents/letter-render-pool.ts";
import {
  inProcessCalculator,
  type StatementCalculator,
} from "./features/statements/statement-calculation-pool.ts";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  /** Serve the built web app (off in API-only tests). */
  serveWeb?: boolean;
  /** Statement PDFs (docs/rules/statements.md#pdfs-and-sending); default from the configuration. */
  files?: FileStorage;
  /** Renders the letters of whole runs (the worker pool); default on the calling thread. */
  letterRenderer?: LetterRenderer;
  /** Calculates and serializes the runs of saves (the calculation thread); default on the calling thread. */
  statementCalculator?: StatementCalculator;
  /** Tells the job worker that work was queued (the letter batches, decision 1084). */
  wakeJobs?: () => void;
}

const PUBLIC_API_PATHS = [
  /^\/api\/health$/,
  /^\/api\/openapi\.json$/,
  /^\/api\/auth\//,
  /^\/api\/auth-providers$/,
  /^\/api\/monitoring\//,
  /^\/api\/contact$/,
  /^\/api\/operator$/,
  /^\/api\/stripe\/webhook$/,
  /^\/api\/invitations\/preview$/,
];

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
  // Outside everything that builds an answer, so error answers and index.html are compressed too.
  app.use("*", compressAnswers());
  app.use("/api/*", noStore());
  app.use("/api/*", errorAnswers());
  // Import routes (issue 28) carry a whole file, base64-encoded: 4/3 of the file limit, plus a
  // quarter for the assignments (10,000 bookings of about 70 bytes each); every other route keeps the body limit.
  const bodyLimit = limitBody(config.bodyLimitBytes);
  const importBodyLimit = limitBody(
    Math.max(
      config.bodyLimitBytes,
      Math.ceil(config.importFileLimitBytes / 3) * 4 + Math.ceil(config.importFileLimitBytes / 4),
    ),
    IMPORT_FILE_MESSAGES.tooLarge(formatFileLimit(config.importFileLimitBytes)),
  );
  app.use("/api/*", (c, next) =>
    c.req.path.startsWith("/api/imports/") ? importBodyLimit(c, next) : bodyLimit(c, next),
  );
  app.use(
    "/api/*",
    inputGuard({ objectBodyPaths: /^\/api\/auth\//, formBodyPaths: /^\/api\/auth\/callback\// }),
  );
  app.use("/api/*", originCheck({ publicUrl: config.publicUrl }));
  app.onError(handleError);

  // Public
  mountMetricsEndpoint(app, config.metricsToken);
  app.route("/api", createHealthRoutes(database));
  app.route("/api", createMonitoringRoutes({ db, auth, config }));
  app.route("/api", createAuthRoutes({ auth, db, config, sessions }));
  app.route("/api", createContactRoutes({ db, config }));
  app.route("/api", createInvitationPreviewRoutes(db));
  if (config.stripe) app.route("/api", createStripeWebhookRoutes({ db, stripe: config.stripe }));
  registerAuthPaths(app);
  registerSecuritySchemes(app);
  app.get("/api/openapi.json", (c) => {
    const document = app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: { title: "Nebenkosten API", version: APP_VERSION, description: API_DESCRIPTION },
      security: [{ [SESSION_SCHEME]: [] }, { [API_KEY_SCHEME]: [] }],
    });
    return c.json(markPublicOperations(document, isPublicApiPath));
  });

  // Everything else under /api needs a session or an API key.
  // Then the account it works in and the member's role, then what the route needs
  // (route-permissions.ts, issue 29).
  const guarded = requireUser(sessions);
  const inAccount = accountContext(db);
  const permitted = requirePermission();
  const byApiKey = apiKeyAuth(db);
  app.use("/api/*", async (c, next) => {
    if (isPublicApiPath(c.req.path)) return next();
    const checked = async () => {
      await permitted(c, next);
    };
    // An API key (Enterprise, decision 1171) stands in for the session and the account context.
    if (readBearerToken(c.req.header("authorization")) !== null) return byApiKey(c, checked);
    return guarded(c, async () => {
      await inAccount(c, checked);
    });
  });
  app.route("/api", createAccountRoutes(db));
  app.route("/api", createDashboardRoutes(db));
  app.route("/api", createDeadlineRoutes(db));
  app.route(
    "/api",
    createMonthlyInformationRoutes(db, { sendDay: config.monthlyInformationSendDay }),
  );
  app.route("/api", createTenantRoutes(db));
  app.route("/api", createPropertyRoutes(db));
  app.route("/api", createHouseSetupRoutes(db));
  app.route("/api", createMeteringRoutes(db));
  app.route("/api", createStatementRoutes(db, deps.statementCalculator ?? inProcessCalculator));
  app.route("/api", createSettingsRoutes(db, config, files));
  app.route("/api", createActivityRoutes(db));
  app.route("/api", createBillingDataRoutes(db));
  app.route(
    "/api",
    createStatementDocumentRoutes({
      db,
      files,
      letterRenderer: deps.letterRenderer ?? inProcessRenderer,
    }),
  );
  app.route(
    "/api",
    createLetterBatchRoutes({
      db,
      files,
      letterRenderer: deps.letterRenderer ?? inProcessRenderer,
      wakeJobs: deps.wakeJobs,
    }),
  );
  app.route("/api", createStatementHistoryRoutes(db, files));
  app.route("/api", createImportRoutes(db, config.importFileLimitBytes));
  app.route("/api", createExportRoutes(db));
  app.route("/api", createTeamRoutes({ db, publicUrl: config.publicUrl, sessions }));
  app.route("/api", createApiKeyRoutes(db));

  app.all("/api/*", () => {
    throw new NotFound(UNKNOWN_API_PATH_MESSAGE);
  });
  if (deps.serveWeb !== false) mountStaticWeb(app);
  return app;
}
