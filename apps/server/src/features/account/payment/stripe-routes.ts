import { Hono } from "hono";
import type { StripeConfig } from "../../../config/env.ts";
import type { Db } from "../../../db/database.ts";
import type { AppEnv } from "../../../http/app-env.ts";
import { handleStripeWebhook } from "./stripe-webhook-service.ts";

/** POST /api/stripe/webhook (public; Stripe signs it). Only mounted when Stripe is configured. */
export function createStripeWebhookRoutes({ db, stripe }: { db: Db; stripe: StripeConfig }) {
  return new Hono<AppEnv>().post("/stripe/webhook", async (c) => {
    // The signature covers the raw body, byte for byte: read it as text, never re-encode it.
    const payload = await c.req.text();
    await handleStripeWebhook(db, stripe, payload, c.req.header("stripe-signature"));
    return c.json({ received: true }, 200);
  });
}
