import type { ComponentType } from "react";
import type { RouteObject } from "react-router";

/**
 * What a feature contributes to the router (see app/router.tsx). Each feature exports one
 * `FeatureRoutes` object from `features/<feature>/routes.tsx`.
 */
export interface FeatureRoutes {
  /** Public pages, absolute paths: `{ path: "/login", lazy: lazyPage(...) }`. */
  public?: RouteObject[];
  /** Signed-in pages without the dashboard frame, absolute paths: `/onboarding`. */
  protected?: RouteObject[];
  /**
   * Pages inside the dashboard frame (signed in, side menu, header). Paths are relative to
   * /dashboard: `{ path: "properties/new", ... }`; `{ index: true, ... }` is /dashboard itself.
   */
  dashboard?: RouteObject[];
}

/**
 * A route's `lazy` that loads the page module on first visit (own bundle per page):
 * `lazy: lazyPage(() => import("./pages/login-page"), (m) => m.LoginPage)`.
 */
export function lazyPage<TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
): NonNullable<Extract<RouteObject["lazy"], (...args: never[]) => unknown>> {
  return async () => ({ Component: pick(await load()) });
}
