import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { MEMBER_ROLE_LABELS, type MeResponse, type Membership } from "@nk/contract";
import { Select } from "../../components/ui/input";
import { useToast } from "../../components/ui/toast";
import { apiPost } from "../../lib/api-client";
import { getErrorMessage } from "../../lib/api-error";

/**
 * Issue 29: one person in several accounts (a property manager working for several owners)
 * chooses the account this session works in. Every cached answer belonged to the old account:
 * all are dropped, and the dashboard of the new one opens.
 */
export function AccountSwitcher({ me }: { me: MeResponse }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [isSwitching, setIsSwitching] = useState(false);
  if (me.memberships.length < 2) return null;

  async function onSwitch(accountId: string): Promise<void> {
    setIsSwitching(true);
    try {
      const memberships = await apiPost<Membership[]>("/api/memberships/switch", { accountId });
      queryClient.clear();
      await navigate("/dashboard", { replace: true });
      const current = memberships.find((m) => m.isCurrent);
      if (current) toast.success(`Sie arbeiten jetzt im Konto „${current.accountName}“`);
    } catch (error) {
      toast.error(`Kontowechsel fehlgeschlagen: ${getErrorMessage(error)}`);
    } finally {
      setIsSwitching(false);
    }
  }

  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor="account-switcher" className="shrink-0 text-xs font-medium text-slate-600">
        Konto
      </label>
      <Select
        id="account-switcher"
        className="h-9 max-w-[16rem] truncate py-1 text-sm"
        value={me.account.id}
        disabled={isSwitching}
        onChange={(event) => void onSwitch(event.target.value)}
      >
        {me.memberships.map((membership) => (
          <option key={membership.accountId} value={membership.accountId}>
            {membership.accountName} · {MEMBER_ROLE_LABELS[membership.role]}
          </option>
        ))}
      </Select>
    </div>
  );
}
