import path from "node:path";
import { fileURLToPath } from "node:url";

// The layers of docs/architecture.md, kept by the linter (decision 0008). Every import (static,
// re-export, dynamic) is resolved to a file of the repository first: relative paths by path
// arithmetic, the workspace packages by their source folder. Then each zone that applies to the
// importing file decides. The rule resolves paths itself, so imports written with their ".ts"
// suffix, without it, or through a workspace name are judged alike, and an import it cannot
// place is judged by its name, never skipped.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const WORKSPACE_SOURCES = {
  "@nk/engine": "packages/engine/src",
  "@nk/contract": "packages/contract/src",
  "@nk/server": "apps/server/src",
  "@nk/web": "apps/web/src",
  "@nk/e2e": "e2e",
};

/** The import as a path relative to the repository ("apps/server/src/http/x.ts"), or null for a package. */
export function resolveImport(source, importingFile) {
  if (source.startsWith(".")) {
    return path
      .relative(ROOT, path.resolve(path.dirname(importingFile), source))
      .split(path.sep)
      .join("/");
  }
  for (const [name, folder] of Object.entries(WORKSPACE_SOURCES)) {
    if (source === name) return `${folder}/index.ts`;
    if (source.startsWith(`${name}/`)) return `${folder}/${source.slice(name.length + 1)}`;
  }
  return null;
}

/** The packages the contract may import: schemas and the IBAN check (decision 1651). */
const CONTRACT_PACKAGES = new Set(["zod", "ibantools"]);

const isUnder = (file, folder) => file === folder || file.startsWith(`${folder}/`);
const webFeatureOf = (file) => /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1] ?? null;
const baseName = (file) => file.split("/").pop() ?? "";

/**
 * Each zone: which importing files it governs, and whether an import (`target` in the
 * repository, or `packageName` for a package from node_modules) is forbidden there.
 */
export const LAYER_ZONES = [
  {
    name: "engine-imports-nothing",
    appliesTo: (file) => isUnder(file, "packages/engine"),
    isForbidden: ({ target, packageName }) =>
      target !== null ? !isUnder(target, "packages/engine") : packageName.startsWith("@nk/"),
    message: "The engine is pure and self-contained: it imports nothing of the project.",
  },
  {
    name: "contract-imports-zod-and-engine",
    appliesTo: (file) => isUnder(file, "packages/contract/src"),
    isForbidden: ({ target, packageName }) =>
      target !== null
        ? !isUnder(target, "packages/contract") && !isUnder(target, "packages/engine/src")
        : !CONTRACT_PACKAGES.has(packageName),
    message: "The contract imports zod, ibantools and the engine only.",
  },
  {
    name: "web-imports-no-server",
    appliesTo: (file) => isUnder(file, "apps/web"),
    isForbidden: ({ target }) => target !== null && isUnder(target, "apps/server"),
    message:
      "The web app talks to the server only through the API and the contract; it never imports server code.",
  },
  {
    name: "web-feature-imports-no-other-feature",
    appliesTo: (file) => webFeatureOf(file) !== null,
    isForbidden: ({ target, file }) =>
      target !== null &&
      webFeatureOf(target) !== null &&
      webFeatureOf(target) !== webFeatureOf(file),
    message:
      "A web feature does not import another feature: move the shared piece to components/ or lib/.",
  },
  {
    name: "service-imports-no-http",
    appliesTo: (file) => isUnder(file, "apps/server/src") && baseName(file).endsWith("-service.ts"),
    isForbidden: ({ target }) => target !== null && isUnder(target, "apps/server/src/http"),
    message:
      "Services know nothing of HTTP: throw the domain errors of domain/domain-errors.ts; http/ maps them.",
  },
  {
    name: "route-imports-no-queries",
    appliesTo: (file) => isUnder(file, "apps/server/src") && baseName(file).endsWith("-routes.ts"),
    isForbidden: ({ target }) => target !== null && /-queries(\.ts)?$/.test(baseName(target)),
    message:
      "Routes parse and authorise, then call a service; only services call the *-queries.ts files.",
  },
];

export function packageNameOf(source) {
  const parts = source.split("/");
  return source.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

const noForbiddenImport = {
  meta: {
    type: "problem",
    docs: { description: "Imports must follow the layers of docs/architecture.md." },
    schema: [],
    messages: { forbidden: "{{message}} ({{zone}}: '{{source}}')" },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join("/");
    const zones = LAYER_ZONES.filter((zone) => zone.appliesTo(file));
    if (zones.length === 0) return {};
    function check(node, sourceNode) {
      if (!sourceNode || typeof sourceNode.value !== "string") return;
      const source = sourceNode.value;
      if (source.startsWith("node:")) return;
      const target = resolveImport(source, context.filename);
      const candidate = {
        file,
        source,
        target,
        packageName: target === null ? packageNameOf(source) : null,
      };
      for (const zone of zones) {
        if (zone.isForbidden(candidate)) {
          context.report({
            node,
            messageId: "forbidden",
            data: { message: zone.message, zone: zone.name, source },
          });
        }
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export const layerBoundaries = { rules: { "no-forbidden-import": noForbiddenImport } };
