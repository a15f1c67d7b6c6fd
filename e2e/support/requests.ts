import path from "node:path";
import type { APIResponse, Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** POSTs through the page's session and insists on success (the server's answer is the message). */
export async function postOk<T = { id: string } & Record<string, unknown>>(
  page: Page,
  url: string,
  data: unknown,
): Promise<T> {
  const response = await page.request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Any request through the page's session that must succeed; the answer for reading its body. */
export async function requestOk(
  page: Page,
  method: "get" | "post" | "put" | "patch" | "delete",
  url: string,
  data?: unknown,
): Promise<APIResponse> {
  const response = await page.request[method](url, data === undefined ? {} : { data });
  expect(
    response.status(),
    `${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`,
  ).toBeLessThan(300);
  return response;
}

/** Clicks a download button and saves what the browser receives into `dir` under `name`. */
export async function downloadFile(
  page: Page,
  button: Locator,
  dir: string,
  name: string,
): Promise<{ file: string; suggested: string }> {
  const [event] = await Promise.all([
    page.waitForEvent("download", { timeout: 30_000 }),
    button.click(),
  ]);
  const file = path.join(dir, name);
  await event.saveAs(file);
  return { file, suggested: event.suggestedFilename() };
}
