import type { MiddlewareHandler } from "hono";
import { setAnswerHeader } from "./answer-headers.ts";

// No inline script anywhere: the built app loads its scripts from /assets. Inline styles are
// allowed because React style attributes and Radix positioning use them.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function securityHeaders({ isProduction }: { isProduction: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    setAnswerHeader(c, "Content-Security-Policy", CSP);
    setAnswerHeader(c, "X-Content-Type-Options", "nosniff");
    setAnswerHeader(c, "X-Frame-Options", "DENY");
    setAnswerHeader(c, "Referrer-Policy", "strict-origin-when-cross-origin");
    setAnswerHeader(c, "Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    setAnswerHeader(c, "Cross-Origin-Opener-Policy", "same-origin");
    if (isProduction)
      setAnswerHeader(c, "Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
