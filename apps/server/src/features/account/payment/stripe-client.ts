import { SUBSCRIPTION_MESSAGES } from "@nk/contract";
import type { StripeConfig } from "../../../config/env.ts";
import { UpstreamUnavailable } from "../../../domain/domain-errors.ts";

// The few calls of Stripe's HTTP API this product makes (form-encoded, bearer secret key).
// Any failure is a 502 with a German message; nothing of the account changes then.

class StripeRequestFailed extends UpstreamUnavailable {
  constructor(readonly detail: string) {
    super(SUBSCRIPTION_MESSAGES.paymentProviderFailed);
  }
}

async function callStripe(config: StripeConfig, path: string, form: Record<string, string>, method: "POST" | "DELETE" = "POST"): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}${path}`, {
      method,
      headers: { authorization: `Bearer ${config.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new StripeRequestFailed(`Stripe ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const message = (body.error as { message?: string } | undefined)?.message ?? `HTTP ${response.status}`;
    throw new StripeRequestFailed(`Stripe ${path}: ${message}`);
  }
  return body;
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
export async function createCheckoutSession(config: StripeConfig, request: CheckoutRequest): Promise<{ id: string; url: string }> {
  const form: Record<string, string> = {
    mode: "subscription",
    "line_items[0][price]": request.priceId,
    "line_items[0][quantity]": "1",
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    client_reference_id: request.userId,
    "metadata[userId]": request.userId,
    "metadata[plan]": request.plan,
    "subscription_data[metadata][userId]": request.userId,
    "subscription_data[metadata][plan]": request.plan,
  };
  if (request.customerId) form.customer = request.customerId;
  else form.customer_email = request.email;
  const session = await callStripe(config, "/v1/checkout/sessions", form);
  if (typeof session.id !== "string" || typeof session.url !== "string") throw new StripeRequestFailed("Stripe: Checkout-Sitzung ohne Adresse");
  return { id: session.id, url: session.url };
}

/** Cancel at the end of the term, or take the cancellation back. */
export async function setCancelAtPeriodEnd(config: StripeConfig, subscriptionId: string, cancel: boolean): Promise<void> {
  await callStripe(config, `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, { cancel_at_period_end: cancel ? "true" : "false" });
}

/** Ends a subscription now (the one replaced by a new plan's subscription). */
export async function cancelSubscriptionNow(config: StripeConfig, subscriptionId: string): Promise<void> {
  await callStripe(config, `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, {}, "DELETE");
}
