import type { MiddlewareHandler } from "hono";
import {
  GENERIC_ERROR_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  VALIDATION_MESSAGE,
  type ErrorBody,
} from "@nk/contract";
import type { AppEnv } from "../app-env.ts";
import { UNSUPPORTED_CONTENT_TYPE_MESSAGE } from "./input-guard.ts";

// Every error answer of the API has the one shape { error: { code, message, errorId } }
// (issue 15), whoever produced it: a route, the error handler, the body limit or better-auth.
// The error id is the request id: the X-Request-Id header and every log line of the request
// carry it, so a user who quotes it leads straight to the request.

const BY_STATUS: Record<number, { code: string; message: string }> = {
  400: { code: "VALIDATION", message: VALIDATION_MESSAGE },
  401: { code: "UNAUTHORIZED", message: NOT_SIGNED_IN_MESSAGE },
  403: { code: "FORBIDDEN", message: "Diese Aktion ist nicht erlaubt." },
  404: { code: "NOT_FOUND", message: "Nicht gefunden." },
  405: { code: "VALIDATION", message: "Diese Methode ist hier nicht erlaubt." },
  409: { code: "CONFLICT", message: "Die Anfrage steht im Widerspruch zum aktuellen Stand." },
  413: { code: "PAYLOAD_TOO_LARGE", message: "Die Anfrage ist zu groß." },
  415: { code: "VALIDATION", message: UNSUPPORTED_CONTENT_TYPE_MESSAGE },
  422: { code: "VALIDATION", message: VALIDATION_MESSAGE },
  429: {
    code: "RATE_LIMITED",
    message: "Zu viele Anfragen. Bitte versuchen Sie es später erneut.",
  },
};

/** The generic German answer for a status, when nothing better is known. */
export function genericErrorFor(status: number): { code: string; message: string } {
  return (
    BY_STATUS[status] ??
    (status >= 500
      ? { code: "INTERNAL", message: GENERIC_ERROR_MESSAGE }
      : { code: "VALIDATION", message: VALIDATION_MESSAGE })
  );
}

function isErrorBody(value: unknown): value is ErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}

export function errorAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if (status < 400) return;
    let body: unknown = null;
    try {
      body = await c.res.clone().json();
    } catch {
      // not JSON: replaced below
    }
    const shaped: ErrorBody = isErrorBody(body) ? body : { error: genericErrorFor(status) };
    const errorId = c.get("requestId");
    if (shaped.error.errorId === errorId) return;
    shaped.error.errorId = errorId;
    const headers = new Headers(c.res.headers);
    headers.delete("content-length");
    headers.set("content-type", "application/json; charset=UTF-8");
    c.res = new Response(JSON.stringify(shaped), { status, headers });
  };
}
