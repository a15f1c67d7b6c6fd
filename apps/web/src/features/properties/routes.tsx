import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

const onboardingPage = lazyPage(
  () => import("./pages/onboarding-page"),
  (m) => m.OnboardingPage,
);

export const propertyRoutes: FeatureRoutes = {
  // The wizard is a page of its own (with 'Schließen' back to /dashboard) under both addresses.
  protected: [
    { path: "/onboarding", lazy: onboardingPage },
    { path: "/dashboard/onboarding", lazy: onboardingPage },
  ],
  dashboard: [
    {
      path: "properties",
      lazy: lazyPage(
        () => import("./pages/properties-page"),
        (m) => m.PropertiesPage,
      ),
    },
    {
      path: "properties/new",
      lazy: lazyPage(
        () => import("./pages/new-property-page"),
        (m) => m.NewPropertyPage,
      ),
    },
    {
      path: "properties/:propertyId/house",
      lazy: lazyPage(
        () => import("./pages/house-grid-page"),
        (m) => m.HouseGridPage,
      ),
    },
    {
      path: "properties/:propertyId/edit",
      lazy: lazyPage(
        () => import("./pages/edit-property-page"),
        (m) => m.EditPropertyPage,
      ),
    },
  ],
};
