// German default messages for every schema (set once in the contract).
import "@nk/contract";
import { z } from "zod";

// Start-up configuration (docs/rules/master-data.md#startup-configuration, adapted to
// this server): every setting is validated here; a missing or bad one stops the process with a
// message that names it. .env.example lists them all.

const optionalNonBlank = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ error: "muss eine Zahl sein" })
      .int("muss eine ganze Zahl sein")
      .min(0, "muss zwischen 0 und 65535 liegen")
      .max(65535, "muss zwischen 0 und 65535 liegen")
      .default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalNonBlank.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "muss mit postgres:// oder postgresql:// beginnen")
        .optional(),
    ),
    PUBLIC_URL: optionalNonBlank.pipe(z.url("muss eine vollständige URL sein").optional()),
    AUTH_SECRET: optionalNonBlank.pipe(
      z.string().min(32, "muss mindestens 32 Zeichen lang sein").optional(),
    ),
    SMTP_URL: optionalNonBlank.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "muss mit smtp:// oder smtps:// beginnen")
        .optional(),
    ),
    MAIL_FROM: z.string().default("Nebenkosten <no-reply@localhost>"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    BODY_LIMIT_KB: z.coerce
      .number({ error: "muss eine Zahl sein" })
      .int("muss eine ganze Zahl sein")
      .min(16, "muss mindestens 16 sein")
      .max(51_200, "darf höchstens 51200 sein")
      .default(1024),
    IMPORT_FILE_LIMIT_KB: z.coerce
      .number({ error: "muss eine Zahl sein" })
      .int("muss eine ganze Zahl sein")
      .min(16, "muss mindestens 16 sein")
      .max(5120, "darf höchstens 5120 sein")
      .default(5120),
    GOOGLE_CLIENT_ID: optionalNonBlank,
    GOOGLE_CLIENT_SECRET: optionalNonBlank,
    FACEBOOK_CLIENT_ID: optionalNonBlank,
    FACEBOOK_CLIENT_SECRET: optionalNonBlank,
    APPLE_CLIENT_ID: optionalNonBlank,
    APPLE_CLIENT_SECRET: optionalNonBlank,
    DATABASE_POOL_MAX: z.coerce
      .number({ error: "muss eine Zahl sein" })
      .int("muss eine ganze Zahl sein")
      .min(1, "muss mindestens 1 sein")
      .max(200, "darf höchstens 200 sein")
      .default(10),
    /** Bearer token for GET /metrics (Prometheus); without one the endpoint does not exist. */
    METRICS_TOKEN: optionalNonBlank.pipe(
      z.string().min(16, "muss mindestens 16 Zeichen lang sein").optional(),
    ),
    /** Background jobs this instance runs at once; 0 = none (the instance only serves requests). */
    JOB_CONCURRENCY: z.coerce
      .number({ error: "muss eine Zahl sein" })
      .int("muss eine ganze Zahl sein")
      .min(0, "muss zwischen 0 und 16 liegen")
      .max(16, "muss zwischen 0 und 16 liegen")
      .default(1),
    /** Worker threads that render a run's letters; at most the cores available; 0 = on the main thread. */
    LETTER_RENDER_WORKERS: z.coerce
      .number({ error: "muss eine Zahl sein" })
      .int("muss eine ganze Zahl sein")
      .min(0, "muss zwischen 0 und 16 liegen")
      .max(16, "muss zwischen 0 und 16 liegen")
      .default(2),
    JOB_POLL_INTERVAL_MS: z.coerce
      .number({ error: "muss eine Zahl sein" })
      .int("muss eine ganze Zahl sein")
      .min(100, "muss mindestens 100 sein")
      .max(60_000, "darf höchstens 60000 sein")
      .default(1000),
    /** The day of a month from which the daily job sends last month's § 6a HeizkV information (decision 1690). */
    MONTHLY_INFORMATION_SEND_DAY: z.coerce
      .number({ error: "muss eine Zahl sein" })
      .int("muss eine ganze Zahl sein")
      .min(1, "muss zwischen 1 und 28 liegen")
      .max(28, "muss zwischen 1 und 28 liegen")
      .default(5),
    // The operator of this installation: /impressum, /datenschutz, and where contact requests go.
    OPERATOR_NAME: optionalNonBlank,
    OPERATOR_REPRESENTATIVE: optionalNonBlank,
    OPERATOR_STREET: optionalNonBlank,
    OPERATOR_POSTAL_CODE: optionalNonBlank,
    OPERATOR_CITY: optionalNonBlank,
    OPERATOR_EMAIL: optionalNonBlank.pipe(z.email("muss eine E-Mail-Adresse sein").optional()),
    OPERATOR_PHONE: optionalNonBlank,
    OPERATOR_REGISTER: optionalNonBlank,
    OPERATOR_VAT_ID: optionalNonBlank,
    OPERATOR_PRIVACY_CONTACT: optionalNonBlank,
    // Payment through Stripe (docs/rules/accounts-and-plans.md#account-data): with a secret key, an upgrade goes through Stripe
    // Checkout and the plan changes only on the verified webhook. Without one, at once.
    STRIPE_SECRET_KEY: optionalNonBlank,
    STRIPE_WEBHOOK_SECRET: optionalNonBlank,
    STRIPE_PRICE_STARTER: optionalNonBlank,
    STRIPE_PRICE_PROFESSIONAL: optionalNonBlank,
    STRIPE_PRICE_ENTERPRISE: optionalNonBlank,
    /** Stripe's API address; only tests point it elsewhere (a local fake). */
    STRIPE_API_BASE: optionalNonBlank.pipe(z.url("muss eine vollständige URL sein").optional()),
    /** S3-compatible file storage (docs/rules/statements.md#pdfs-and-sending): active when S3_BUCKET is set; else DATA_DIR/files. */
    S3_BUCKET: optionalNonBlank,
    S3_ENDPOINT: optionalNonBlank.pipe(
      z.url("muss eine vollständige URL sein (http:// oder https://)").optional(),
    ),
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalNonBlank,
    S3_SECRET_ACCESS_KEY: optionalNonBlank,
    /** Trust X-Forwarded-For for the client address (only behind your own proxy). */
    TRUST_PROXY: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY) {
      for (const name of [
        "STRIPE_WEBHOOK_SECRET",
        "STRIPE_PRICE_STARTER",
        "STRIPE_PRICE_PROFESSIONAL",
        "STRIPE_PRICE_ENTERPRISE",
      ] as const) {
        if (!env[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: "ist mit STRIPE_SECRET_KEY erforderlich",
          });
      }
    }
    if (env.S3_BUCKET) {
      for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name])
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: "ist erforderlich, wenn S3_BUCKET gesetzt ist",
          });
      }
    }
    if (env.NODE_ENV !== "production") return;
    if (!env.PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "ist in Produktion erforderlich",
      });
    } else if (!env.PUBLIC_URL.startsWith("https://")) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "muss in Produktion https:// verwenden",
      });
    }
    if (!env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "ist in Produktion erforderlich",
      });
    }
  });

export type Env = z.output<typeof envSchema>;

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map(
    (issue) => `  ${issue.path.join(".") || "(Konfiguration)"}: ${issue.message}`,
  );
  throw new ConfigError(`Ungültige Konfiguration (Umgebungsvariablen):\n${lines.join("\n")}`);
}

interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
}

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: Env["LOG_LEVEL"];
  bodyLimitBytes: number;
  /** Largest file an import reads (IMPORT_FILE_LIMIT_KB; issue 28): its routes take a body that large in base64. */
  importFileLimitBytes: number;
  trustProxy: boolean;
  databasePoolMax: number;
  metricsToken: string | undefined;
  jobConcurrency: number;
  /** Threads of the letter pool: LETTER_RENDER_WORKERS, at most os.availableParallelism(). */
  letterRenderWorkers: number;
  jobPollIntervalMs: number;
  /** MONTHLY_INFORMATION_SEND_DAY: from this day of a month last month's information goes out by itself (decision 1690). */
  monthlyInformationSendDay: number;
  socialProviders: Partial<Record<"google" | "facebook" | "apple", SocialProviderConfig>>;
  /** OPERATOR_* settings; all null when none is set. */
  operator: OperatorConfig;
  /** Stripe, when STRIPE_SECRET_KEY is set; absent = plan changes apply at once (docs/rules/accounts-and-plans.md#account-data). */
  stripe?: StripeConfig;
  /** S3-compatible file storage; absent = files in DATA_DIR/files. */
  s3?: S3Config;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiBase: string;
  prices: { starter: string; professional: string; enterprise: string };
}

export function pickStripeConfig(env: Env): StripeConfig | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  const prices = {
    starter: env.STRIPE_PRICE_STARTER,
    professional: env.STRIPE_PRICE_PROFESSIONAL,
    enterprise: env.STRIPE_PRICE_ENTERPRISE,
  };
  if (!secretKey || !webhookSecret || !prices.starter || !prices.professional || !prices.enterprise)
    return undefined;
  return {
    secretKey,
    webhookSecret,
    apiBase: (env.STRIPE_API_BASE ?? "https://api.stripe.com").replace(/\/$/, ""),
    prices: {
      starter: prices.starter,
      professional: prices.professional,
      enterprise: prices.enterprise,
    },
  };
}

export interface OperatorConfig {
  name: string | null;
  representative: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  registerEntry: string | null;
  vatId: string | null;
  privacyContact: string | null;
}

export function pickOperator(env: Env): OperatorConfig {
  return {
    name: env.OPERATOR_NAME ?? null,
    representative: env.OPERATOR_REPRESENTATIVE ?? null,
    street: env.OPERATOR_STREET ?? null,
    postalCode: env.OPERATOR_POSTAL_CODE ?? null,
    city: env.OPERATOR_CITY ?? null,
    email: env.OPERATOR_EMAIL ?? null,
    phone: env.OPERATOR_PHONE ?? null,
    registerEntry: env.OPERATOR_REGISTER ?? null,
    vatId: env.OPERATOR_VAT_ID ?? null,
    privacyContact: env.OPERATOR_PRIVACY_CONTACT ?? null,
  };
}

export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The S3 settings when a bucket is named (the schema made sure the keys are there). */
export function pickS3Config(env: Env): S3Config | undefined {
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return undefined;
  return {
    endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

export function pickSocialProviders(env: Env): Config["socialProviders"] {
  const result: Config["socialProviders"] = {};
  const pairs = [
    ["google", env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET],
    ["facebook", env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET],
    ["apple", env.APPLE_CLIENT_ID, env.APPLE_CLIENT_SECRET],
  ] as const;
  // A provider is active only when both its client id and secret are configured.
  for (const [name, id, secret] of pairs)
    if (id && secret) result[name] = { clientId: id, clientSecret: secret };
  return result;
}
