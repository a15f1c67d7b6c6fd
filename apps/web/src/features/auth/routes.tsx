import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const authRoutes: FeatureRoutes = {
  public: [
    {
      path: "/login",
      lazy: lazyPage(
        () => import("./pages/login-page"),
        (m) => m.LoginPage,
      ),
    },
    {
      path: "/register",
      lazy: lazyPage(
        () => import("./pages/register-page"),
        (m) => m.RegisterPage,
      ),
    },
    {
      path: "/auth/callback",
      lazy: lazyPage(
        () => import("./pages/auth-callback-page"),
        (m) => m.AuthCallbackPage,
      ),
    },
    {
      path: "/auth/complete-profile",
      lazy: lazyPage(
        () => import("./pages/complete-profile-page"),
        (m) => m.CompleteProfilePage,
      ),
    },
    {
      path: "/auth/reset-password",
      lazy: lazyPage(
        () => import("./pages/reset-password-page"),
        (m) => m.ResetPasswordPage,
      ),
    },
    {
      path: "/einladung",
      lazy: lazyPage(
        () => import("./pages/invitation-page"),
        (m) => m.InvitationPage,
      ),
    },
    {
      path: "/auth/new-password",
      lazy: lazyPage(
        () => import("./pages/new-password-page"),
        (m) => m.NewPasswordPage,
      ),
    },
  ],
};
