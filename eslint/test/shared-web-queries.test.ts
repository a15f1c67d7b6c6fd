import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Decision 1720: a list several web features read is queried in apps/web/src/lib/queries/ only.
// Each case lints a feature's file with the repository's own eslint.config.js.

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });
const FEATURE_FILE = "apps/web/src/features/imports/api.ts";
const SHARED_FILE = "apps/web/src/lib/queries/statement-queries.ts";
const HEADER = 'import { apiGet, apiPost } from "../../lib/api-client";\n';

async function findSharedListErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-syntax")
    .map((message) => message.message);
}

describe("shared web lists are queried in lib/queries only", () => {
  it.each([
    ["the saved runs", 'export const x = () => apiGet("/api/statements");'],
    ["the tenants, as a template", "export const x = () => apiGet(`/api/tenants`);"],
    ["the team", 'export const x = () => apiGet("/api/team");'],
  ])("a feature may not query %s itself", async (_name, code) => {
    expect(await findSharedListErrors(FEATURE_FILE, HEADER + code)).toEqual([
      "This list is shared: use its hook from apps/web/src/lib/queries/ (or lib/use-properties.ts).",
    ]);
  });

  it.each([
    ["one run", "export const x = (id: string) => apiGet(`/api/statements/${id}`);"],
    ["a write to a shared resource", 'export const x = () => apiPost("/api/tenants", {});'],
    ["its own list", 'export const x = () => apiGet("/api/imports/history");'],
  ])("a feature may read %s", async (_name, code) => {
    expect(await findSharedListErrors(FEATURE_FILE, HEADER + code)).toEqual([]);
  });

  it("the shared layer may query the list", async () => {
    expect(
      await findSharedListErrors(
        SHARED_FILE,
        'import { apiGet } from "../api-client";\nexport const x = () => apiGet("/api/statements");',
      ),
    ).toEqual([]);
  });
});
