import path from "node:path";
import { packageNameOf, resolveImport, ROOT } from "./layer-boundaries.js";

// Issue 25 (decision 1041): the engine is the only place that computes money, quantities and
// shares. The documents (the statement letters and the overview) and the web app's statement
// views only format the engine's figures, so they may not import the helpers that round,
// allocate or add: not by name from the engine or the contract, not the engine's modules by
// path, not a namespace of either (which would reach every helper), not a decimal library.
// Decision 1043 adds the preview's figure files of the web app and the arithmetic itself: money
// and quantities reach these files as decimal text, so computing with them needs a conversion
// (Number, parseFloat, parseInt, BigInt, unary +), a rounding (toFixed, toPrecision, Math.round)
// or an operator on a figure (`line.amount + …`); each is refused. A bar's length is
// toChartLength (the contract), a figure shown is formatted from the engine's text.
// Proven by eslint/test/document-arithmetic.test.ts.

/** The files that only format. */
const FORMATTING_ONLY = [
  "apps/server/src/features/statement-documents/",
  "apps/web/src/features/statements/components/",
  "apps/web/src/features/statements/pages/",
  "apps/web/src/features/statements/lib/preview-figures.ts",
  "apps/web/src/features/statements/lib/analysis-figures.ts",
];

/** Calls that turn a figure's text into a number to compute with. */
const CONVERSIONS = new Set(["Number", "parseFloat", "parseInt", "BigInt"]);
/** Methods that round a number. */
const ROUNDING_METHODS = new Set(["toFixed", "toPrecision"]);
/** Fields of the engine's result and input that hold money, quantities or shares. */
const FIGURE_FIELDS = new Set([
  "amount",
  "total",
  "totalCosts",
  "balance",
  "prepayments",
  "distributed",
  "share",
  "sharePercent",
  "cost",
  "costs",
  "tenantCost",
  "landlordCost",
  "laborCosts",
  "taxDeductible",
  "exactAmount",
  "area",
  "totalArea",
  "persons",
  "residents",
  "consumption",
  "quantity",
  "weight",
  "totalWeight",
  "perM2",
  "averagePerM2",
  "kwhPerM2",
]);
const ARITHMETIC_OPERATORS = new Set(["+", "-", "*", "/", "%", "**"]);
const ARITHMETIC_ASSIGNMENTS = new Set(["+=", "-=", "*=", "/=", "%=", "**="]);

/** Helpers that round, allocate or compute amounts and quantities, by the module that exports them. */
const ARITHMETIC_EXPORTS = {
  "packages/engine/src": new Set([
    "Decimal",
    "allocateCentsByLargestRemainder",
    "allocateScaledShares",
    "parseMoneyToCents",
    "formatCents",
    "roundEurosHalfUpToCents",
    "proratePrepayments",
    "listPrepaymentRuns",
    "sumProratedPrepaymentCents",
    "degreeDayWeight",
    "pricePerKwh",
  ]),
  "packages/contract/src": new Set([
    "sumDecimalTexts",
    "subtractDecimalText",
    "toScaledBigInt",
    "fromScaledBigInt",
  ]),
};

/** Engine folders with arithmetic that only the engine's index may expose (and only what is not listed above). */
const ENGINE_INTERNALS = [
  "packages/engine/src/money/",
  "packages/engine/src/rounding/",
  "packages/engine/src/statement/",
  "packages/engine/src/prepayments/",
];

const DECIMAL_LIBRARIES = new Set(["decimal.js", "decimal.js-light", "big.js", "bignumber.js"]);

const isFormattingOnly = (file) => FORMATTING_ONLY.some((folder) => file.startsWith(folder));
const moduleOf = (target) =>
  Object.keys(ARITHMETIC_EXPORTS).find(
    (folder) => target === folder || target.startsWith(`${folder}/`),
  ) ?? null;

const noArithmetic = {
  meta: {
    type: "problem",
    docs: {
      description:
        "Documents and statement views only format the engine's figures (issue 25, decisions 1041 and 1043).",
    },
    schema: [],
    messages: {
      helper:
        "'{{name}}' rounds or computes: documents only format the engine's figures; add the figure to the engine's result (contract v1.2, result.letters) instead ('{{source}}').",
      namespace:
        "A namespace import of '{{source}}' reaches its arithmetic helpers: import the formatting functions and types by name.",
      internal:
        "'{{source}}' is engine arithmetic: documents only format the engine's figures; take them from the result.",
      library: "'{{source}}' is a decimal library: documents only format the engine's figures.",
      conversion:
        "'{{name}}' turns a figure into a number to compute with: documents only format the engine's figures (a bar's length: toChartLength).",
      rounding:
        "'{{name}}' rounds: documents only format the engine's figures; format the engine's text (formatEuroDe, formatQuantityDe).",
      arithmetic:
        "'{{operator}}' on '{{name}}' computes with a figure: documents only format the engine's figures; add the figure to the engine's result.",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join("/");
    if (!isFormattingOnly(file)) return {};
    function check(node, sourceNode, specifiers) {
      if (!sourceNode || typeof sourceNode.value !== "string") return;
      const source = sourceNode.value;
      const target = resolveImport(source, context.filename);
      if (target === null) {
        if (DECIMAL_LIBRARIES.has(packageNameOf(source)))
          context.report({ node, messageId: "library", data: { source } });
        return;
      }
      if (ENGINE_INTERNALS.some((folder) => target.startsWith(folder))) {
        context.report({ node, messageId: "internal", data: { source } });
        return;
      }
      const module = moduleOf(target);
      if (!module) return;
      if (specifiers === null) {
        // export * from / import("...") / a namespace: every helper of the module.
        context.report({ node, messageId: "namespace", data: { source } });
        return;
      }
      for (const specifier of specifiers) {
        if (
          specifier.type === "ImportNamespaceSpecifier" ||
          specifier.type === "ExportNamespaceSpecifier"
        ) {
          context.report({ node: specifier, messageId: "namespace", data: { source } });
          continue;
        }
        const imported =
          specifier.type === "ImportDefaultSpecifier"
            ? "default"
            : specifier.type === "ExportSpecifier"
              ? specifier.local
              : specifier.imported;
        const name = imported.type === "Identifier" ? imported.name : imported.value;
        if (ARITHMETIC_EXPORTS[module].has(name))
          context.report({ node: specifier, messageId: "helper", data: { name, source } });
      }
    }
    const figureName = (node) => {
      if (
        node.type === "MemberExpression" &&
        !node.computed &&
        node.property.type === "Identifier" &&
        FIGURE_FIELDS.has(node.property.name)
      )
        return node.property.name;
      if (node.type === "ChainExpression") return figureName(node.expression);
      return null;
    };
    function checkOperands(node, operator, operands) {
      for (const operand of operands) {
        const name = figureName(operand);
        if (name) {
          context.report({ node, messageId: "arithmetic", data: { operator, name } });
          return;
        }
      }
    }
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === "Identifier" && CONVERSIONS.has(callee.name))
          context.report({ node, messageId: "conversion", data: { name: callee.name } });
        if (
          callee.type !== "MemberExpression" ||
          callee.computed ||
          callee.property.type !== "Identifier"
        )
          return;
        const method = callee.property.name;
        const isNumberStatic =
          callee.object.type === "Identifier" &&
          callee.object.name === "Number" &&
          (method === "parseFloat" || method === "parseInt");
        if (isNumberStatic)
          context.report({ node, messageId: "conversion", data: { name: `Number.${method}` } });
        else if (ROUNDING_METHODS.has(method))
          context.report({ node, messageId: "rounding", data: { name: method } });
        else if (
          callee.object.type === "Identifier" &&
          callee.object.name === "Math" &&
          method === "round"
        )
          context.report({ node, messageId: "rounding", data: { name: "Math.round" } });
      },
      UnaryExpression(node) {
        if (node.operator === "+" && node.argument.type !== "Literal")
          context.report({ node, messageId: "conversion", data: { name: "unary +" } });
      },
      BinaryExpression(node) {
        if (ARITHMETIC_OPERATORS.has(node.operator))
          checkOperands(node, node.operator, [node.left, node.right]);
      },
      AssignmentExpression(node) {
        if (ARITHMETIC_ASSIGNMENTS.has(node.operator))
          checkOperands(node, node.operator, [node.left, node.right]);
      },
      ImportDeclaration: (node) => check(node, node.source, node.specifiers),
      ExportNamedDeclaration: (node) =>
        node.source ? check(node, node.source, node.specifiers) : undefined,
      ExportAllDeclaration: (node) => check(node, node.source, null),
      ImportExpression: (node) => check(node, node.source, null),
    };
  },
};

export const documentArithmetic = { rules: { "no-arithmetic": noArithmetic } };
