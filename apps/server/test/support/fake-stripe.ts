import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for the part of Stripe's HTTP API the server calls (never the internet):
// records every request and answers like Stripe does.

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface FakeStripe {
  baseUrl: string;
  requests: FakeStripeRequest[];
  /** Answer every request with HTTP 500 (Stripe down) while true. */
  setFailing(isFailing: boolean): void;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  let isFailing = false;
  let sessionCounter = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const path = req.url ?? "/";
      requests.push({
        method: req.method ?? "GET",
        path,
        authorization: req.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      res.setHeader("content-type", "application/json");
      if (isFailing) {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { message: "Internal error", type: "api_error" } }));
        return;
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        sessionCounter += 1;
        res.end(
          JSON.stringify({
            id: `cs_test_${sessionCounter}`,
            object: "checkout.session",
            url: `https://checkout.stripe.test/pay/cs_test_${sessionCounter}`,
          }),
        );
        return;
      }
      const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (subscription && req.method === "POST") {
        const form = Object.fromEntries(new URLSearchParams(body));
        res.end(
          JSON.stringify({
            id: subscription[1],
            object: "subscription",
            cancel_at_period_end: form.cancel_at_period_end === "true",
          }),
        );
        return;
      }
      if (subscription && req.method === "DELETE") {
        res.end(
          JSON.stringify({ id: subscription[1], object: "subscription", status: "canceled" }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(
        JSON.stringify({ error: { message: `Unrecognized request URL (${req.method}: ${path})` } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setFailing: (value) => {
      isFailing = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
