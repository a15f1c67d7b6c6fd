import { SUBSCRIPTION_MESSAGES } from "@nk/contract";
import Stripe from "stripe";
import type { StripeConfig } from "../../../config/env.ts";
import { UpstreamUnavailable } from "../../../domain/domain-errors.ts";

// The few calls of Stripe's API this product makes, through the official SDK
// (docs/decisions/1650-stripe-official-sdk.md). Any failure is a 502 with a German message;
// nothing of the account changes then.

class StripeRequestFailed extends UpstreamUnavailable {
  constructor(readonly detail: string) {
    super(SUBSCRIPTION_MESSAGES.paymentProviderFailed);
  }
}

const clients = new WeakMap<StripeConfig, Stripe>();

/** One SDK client per configuration; STRIPE_API_BASE (only tests change it) sets host, port and protocol. */
function getStripeClient(config: StripeConfig): Stripe {
  const cached = clients.get(config);
  if (cached) return cached;
  const base = new URL(config.apiBase);
  const protocol = base.protocol === "http:" ? "http" : "https";
  const client = new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port === "" ? (protocol === "http" ? 80 : 443) : Number(base.port),
    protocol,
    // A failed call is answered at once with 502 (the user may try again); no silent retries.
    maxNetworkRetries: 0,
    timeout: 15_000,
    telemetry: false,
  });
  clients.set(config, client);
  return client;
}

async function callStripe<T>(label: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new StripeRequestFailed(
      `Stripe ${label}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export interface CheckoutRequest {
  priceId: string;
  userId: string;
  email: string;
  plan: string;
  successUrl: string;
  cancelUrl: string;
  customerId: string | null;
}

/** A Checkout Session for a monthly subscription; the user pays on Stripe's page. */
export async function createCheckoutSession(
  config: StripeConfig,
  request: CheckoutRequest,
): Promise<{ id: string; url: string }> {
  const metadata = { userId: request.userId, plan: request.plan };
  const session = await callStripe("checkout.sessions.create", () =>
    getStripeClient(config).checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: request.priceId, quantity: 1 }],
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: request.userId,
      metadata,
      subscription_data: { metadata },
      ...(request.customerId
        ? { customer: request.customerId }
        : { customer_email: request.email }),
    }),
  );
  if (typeof session.url !== "string")
    throw new StripeRequestFailed("Stripe: Checkout-Sitzung ohne Adresse");
  return { id: session.id, url: session.url };
}

/** Cancel at the end of the term, or take the cancellation back. */
export async function setCancelAtPeriodEnd(
  config: StripeConfig,
  subscriptionId: string,
  cancel: boolean,
): Promise<void> {
  await callStripe("subscriptions.update", () =>
    getStripeClient(config).subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
  );
}

/** Ends a subscription now (the one replaced by a new plan's subscription). */
export async function cancelSubscriptionNow(
  config: StripeConfig,
  subscriptionId: string,
): Promise<void> {
  await callStripe("subscriptions.cancel", () =>
    getStripeClient(config).subscriptions.cancel(subscriptionId),
  );
}
