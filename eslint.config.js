import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";

// The import restrictions enforce ARCHITECTURE.md's dependency directions.
export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "**/*.d.ts", ".tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "off",
    },
  },
  {
    files: ["packages/engine/src/**/*.ts"],
    ignores: ["packages/engine/src/cli/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [
        { group: ["@nk/*", "node:*", "fs", "path", "http", "zod"], message: "The engine is pure: no project imports, no I/O." },
      ] }],
      "no-restricted-globals": ["error", { name: "Date", message: "The engine has no clock: dates are YYYY-MM-DD strings." }],
      "no-restricted-properties": ["error", { object: "Math", property: "random", message: "The engine is deterministic." }],
    },
  },
  {
    files: ["packages/contract/src/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [
        { group: ["@nk/server*", "@nk/web*", "node:*"], message: "The contract imports zod and engine types only." },
      ] }],
    },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": ["error", { patterns: [
        { group: ["@nk/server*", "**/apps/server/**"], message: "The web app talks to the server only through the API." },
        { group: ["node:*"], message: "No Node APIs in the browser." },
      ] }],
    },
  },
);
