import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { SOCIAL_PROVIDERS, SOCIAL_PROVIDER_LABELS, type SocialProvider } from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { fetchAuthProviders, startSocialSignIn } from "../api";

const NOT_CONFIGURED = "Anbieter ist nicht konfiguriert.";

function ProviderIcon({ provider }: { provider: SocialProvider }) {
  if (provider === "google") {
    return (
      <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
        <path
          fill="#4285F4"
          d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
        />
        <path
          fill="#34A853"
          d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
        />
        <path
          fill="#FBBC05"
          d="M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84z"
        />
        <path
          fill="#EA4335"
          d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
        />
      </svg>
    );
  }
  if (provider === "facebook") {
    return (
      <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
        <path
          fill="#1877F2"
          d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07z"
        />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <path
        fill="currentColor"
        d="M16.37 12.6c-.02-2.27 1.86-3.37 1.94-3.42-1.06-1.55-2.71-1.76-3.29-1.78-1.4-.14-2.73.82-3.44.82-.71 0-1.8-.8-2.96-.78-1.52.02-2.93.89-3.71 2.25-1.58 2.74-.4 6.8 1.14 9.02.75 1.09 1.64 2.31 2.81 2.27 1.13-.05 1.56-.73 2.92-.73 1.37 0 1.75.73 2.94.71 1.21-.02 1.98-1.11 2.72-2.2.86-1.26 1.21-2.48 1.23-2.54-.03-.01-2.36-.9-2.38-3.59zM14.13 5.93c.62-.76 1.04-1.81.93-2.86-.9.04-1.99.6-2.63 1.35-.58.67-1.08 1.74-.95 2.77 1 .08 2.03-.51 2.65-1.26z"
      />
    </svg>
  );
}

/**
 * Google, Facebook and Apple. An unconfigured provider never redirects: it shows the toast
 * 'Anmeldung mit {provider} fehlgeschlagen: Anbieter ist nicht konfiguriert.'.
 */
export function SocialSignInButtons() {
  const toast = useToast();
  const [activeProvider, setActiveProvider] = useState<SocialProvider | null>(null);
  const providersQuery = useQuery({
    queryKey: ["auth-providers"],
    queryFn: fetchAuthProviders,
    staleTime: 5 * 60_000,
  });

  async function signInWith(provider: SocialProvider): Promise<void> {
    const label = SOCIAL_PROVIDER_LABELS[provider];
    const isConfigured = providersQuery.data?.[provider] ?? false;
    if (!isConfigured) {
      toast.error(`Anmeldung mit ${label} fehlgeschlagen: ${NOT_CONFIGURED}`);
      return;
    }
    setActiveProvider(provider);
    try {
      const url = await startSocialSignIn(provider);
      window.location.assign(url);
    } catch (error) {
      toast.error(`Anmeldung mit ${label} fehlgeschlagen: ${getErrorMessage(error)}`);
      setActiveProvider(null);
    }
  }

  return (
    <div className="space-y-3">
      <div
        className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-slate-200" />
        oder weiter mit
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div
        className="grid grid-cols-3 gap-2"
        role="group"
        aria-label="Anmeldung über einen anderen Anbieter"
      >
        {SOCIAL_PROVIDERS.map((provider) => (
          <Button
            key={provider}
            variant="outline"
            className="w-full"
            isBusy={activeProvider === provider}
            disabled={activeProvider !== null || providersQuery.isPending}
            onClick={() => void signInWith(provider)}
            data-provider={provider}
          >
            {activeProvider === provider ? null : <ProviderIcon provider={provider} />}
            {SOCIAL_PROVIDER_LABELS[provider]}
          </Button>
        ))}
      </div>
    </div>
  );
}
