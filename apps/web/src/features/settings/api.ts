import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  DELETE_CONFIRMATION_WORD,
  type AccountExport,
  type ChangePasswordBody,
  type CompleteProfileBody,
  type MeResponse,
  type NotificationSettings,
  type SubscriptionResponse,
  type AssignableRole,
  type InviteValues,
  type TeamResponse,
  type ApiKeyList,
  type CreateApiKeyValues,
  type CreatedApiKey,
} from "@nk/contract";
import { apiDelete, apiGet, apiPatch, apiPost, apiPut, apiRequest } from "../../lib/api-client";
import { ME_QUERY_KEY, invalidateMe } from "../../lib/use-me";
import { SUBSCRIPTION_QUERY_KEY, useChangePlan } from "../../lib/use-change-plan";
import { TEAM_KEY } from "../../lib/queries/query-keys";

// TanStack Query hooks of the settings page: subscription, notifications, profile, password,
// export and deletion.

const SUBSCRIPTION_KEY = SUBSCRIPTION_QUERY_KEY;
const NOTIFICATIONS_KEY = ["notification-settings"] as const;

export function useSubscription() {
  return useQuery({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: () => apiGet<SubscriptionResponse>("/api/subscription"),
  });
}

/** Plan change, cancel and reactivate all answer the new subscription; the header (/api/me) follows. */
function useSubscriptionAction<TArgs>(call: (args: TArgs) => Promise<SubscriptionResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (data) => {
      queryClient.setQueryData(SUBSCRIPTION_KEY, data);
      await invalidateMe(queryClient);
    },
  });
}

export { useChangePlan };

export function useCancelSubscription() {
  return useSubscriptionAction(() => apiPost<SubscriptionResponse>("/api/subscription/cancel", {}));
}

export function useReactivateSubscription() {
  return useSubscriptionAction(() =>
    apiPost<SubscriptionResponse>("/api/subscription/reactivate", {}),
  );
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => apiGet<NotificationSettings>("/api/notification-settings"),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) =>
      apiPut<NotificationSettings>("/api/notification-settings", body),
    onSuccess: (data) => queryClient.setQueryData(NOTIFICATIONS_KEY, data),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompleteProfileBody) => apiPatch<MeResponse>("/api/profile", body),
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}

export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return apiPost("/api/auth/change-password", body);
}

export function fetchAccountExport(): Promise<AccountExport> {
  return apiGet<AccountExport>("/api/export");
}

export function deleteAccount(): Promise<unknown> {
  return apiRequest("DELETE", "/api/account", { body: { confirmation: DELETE_CONFIRMATION_WORD } });
}

export { useBillingData } from "../../lib/use-billing-data";

function useTeamAction<TArgs>(call: (args: TArgs) => Promise<TeamResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => queryClient.setQueryData(TEAM_KEY, data),
  });
}

export function useInviteMember() {
  return useTeamAction((body: InviteValues) =>
    apiPost<TeamResponse>("/api/team/invitations", body),
  );
}

export function useRevokeInvitation() {
  return useTeamAction((id: string) =>
    apiDelete<TeamResponse>(`/api/team/invitations/${encodeURIComponent(id)}`),
  );
}

export function useChangeMemberRole() {
  return useTeamAction(({ userId, role }: { userId: string; role: AssignableRole }) =>
    apiPatch<TeamResponse>(`/api/team/members/${encodeURIComponent(userId)}`, { role }),
  );
}

export function useRemoveMember() {
  return useTeamAction((userId: string) =>
    apiDelete<TeamResponse>(`/api/team/members/${encodeURIComponent(userId)}`),
  );
}

const API_KEYS_KEY = ["api-keys"] as const;

/** The account's API keys (issue 29, Enterprise `apiAccess`). */
export function useApiKeys() {
  return useQuery({ queryKey: API_KEYS_KEY, queryFn: () => apiGet<ApiKeyList>("/api/api-keys") });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyValues) => apiPost<CreatedApiKey>("/api/api-keys", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<ApiKeyList>(`/api/api-keys/${encodeURIComponent(id)}`),
    onSuccess: (data) => queryClient.setQueryData(API_KEYS_KEY, data),
  });
}
