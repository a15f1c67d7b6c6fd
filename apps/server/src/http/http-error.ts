import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  buildLimitReachedMessage,
  LIMIT_REACHED_TITLE,
  NOT_SIGNED_IN_MESSAGE,
  VALIDATION_MESSAGE,
  type ErrorBody,
  type ErrorCode,
  type LimitedResource,
} from "@nk/contract";

/**
 * An expected failure with its HTTP status and German message. Services throw these; the error
 * handler turns them into the one error shape of ARCHITECTURE.md.
 */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly body: ErrorBody;

  constructor(status: ContentfulStatusCode, code: ErrorCode | string, message: string, extra: Omit<ErrorBody["error"], "code" | "message"> = {}) {
    super(message);
    this.status = status;
    this.body = { error: { code, message, ...extra } };
  }
}

export function validationError(fields: Record<string, string>, message = VALIDATION_MESSAGE): HttpError {
  const first = Object.values(fields)[0];
  return new HttpError(400, "VALIDATION", Object.keys(fields).length === 1 && first ? first : message, { fields });
}

export function notFound(message: string): HttpError {
  return new HttpError(404, "NOT_FOUND", message);
}

export function conflict(message: string): HttpError {
  return new HttpError(409, "CONFLICT", message);
}

export function unauthorized(message = NOT_SIGNED_IN_MESSAGE): HttpError {
  return new HttpError(401, "UNAUTHORIZED", message);
}

export function limitReached(resource: LimitedResource, limit: number): HttpError {
  return new HttpError(403, "LIMIT_REACHED", buildLimitReachedMessage(resource, limit), { title: LIMIT_REACHED_TITLE, limit });
}

export function featureNotInPlan(featureLabel: string): HttpError {
  return new HttpError(403, "FEATURE_NOT_IN_PLAN", `${featureLabel} ist in Ihrem aktuellen Plan nicht verfügbar.`, {
    title: "Upgrade erforderlich",
  });
}
