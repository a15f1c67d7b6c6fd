import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import { layerBoundaries } from "./eslint/layer-boundaries.js";
import { documentArithmetic } from "./eslint/document-arithmetic.js";

// The import restrictions enforce docs/architecture.md's dependency directions: layers/no-forbidden-import
// (eslint/layer-boundaries.js, proven by eslint/test/layer-boundaries.test.ts) for the layers, the
// no-restricted-* rules below for the engine's purity and Node APIs.
// An effect's arrow with an expression body returns that expression as its cleanup: a call
// answering a Promise (scrollIntoView in current Chromium) crashed every page change (issue 23).
const EFFECT_BODY_RULE = {
  selector:
    "CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression.arguments:first-child[body.type!='BlockStatement'][body.type!='ArrowFunctionExpression']",
  message: "Give an effect a block body: an expression body is returned as the cleanup function.",
};

/** The lists of GET /api/… that several web features read (apps/web/src/lib/queries/). */
const SHARED_LIST_PATHS =
  "/^\\/api\\/(properties|tenants|rates|billing-periods|meters|statements|team)$/";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "**/*.d.ts", ".tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
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
    // Issue 25: documents and statement views only format the engine's figures (eslint/document-arithmetic.js;
    // decisions 1041 and 1043).
    files: [
      "apps/server/src/features/statement-documents/**/*.{ts,tsx,js,mjs}",
      "apps/web/src/features/statements/{components,pages}/**/*.{ts,tsx}",
      // Decision 1043: the preview's figures are the engine's too.
      "apps/web/src/features/statements/lib/{preview-figures,analysis-figures}.ts",
    ],
    plugins: { documents: documentArithmetic },
    rules: { "documents/no-arithmetic": "error" },
  },
  {
    files: ["packages/engine/src/**/*.ts"],
    ignores: ["packages/engine/src/cli/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*", "fs", "path", "http", "zod"],
              message: "The engine is pure: no I/O, no schema library.",
            },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        { name: "Date", message: "The engine has no clock: dates are YYYY-MM-DD strings." },
      ],
      "no-restricted-properties": [
        "error",
        { object: "Math", property: "random", message: "The engine is deterministic." },
      ],
    },
  },
  {
    files: ["packages/contract/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["node:*"], message: "The contract runs in the browser too: no Node APIs." },
          ],
        },
      ],
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
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["node:*"], message: "No Node APIs in the browser." }] },
      ],
      "no-restricted-syntax": ["error", EFFECT_BODY_RULE],
    },
  },
  {
    // Decision 1720: a list several features read is queried in lib/queries/ only, under one cache
    // key with one refresh rule; a feature that asked for it itself would keep a second copy.
    files: ["apps/web/src/features/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        EFFECT_BODY_RULE,
        {
          selector: `CallExpression[callee.name='apiGet'] > Literal.arguments:first-child[value=${SHARED_LIST_PATHS}], CallExpression[callee.name='apiGet'] > TemplateLiteral.arguments:first-child[expressions.length=0] > TemplateElement[value.cooked=${SHARED_LIST_PATHS}]`,
          message:
            "This list is shared: use its hook from apps/web/src/lib/queries/ (or lib/use-properties.ts).",
        },
      ],
    },
  },
  {
    // Issue 31, finding 7 (decision 1770): a page composes the feature's hooks and components;
    // its state and steps live in a named hook in the feature's lib/, so a page stays short.
    files: ["apps/web/src/features/*/pages/**/*.tsx"],
    rules: { "max-lines": ["error", { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Issue 29: a route works in the request's account (c.var.accountId); c.var.user is the person.
    // Only the person's own routes (profile, notification settings, team, API keys) read user.id.
    files: ["apps/server/src/features/**/*-routes.ts"],
    ignores: [
      "apps/server/src/features/account/account-routes.ts",
      "apps/server/src/features/account/settings-routes.ts",
      "apps/server/src/features/team/*-routes.ts",
      "apps/server/src/features/api-keys/*-routes.ts",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "MemberExpression[property.name='id'] > MemberExpression.object[property.name='user'] > MemberExpression.object[property.name='var']",
          message:
            "Scope by the account (c.var.accountId), not by the signed-in person (c.var.user.id): a member works in another person's account.",
        },
      ],
    },
  },
);
