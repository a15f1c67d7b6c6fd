import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Each layer rule fails on a deliberate violation and passes the allowed import next to it, with
// the repository's own eslint.config.js, so the layers hold by tool rather than by habit.

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

async function findLayerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "layers/no-forbidden-import")
    .map((message) => message.message);
}

describe("layer rules", () => {
  it.each([
    [
      "the engine imports the contract by name",
      "packages/engine/src/rates/x.ts",
      'import { PLANS } from "@nk/contract";\nexport const x = PLANS;',
      "engine-imports-nothing",
    ],
    [
      "the engine imports a project file by path",
      "packages/engine/src/rates/x.ts",
      'import { PLANS } from "../../../contract/src/plans.ts";\nexport const x = PLANS;',
      "engine-imports-nothing",
    ],
    [
      "the engine's command imports the server",
      "packages/engine/src/cli/x.ts",
      'import { APP_VERSION } from "../../../../apps/server/src/lib/app-version.ts";\nexport const x = APP_VERSION;',
      "engine-imports-nothing",
    ],
    [
      "the contract imports a package other than zod and ibantools",
      "packages/contract/src/x.ts",
      'import { Hono } from "hono";\nexport const x = Hono;',
      "contract-imports-zod-and-engine",
    ],
    [
      "the contract imports the server",
      "packages/contract/src/x.ts",
      'import { APP_VERSION } from "../../../apps/server/src/lib/app-version.ts";\nexport const x = APP_VERSION;',
      "contract-imports-zod-and-engine",
    ],
    [
      "the web app imports server code",
      "apps/web/src/lib/x.ts",
      'import { APP_VERSION } from "../../../server/src/lib/app-version.ts";\nexport const x = APP_VERSION;',
      "web-imports-no-server",
    ],
    [
      "a web feature imports another feature",
      "apps/web/src/features/meters/components/x.tsx",
      'import { useTenants } from "../../tenants/api";\nexport const x = useTenants;',
      "web-feature-imports-no-other-feature",
    ],
    [
      "a web feature re-exports another feature",
      "apps/web/src/features/meters/x.ts",
      'export { useRates } from "../rates/api";',
      "web-feature-imports-no-other-feature",
    ],
    [
      "a service imports http/",
      "apps/server/src/features/meters/x-service.ts",
      'import { createRouter } from "../../http/create-router.ts";\nexport const x = createRouter;',
      "service-imports-no-http",
    ],
    [
      "a route imports a query file",
      "apps/server/src/features/meters/x-routes.ts",
      'import { listMeters } from "./meter-queries.ts";\nexport const x = listMeters;',
      "route-imports-no-queries",
    ],
    [
      "a route imports a query file lazily",
      "apps/server/src/features/meters/x-routes.ts",
      'export const x = () => import("../tenants/tenant-queries");',
      "route-imports-no-queries",
    ],
  ])("fails when %s", async (_case, filePath, code, zone) => {
    const errors = await findLayerErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(zone);
  });

  it.each([
    [
      "the engine imports its own files",
      "packages/engine/src/rates/x.ts",
      'import { addDays } from "../dates/calendar.ts";\nexport const x = addDays;',
    ],
    [
      "the contract imports zod, ibantools and the engine",
      "packages/contract/src/x.ts",
      'import { z } from "zod";\nimport { validateIBAN } from "ibantools";\nimport { CO2_STAGES } from "@nk/engine";\nexport const x = [z, validateIBAN, CO2_STAGES];',
    ],
    [
      "the web app imports the contract, the engine and its shared pieces",
      "apps/web/src/features/meters/components/x.tsx",
      'import { PLANS } from "@nk/contract";\nimport { CO2_STAGES } from "@nk/engine";\nimport { useProperties } from "../../../lib/use-properties";\nimport { useMeters } from "../api";\nexport const x = [PLANS, CO2_STAGES, useProperties, useMeters];',
    ],
    [
      "a service imports the domain errors and queries",
      "apps/server/src/features/meters/x-service.ts",
      'import { NotFound } from "../../domain/domain-errors.ts";\nimport { listMeters } from "./meter-queries.ts";\nexport const x = [NotFound, listMeters];',
    ],
    [
      "a route imports http/ and its service",
      "apps/server/src/features/meters/x-routes.ts",
      'import { createRouter } from "../../http/create-router.ts";\nimport { listMeters } from "./meter-service.ts";\nexport const x = [createRouter, listMeters];',
    ],
  ])("passes when %s", async (_case, filePath, code) => {
    expect(await findLayerErrors(filePath, code)).toEqual([]);
  });
});
