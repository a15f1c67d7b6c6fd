import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const statementRoutes: FeatureRoutes = {
  dashboard: [
    { path: "statements/new", lazy: lazyPage(() => import("./pages/new-statement-page"), (m) => m.NewStatementPage) },
    { path: "statements/:statementId", lazy: lazyPage(() => import("./pages/statement-run-page"), (m) => m.StatementRunPage) },
  ],
};
