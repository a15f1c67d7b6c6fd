import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  DELETE_CONFIRMATION_WORD,
  type AccountExport,
  type BillingDataBody,
  type BillingDataResponse,
  type ChangePasswordBody,
  type CompleteProfileBody,
  type MeResponse,
  type NotificationSettings,
  type SelectablePlanKey,
  type SubscriptionResponse,
} from "@nk/contract";
import { apiGet, apiPatch, apiPost, apiPut, apiRequest } from "../../lib/api-client";
import { ME_QUERY_KEY, invalidateMe } from "../../lib/use-me";

// TanStack Query hooks of the settings page: subscription, notifications, profile, password,
// export and deletion.

const SUBSCRIPTION_KEY = ["subscription"] as const;
const NOTIFICATIONS_KEY = ["notification-settings"] as const;

export function useSubscription() {
  return useQuery({ queryKey: SUBSCRIPTION_KEY, queryFn: () => apiGet<SubscriptionResponse>("/api/subscription") });
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

export function useChangePlan() {
  return useSubscriptionAction((plan: SelectablePlanKey) => apiPost<SubscriptionResponse>("/api/subscription/plan", { plan }));
}

export function useCancelSubscription() {
  return useSubscriptionAction(() => apiPost<SubscriptionResponse>("/api/subscription/cancel", {}));
}

export function useReactivateSubscription() {
  return useSubscriptionAction(() => apiPost<SubscriptionResponse>("/api/subscription/reactivate", {}));
}

export function useNotificationSettings() {
  return useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: () => apiGet<NotificationSettings>("/api/notification-settings") });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) => apiPut<NotificationSettings>("/api/notification-settings", body),
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

const BILLING_DATA_KEY = ["billing-data"] as const;

export function useBillingData() {
  return useQuery({ queryKey: BILLING_DATA_KEY, queryFn: () => apiGet<BillingDataResponse>("/api/billing-data") });
}

export function useSaveBillingData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingDataBody) => apiPut<BillingDataResponse>("/api/billing-data", body),
    onSuccess: (data) => queryClient.setQueryData(BILLING_DATA_KEY, data),
  });
}
