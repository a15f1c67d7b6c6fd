import os from "node:os";
import path from "node:path";
import {
  ConfigError,
  parseEnv,
  pickOperator,
  pickS3Config,
  pickSocialProviders,
  pickStripeConfig,
  type Config,
} from "./env.ts";
import { loadOrCreateDevSecret } from "./dev-secret.ts";

/**
 * Without AUTH_SECRET on a PostgreSQL database (issue 26): every instance would generate its own
 * secret in its own data folder, and a session made on one would be refused by the next.
 */
const AUTH_SECRET_WITH_DATABASE_URL_MESSAGE =
  "Ungültige Konfiguration (Umgebungsvariablen):\n  AUTH_SECRET: ist erforderlich, wenn DATABASE_URL gesetzt ist (alle Instanzen einer Datenbank brauchen dasselbe Geheimnis; erzeugen mit: openssl rand -base64 32)";

/**
 * Reads and validates the environment; on the embedded database in development a secret is
 * generated once per DATA_DIR, on PostgreSQL AUTH_SECRET is required in every mode.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source);
  if (env.DATABASE_URL && !env.AUTH_SECRET)
    throw new ConfigError(AUTH_SECRET_WITH_DATABASE_URL_MESSAGE);
  const dataDir = path.resolve(env.DATA_DIR);
  const isProduction = env.NODE_ENV === "production";
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    authSecret: env.AUTH_SECRET ?? loadOrCreateDevSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_KB * 1024,
    importFileLimitBytes: env.IMPORT_FILE_LIMIT_KB * 1024,
    trustProxy: env.TRUST_PROXY,
    databasePoolMax: env.DATABASE_POOL_MAX,
    metricsToken: env.METRICS_TOKEN,
    jobConcurrency: env.JOB_CONCURRENCY,
    letterRenderWorkers: Math.min(env.LETTER_RENDER_WORKERS, os.availableParallelism()),
    jobPollIntervalMs: env.JOB_POLL_INTERVAL_MS,
    monthlyInformationSendDay: env.MONTHLY_INFORMATION_SEND_DAY,
    socialProviders: pickSocialProviders(env),
    operator: pickOperator(env),
    stripe: pickStripeConfig(env),
    s3: pickS3Config(env),
  };
}
