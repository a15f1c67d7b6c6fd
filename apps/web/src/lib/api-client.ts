import { createApiError, createNetworkError, type ApiError } from "./api-error";
import { IMPORT_PROGRESS_CONTENT_TYPE, MONITORING, type ImportProgress } from "@nk/contract";
import { readImportStream } from "./import-stream";
import { monitor } from "./monitoring/browser-monitoring";

type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface RequestOptions {
  /** JSON body; sent with Content-Type application/json. */
  body?: unknown;
  /** Query parameters; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /**
   * Whether a 401 answer sends the user to /login. Default: true, except for /api/auth/*
   * (a wrong password is a 401 the login page shows itself).
   */
  isUnauthorizedRedirect?: boolean;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler = () => {
  if (window.location.pathname !== "/login") window.location.assign("/login");
};

/** The router registers how a 401 navigates to /login (see app/router.tsx). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

// While the user signs out, the 401s of the page still on screen (its refetches once the session
// is gone) must not send them to /login: sign-out ends on '/' (issue 23).
let isSignOutRunning = false;

/** Set by useSignOut around the sign-out request and the navigation to '/'. */
export function setSignOutRunning(isRunning: boolean): void {
  isSignOutRunning = isRunning;
}

export function isSigningOut(): boolean {
  return isSignOutRunning;
}

function buildUrl(path: string, query: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes("?") ? "&" : "?"}${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const contentType = response.headers.get("content-type") ?? "";
  if (contentType.includes("json")) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return text;
}

function isAuthPath(path: string): boolean {
  return path.startsWith("/api/auth/");
}

/** Calls the JSON API. Resolves with the parsed body; rejects with an ApiError. */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const hasBody = options.body !== undefined;
  if (hasBody) headers["Content-Type"] = "application/json";

  let response: Response;
  const started = performance.now();
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: "same-origin",
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw createNetworkError();
  }

  const body = await readBody(response);
  // Slow API calls (over 1,000 ms) are logged and kept as a metric (docs/rules/master-data.md#monitoring).
  const durationMs = performance.now() - started;
  if (durationMs > MONITORING.slowOperationMs) monitor.recordDuration("api.slow", durationMs, path);
  if (response.ok) return body as T;

  const apiError: ApiError = createApiError(response.status, body);
  const isRedirect = options.isUnauthorizedRedirect ?? !isAuthPath(path);
  if (apiError.isUnauthorized && isRedirect && !isSignOutRunning) unauthorizedHandler();
  throw apiError;
}

export function apiGet<T>(path: string, options?: Omit<RequestOptions, "body">): Promise<T> {
  return apiRequest<T>("GET", path, options);
}

export function apiPost<T>(
  path: string,
  body: unknown = {},
  options?: Omit<RequestOptions, "body">,
): Promise<T> {
  return apiRequest<T>("POST", path, { ...options, body });
}

/**
 * POST to an import route with its progress (decision 1700): the server answers with lines of
 * JSON; each progress line goes to `onProgress`, the result resolves, an error rejects with the
 * ApiError the plain answer would have given. Errors before the work starts (413 body too large,
 * 401, 403) come as plain JSON answers and are handled like apiPost's.
 */
export async function apiPostWithProgress<T>(
  path: string,
  body: unknown,
  onProgress: (progress: ImportProgress) => void,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: {
        Accept: `${IMPORT_PROGRESS_CONTENT_TYPE}, application/json`,
        "Content-Type": "application/json",
      },
      credentials: "same-origin",
      body: JSON.stringify(body),
    });
  } catch {
    throw createNetworkError();
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (response.ok && response.body && contentType.includes(IMPORT_PROGRESS_CONTENT_TYPE)) {
    try {
      return await readImportStream<T>(response.body, onProgress);
    } catch (error) {
      if ((error as ApiError).isUnauthorized && !isSignOutRunning) unauthorizedHandler();
      throw error;
    }
  }
  const answer = await readBody(response);
  if (response.ok) return answer as T;
  const apiError = createApiError(response.status, answer);
  if (apiError.isUnauthorized && !isSignOutRunning) unauthorizedHandler();
  throw apiError;
}

export function apiPatch<T>(
  path: string,
  body: unknown,
  options?: Omit<RequestOptions, "body">,
): Promise<T> {
  return apiRequest<T>("PATCH", path, { ...options, body });
}

export function apiPut<T>(
  path: string,
  body: unknown,
  options?: Omit<RequestOptions, "body">,
): Promise<T> {
  return apiRequest<T>("PUT", path, { ...options, body });
}

export function apiDelete<T = void>(
  path: string,
  options?: Omit<RequestOptions, "body">,
): Promise<T> {
  return apiRequest<T>("DELETE", path, options);
}
