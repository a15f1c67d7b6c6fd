import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Decision 1770: a web feature's page composes hooks and components and stays under 250 lines.
// Each case lints text under a page's or a component's path with the repository's eslint.config.js.

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

/** A module of `lines` lines: one export, then comment lines. */
function moduleOf(lines: number): string {
  return ["export const x = 1;", ...Array.from({ length: lines - 1 }, (_, i) => `// ${i}`)].join(
    "\n",
  );
}

async function findMaxLines(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "max-lines")
    .map((message) => message.message);
}

describe("feature pages stay short", () => {
  it("refuses a page of 251 lines", async () => {
    expect(
      await findMaxLines("apps/web/src/features/imports/pages/bank-import-page.tsx", moduleOf(251)),
    ).toEqual(["File has too many lines (251). Maximum allowed is 250."]);
  });

  it("accepts a page of 250 lines and a longer component", async () => {
    expect(
      await findMaxLines("apps/web/src/features/imports/pages/bank-import-page.tsx", moduleOf(250)),
    ).toEqual([]);
    expect(
      await findMaxLines(
        "apps/web/src/features/imports/components/bank-preview.tsx",
        moduleOf(300),
      ),
    ).toEqual([]);
  });
});
