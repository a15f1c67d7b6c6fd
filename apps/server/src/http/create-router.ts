import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./app-env.ts";
import { collectFieldErrors } from "../domain/zod-field-errors.ts";
import { ValidationFailed } from "../domain/domain-errors.ts";

/**
 * Every router of the API is made here, so that invalid input always answers 400 with the
 * German field messages of the schemas, in the one error shape.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new ValidationFailed(collectFieldErrors(result.error));
    },
  });
}
