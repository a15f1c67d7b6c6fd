import { createHmac, timingSafeEqual } from "node:crypto";

/** Stripe's default tolerance: a signed event older than 5 minutes is refused (replay protection). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** The Stripe-Signature header for `payload`: 't={unix},v1={HMAC-SHA256 of "t.payload"}'. */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Verifies a webhook as Stripe documents it: the v1 signature is the HMAC-SHA256 of
 * '{t}.{raw body}' with the endpoint's secret, compared in constant time, and t is recent.
 */
export function isValidStripeSignature(payload: string, header: string | undefined, secret: string, now = Date.now()): boolean {
  if (!header) return false;
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  const signatures = parts.filter(([key]) => key === "v1").map(([, value]) => value ?? "");
  if (!Number.isInteger(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now / 1000 - timestamp) > STRIPE_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex"));
  return signatures.some((signature) => {
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
