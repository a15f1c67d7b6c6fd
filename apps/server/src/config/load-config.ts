import os from "node:os";
import path from "node:path";
import { parseEnv, pickOperator, pickS3Config, pickSocialProviders, pickStripeConfig, type Config } from "./env.ts";
import { loadOrCreateDevSecret } from "./dev-secret.ts";

/** Reads and validates the environment; in development a secret is generated once per DATA_DIR. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source);
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
    trustProxy: env.TRUST_PROXY,
    databasePoolMax: env.DATABASE_POOL_MAX,
    metricsToken: env.METRICS_TOKEN,
    jobConcurrency: env.JOB_CONCURRENCY,
    letterRenderWorkers: Math.min(env.LETTER_RENDER_WORKERS, os.availableParallelism()),
    jobPollIntervalMs: env.JOB_POLL_INTERVAL_MS,
    answerCacheMs: env.ANSWER_CACHE_MS,
    socialProviders: pickSocialProviders(env),
    operator: pickOperator(env),
    stripe: pickStripeConfig(env),
    s3: pickS3Config(env),
  };
}
