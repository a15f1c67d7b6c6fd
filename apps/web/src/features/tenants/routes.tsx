import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const tenantRoutes: FeatureRoutes = {
  dashboard: [
    {
      path: "tenants",
      lazy: lazyPage(
        () => import("./pages/tenants-page"),
        (m) => m.TenantsPage,
      ),
    },
  ],
};
