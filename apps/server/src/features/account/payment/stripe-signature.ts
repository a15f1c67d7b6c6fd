import Stripe from "stripe";
import { ValidationFailed } from "../../../domain/domain-errors.ts";

// Webhook verification by the official SDK (docs/decisions/1650-stripe-official-sdk.md): the v1
// signature is the HMAC-SHA256 of '{t}.{raw body}' with the endpoint's secret, compared in
// constant time, and an event older than the tolerance is refused (replay protection).

/** Stripe's default tolerance: a signed event older than 5 minutes is refused. */
const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

export interface SignedStripeEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

/** The event of a webhook call whose signature holds; a bad signature is refused before anything is read. */
export function readSignedStripeEvent(
  payload: string,
  header: string | undefined,
  secret: string,
  now = Date.now(),
): SignedStripeEvent {
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(
      payload,
      header ?? "",
      secret,
      STRIPE_SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      now,
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new ValidationFailed({}, "Ungültige Stripe-Signatur.", "INVALID_SIGNATURE");
    throw new ValidationFailed({}, "Ungültiges Stripe-Ereignis.");
  }
  if (isStripeEvent(event)) return event;
  throw new ValidationFailed({}, "Ungültiges Stripe-Ereignis.");
}

function isStripeEvent(value: unknown): value is SignedStripeEvent {
  if (typeof value !== "object" || value === null) return false;
  const event = value as Partial<SignedStripeEvent>;
  return (
    typeof event.id === "string" &&
    typeof event.type === "string" &&
    typeof event.data === "object" &&
    event.data !== null &&
    typeof event.data.object === "object" &&
    event.data.object !== null
  );
}
