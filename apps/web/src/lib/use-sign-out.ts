import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { apiPost, setSignOutRunning } from "./api-client";

/**
 * Session sign-out: POST /api/auth/sign-out, go to '/', then forget all cached data. Always ends
 * on '/' (issue 23): the page still on screen may refetch once the session is gone, and its 401
 * must not send the user to /login, so the redirect rests meanwhile and the cache is cleared only
 * after the protected pages have left.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);

  async function signOut(): Promise<void> {
    setIsSigningOut(true);
    setSignOutRunning(true);
    try {
      await apiPost("/api/auth/sign-out", {});
    } catch (error) {
      // Signed out or not: the local session state is dropped either way.
      console.warn("Abmelden: Serverantwort fehlgeschlagen", error);
    }
    try {
      await navigate("/", { replace: true });
      queryClient.clear();
    } finally {
      setIsSigningOut(false);
      setSignOutRunning(false);
    }
  }

  return { signOut, isSigningOut };
}
