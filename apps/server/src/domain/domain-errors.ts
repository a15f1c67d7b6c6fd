import {
  buildLimitReachedMessage,
  LIMIT_REACHED_TITLE,
  NOT_SIGNED_IN_MESSAGE,
  VALIDATION_MESSAGE,
  type LimitedResource,
} from "@nk/contract";

/**
 * The expected failures of the domain. Services throw these and know nothing of HTTP;
 * `http/error-handler.ts` maps each kind to its status code and the one error shape of
 * docs/architecture.md. Messages are German: they reach the user as they are.
 */
export abstract class DomainError extends Error {
  /** The error code of the answer (ERROR_CODES in the contract, or a more specific one). */
  abstract readonly code: string;
}

/**
 * Input that breaks a rule; `fields` names the fields with their messages (400). Without fields
 * (`{}`) the answer carries only the message, e.g. a body that is not JSON.
 */
export class ValidationFailed extends DomainError {
  readonly code: string;
  readonly fields: Record<string, string>;
  /** Several messages without fields (the calculation's errors); the first is the message. */
  readonly details: string[] | undefined;

  constructor(
    fields: Record<string, string>,
    message?: string,
    code = "VALIDATION",
    details?: string[],
  ) {
    const values = Object.values(fields);
    super(message ?? (values.length === 1 && values[0] ? values[0] : VALIDATION_MESSAGE));
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

/** No valid session (401 UNAUTHORIZED): the web app sends the user to the sign-in. */
export class NotSignedIn extends DomainError {
  readonly code = "UNAUTHORIZED";

  constructor(message: string = NOT_SIGNED_IN_MESSAGE) {
    super(message);
  }
}

/** Missing, or belonging to another account: never a hint which of the two (404). */
export class NotFound extends DomainError {
  readonly code = "NOT_FOUND";
}

/**
 * A conflict the specification names (409), e.g. deleting a property that has statements.
 * `requiresConfirmation`: the user may confirm and send again (a lower meter reading).
 */
export class Conflict extends DomainError {
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly requiresConfirmation: boolean;

  constructor(
    message: string,
    options: {
      code?: string;
      fields?: Record<string, string>;
      requiresConfirmation?: boolean;
    } = {},
  ) {
    super(message);
    this.code = options.code ?? "CONFLICT";
    this.fields = options.fields;
    this.requiresConfirmation = options.requiresConfirmation ?? false;
  }
}

/** A plan limit is reached (403 LIMIT_REACHED, 'Limit erreicht' with the Upgrade button). */
export class LimitReached extends DomainError {
  readonly code = "LIMIT_REACHED";
  readonly title: string;
  readonly limit: number | undefined;

  constructor(message: string, options: { title?: string; limit?: number } = {}) {
    super(message);
    this.title = options.title ?? LIMIT_REACHED_TITLE;
    this.limit = options.limit;
  }

  static forResource(resource: LimitedResource, limit: number): LimitReached {
    return new LimitReached(buildLimitReachedMessage(resource, limit), { limit });
  }
}

/** A feature the account's plan does not include (403 FEATURE_NOT_IN_PLAN, 'Upgrade erforderlich'). */
export class FeatureNotInPlan extends DomainError {
  readonly code = "FEATURE_NOT_IN_PLAN";
  readonly title = "Upgrade erforderlich";

  constructor(featureLabel: string) {
    super(`${featureLabel} ist in Ihrem aktuellen Plan nicht verfügbar.`);
  }
}

/** Signed in, but not allowed to do this (403 FORBIDDEN): roles, a foreign origin. */
export class Forbidden extends DomainError {
  readonly code: string;

  constructor(message: string, code = "FORBIDDEN") {
    super(message);
    this.code = code;
  }
}

/** Too many attempts (429 RATE_LIMITED); `retryAfterSeconds` becomes the Retry-After header. */
export class RateLimited extends DomainError {
  readonly code = "RATE_LIMITED";
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, retryAfterSeconds?: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A service this server depends on (the payment provider) failed or is unreachable (502). */
export class UpstreamUnavailable extends DomainError {
  readonly code = "UPSTREAM_UNAVAILABLE";
}
