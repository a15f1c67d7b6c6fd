import { z } from "zod";
import { FEATURE_KEYS, PLAN_KEYS } from "./plans.ts";
import { PERMISSIONS, roleSchema } from "./team/roles.ts";
import { membershipSchema } from "./team/members.ts";

export const SUBSCRIPTION_STATUSES = ["trialing", "active", "canceled", "expired"] as const;

const limitsSchema = z.object({
  maxProperties: z.number(),
  maxUnits: z.number(),
  maxTenants: z.number(),
  maxBillingStatements: z.number(),
});

export const subscriptionSchema = z.object({
  id: z.string(),
  plan: z.enum(PLAN_KEYS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  trialEndDate: z.string().nullable(),
  /** Rounded-up whole days until the trial ends (0 when expired; null for paid plans). */
  daysLeft: z.number().nullable(),
  isTrialExpired: z.boolean(),
  canceledAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const usageSchema = z.object({
  currentProperties: z.number(),
  currentUnits: z.number(),
  currentTenants: z.number(),
  currentBillingStatements: z.number(),
  billingStatementsThisMonth: z.number(),
});
export type Usage = z.infer<typeof usageSchema>;

export const profileSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  profileComplete: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const meResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    createdAt: z.string(),
    /** email, google, facebook or apple: how the account signs in. */
    authProvider: z.string(),
    /** True right after the account's first sign-in (/auth/callback sends it to onboarding). */
    isFirstSignIn: z.boolean(),
  }),
  profile: profileSchema,
  subscription: subscriptionSchema,
  limits: limitsSchema,
  usage: usageSchema,
  features: z.record(z.enum(FEATURE_KEYS), z.boolean()),
  /** The account this session works in (issue 29): subscription, limits, usage and features are its. */
  account: z.object({
    id: z.string(),
    name: z.string(),
    role: roleSchema,
    permissions: z.array(z.enum(PERMISSIONS)),
  }),
  /** Every account the user belongs to, for the account switcher. */
  memberships: z.array(membershipSchema),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const completeProfileBodySchema = z.object({
  firstName: z
    .string({ error: "Vorname ist erforderlich" })
    .trim()
    .min(1, "Vor- und Nachname sind erforderlich")
    .max(100),
  lastName: z
    .string({ error: "Nachname ist erforderlich" })
    .trim()
    .min(1, "Vor- und Nachname sind erforderlich")
    .max(100),
  company: z.string().trim().max(200).nullish(),
  phone: z.string().trim().max(50).nullish(),
});
export type CompleteProfileBody = z.input<typeof completeProfileBodySchema>;

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ reachable: z.boolean(), driver: z.enum(["pglite", "postgres"]) }),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
