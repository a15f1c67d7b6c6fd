import { vi } from "vitest";

// The web app's one boundary is fetch (lib/api-client.ts): component tests answer its requests
// here, by method and path, and read back what the forms sent. Nothing inside the app is mocked.

export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Answer =
  | { status?: number; body?: unknown }
  | ((request: SentRequest) => AnswerValue | Promise<AnswerValue>);
type AnswerValue = { status?: number; body?: unknown };

export interface FakeApi {
  /** Answers `METHOD /api/path` (path without query); later calls replace earlier ones. */
  on(route: string, answer: Answer): FakeApi;
  /** Every request sent, in order. */
  requests: SentRequest[];
  /** The bodies sent to `METHOD /api/path`. */
  bodiesOf(route: string): unknown[];
}

/** An error answer as the server writes it (the contract's error body, lib/api-error.ts reads it): code, German message, fields. */
export function apiErrorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
  details?: string[],
) {
  return {
    error: { code, message, ...(fields ? { fields } : {}), ...(details ? { details } : {}) },
  };
}

export function installFakeApi(): FakeApi {
  const routes = new Map<string, Answer>();
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const request: SentRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
    };
    requests.push(request);
    const answer = routes.get(`${method} ${url.pathname}`);
    if (!answer) {
      return new Response(
        JSON.stringify(apiErrorBody("NOT_FOUND", `Kein Testpfad: ${method} ${url.pathname}`)),
        { status: 404, headers: { "content-type": "application/json" } },
      );
    }
    const value = typeof answer === "function" ? await answer(request) : answer;
    const status = value.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(value.body ?? null), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  const api: FakeApi = {
    on(route, answer) {
      routes.set(route, answer);
      return api;
    },
    requests,
    bodiesOf: (route) =>
      requests.filter((r) => `${r.method} ${r.path}` === route).map((r) => r.body),
  };
  return api;
}
