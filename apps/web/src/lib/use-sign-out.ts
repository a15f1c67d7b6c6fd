import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { apiPost } from "./api-client";

/** Session sign-out: POST /api/auth/sign-out, forget all cached data, go to '/'. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);

  async function signOut(): Promise<void> {
    setIsSigningOut(true);
    try {
      await apiPost("/api/auth/sign-out", {});
    } catch (error) {
      // Signed out or not: the local session state is dropped either way.
      console.warn("Abmelden: Serverantwort fehlgeschlagen", error);
    } finally {
      queryClient.clear();
      setIsSigningOut(false);
      void navigate("/", { replace: true });
    }
  }

  return { signOut, isSigningOut };
}
