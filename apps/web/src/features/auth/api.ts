import type {
  CompleteProfileBody,
  InvitationPreview,
  MeResponse,
  SocialProvider,
} from "@nk/contract";
import { apiGet, apiPatch, apiPost } from "../../lib/api-client";

export interface SignUpRequest {
  email: string;
  password: string;
  name: string;
  firstName: string;
  lastName: string;
  passwordConfirmation: string;
  acceptTerms: boolean;
}

export interface SignInRequest {
  email: string;
  password: string;
  rememberMe: boolean;
}

export function signUpWithEmail(body: SignUpRequest): Promise<unknown> {
  return apiPost("/api/auth/sign-up/email", body);
}

export function signInWithEmail(body: SignInRequest): Promise<unknown> {
  return apiPost("/api/auth/sign-in/email", body);
}

/** Always 200 for a well-formed address (no account enumeration); 429 when rate-limited. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return apiPost("/api/auth/request-password-reset", { email, redirectTo: "/auth/new-password" });
}

export function resetPassword(body: { newPassword: string; token: string }): Promise<unknown> {
  return apiPost("/api/auth/reset-password", body);
}

export type AuthProviders = Record<SocialProvider, boolean>;

export async function fetchAuthProviders(): Promise<AuthProviders> {
  const response = await apiGet<{ providers: Partial<AuthProviders> }>("/api/auth-providers");
  return {
    google: response.providers.google ?? false,
    facebook: response.providers.facebook ?? false,
    apple: response.providers.apple ?? false,
  };
}

/** Returns the provider's authorisation address; the caller sends the browser there. */
export async function startSocialSignIn(provider: SocialProvider): Promise<string> {
  const response = await apiPost<{ url?: string; redirect?: boolean }>("/api/auth/sign-in/social", {
    provider,
    callbackURL: "/auth/callback",
    errorCallbackURL: "/login",
  });
  if (!response?.url) throw new Error("Keine Weiterleitungsadresse erhalten.");
  return response.url;
}

export function completeProfile(body: CompleteProfileBody): Promise<MeResponse> {
  return apiPatch<MeResponse>("/api/profile", body);
}

/** What an invitation link offers (public: before anyone signed in). */
export function fetchInvitationPreview(token: string): Promise<InvitationPreview> {
  return apiPost<InvitationPreview>(
    "/api/invitations/preview",
    { token },
    { isUnauthorizedRedirect: false },
  );
}

/** The signed-in user joins the invitation's account; the session then works in it. */
export function acceptInvitation(token: string): Promise<{ accountId: string }> {
  return apiPost<{ accountId: string }>("/api/invitations/accept", { token });
}
