import { GENERIC_ERROR_MESSAGE, errorBodySchema } from "@nk/contract";

const NETWORK_ERROR_MESSAGE =
  "Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.";

/** An API answer that is not a success, parsed from `{ "error": { code, message, ... } }`. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly errorId: string | undefined;
  readonly title: string | undefined;
  readonly limit: number | undefined;
  readonly requiresConfirmation: boolean;
  /** Every message when the server gives several (e.g. the calculation's errors); else []. */
  readonly details: string[];

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
    errorId?: string | undefined;
    title?: string | undefined;
    limit?: number | undefined;
    requiresConfirmation?: boolean | undefined;
    details?: string[] | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.errorId = init.errorId;
    this.title = init.title;
    this.limit = init.limit;
    this.requiresConfirmation = init.requiresConfirmation ?? false;
    this.details = init.details ?? [];
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  get isLimitReached(): boolean {
    return this.code === "LIMIT_REACHED";
  }

  get isFeatureNotInPlan(): boolean {
    return this.code === "FEATURE_NOT_IN_PLAN";
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fields).length > 0;
  }
}

const FALLBACK_CODE_BY_STATUS: Record<number, string> = {
  400: "VALIDATION",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  429: "RATE_LIMITED",
};

/** Builds an ApiError from a status and a parsed body of any shape (never throws). */
export function createApiError(status: number, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    return new ApiError({ status, ...parsed.data.error });
  }
  // Tolerate a flat `{ code, message }` (better-auth's own shape) and plain text.
  const flat = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof flat.message === "string" && flat.message.trim() ? flat.message : GENERIC_ERROR_MESSAGE;
  const code =
    typeof flat.code === "string" ? flat.code : (FALLBACK_CODE_BY_STATUS[status] ?? "INTERNAL");
  return new ApiError({ status, code, message });
}

export function createNetworkError(): ApiError {
  return new ApiError({ status: 0, code: "NETWORK", message: NETWORK_ERROR_MESSAGE });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for any thrown value; German fallback for the unexpected. */
export function getErrorMessage(error: unknown, fallback: string = GENERIC_ERROR_MESSAGE): string {
  if (error instanceof ApiError) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
