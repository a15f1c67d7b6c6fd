import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorBody } from "@nk/contract";
import {
  Conflict,
  type DomainError,
  FeatureNotInPlan,
  Forbidden,
  LimitReached,
  NotFound,
  NotSignedIn,
  RateLimited,
  UpstreamUnavailable,
  ValidationFailed,
} from "../domain/domain-errors.ts";

export interface ErrorAnswer {
  status: ContentfulStatusCode;
  body: ErrorBody;
  headers: Record<string, string>;
}

/** The edge of the domain: each kind of domain error becomes its status and the one error shape. */
export function toErrorAnswer(error: DomainError): ErrorAnswer {
  const body: ErrorBody = { error: { code: error.code, message: error.message } };
  const headers: Record<string, string> = {};
  let status: ContentfulStatusCode = 400;
  if (error instanceof ValidationFailed) {
    status = 400;
    if (Object.keys(error.fields).length > 0) body.error.fields = error.fields;
    if (error.details) body.error.details = error.details;
  } else if (error instanceof NotSignedIn) {
    status = 401;
  } else if (error instanceof NotFound) {
    status = 404;
  } else if (error instanceof Conflict) {
    status = 409;
    if (error.fields) body.error.fields = error.fields;
    if (error.requiresConfirmation) body.error.requiresConfirmation = true;
  } else if (error instanceof LimitReached) {
    status = 403;
    body.error.title = error.title;
    if (error.limit !== undefined) body.error.limit = error.limit;
  } else if (error instanceof FeatureNotInPlan) {
    status = 403;
    body.error.title = error.title;
  } else if (error instanceof Forbidden) {
    status = 403;
  } else if (error instanceof UpstreamUnavailable) {
    status = 502;
  } else if (error instanceof RateLimited) {
    status = 429;
    if (error.retryAfterSeconds !== undefined)
      headers["Retry-After"] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
  }
  return { status, body, headers };
}
