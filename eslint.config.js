import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import { layerBoundaries } from "./eslint/layer-boundaries.js";

// The import restrictions enforce ARCHITECTURE.md's dependency directions: layers/no-forbidden-import
// (eslint/layer-boundaries.js, proven by eslint/test/layer-boundaries.test.ts) for the layers, the
// no-restricted-* rules below for the engine's purity and Node APIs.
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
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { layers: layerBoundaries },
    rules: { "layers/no-forbidden-import": "error" },
  },
  {
    files: ["packages/engine/src/**/*.ts"],
    ignores: ["packages/engine/src/cli/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [
        { group: ["node:*", "fs", "path", "http", "zod"], message: "The engine is pure: no I/O, no schema library." },
      ] }],
      "no-restricted-globals": ["error", { name: "Date", message: "The engine has no clock: dates are YYYY-MM-DD strings." }],
      "no-restricted-properties": ["error", { object: "Math", property: "random", message: "The engine is deterministic." }],
    },
  },
  {
    files: ["packages/contract/src/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [
        { group: ["node:*"], message: "The contract runs in the browser too: no Node APIs." },
      ] }],
    },
  },
  {
    files: ["apps/web/service-worker/**/*.ts"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": ["error", { patterns: [
        { group: ["node:*"], message: "No Node APIs in the browser." },
      ] }],
      // An effect's arrow with an expression body returns that expression as its cleanup: a call
      // answering a Promise (scrollIntoView in current Chromium) crashed every page change (issue 23).
      "no-restricted-syntax": ["error", {
        selector: "CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression.arguments:first-child[body.type!='BlockStatement'][body.type!='ArrowFunctionExpression']",
        message: "Give an effect a block body: an expression body is returned as the cleanup function.",
      }],
    },
  },
);
