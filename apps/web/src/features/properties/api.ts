import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  HouseSetupBody,
  HouseTable,
  HouseTableBody,
  HouseSetupResponse,
  OnboardingBody,
  PropertyCreateBody,
  PropertyUpdateBody,
  PropertyWithUnits,
  Unit,
  UnitBody,
  UnitUpdateBody,
} from "@nk/contract";
import { apiDelete, apiGet, apiPatch, apiPost } from "../../lib/api-client";
import { PROPERTIES_QUERY_KEY } from "../../lib/use-properties";
import { invalidateMe } from "../../lib/use-me";

function propertyQueryKey(propertyId: string) {
  return [...PROPERTIES_QUERY_KEY, propertyId] as const;
}

/** After a change: the lists, the property itself and the usage counters of /api/me. */
async function refreshAfterChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: PROPERTIES_QUERY_KEY }),
    invalidateMe(queryClient),
  ]);
}

/** GET /api/properties/:id. */
export function useProperty(propertyId: string) {
  return useQuery({
    queryKey: propertyQueryKey(propertyId),
    queryFn: () => apiGet<PropertyWithUnits>(`/api/properties/${encodeURIComponent(propertyId)}`),
  });
}

export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PropertyCreateBody) => apiPost<PropertyWithUnits>("/api/properties", body),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useUpdateProperty(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PropertyUpdateBody) =>
      apiPatch<PropertyWithUnits>(`/api/properties/${encodeURIComponent(propertyId)}`, body),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (propertyId: string) =>
      apiDelete(`/api/properties/${encodeURIComponent(propertyId)}`),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** POST /api/onboarding: the wizard's property with all its units at once. */
export function useOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingBody) => apiPost<PropertyWithUnits>("/api/onboarding", body),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useCreateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ propertyId, body }: { propertyId: string; body: UnitBody }) =>
      apiPost<Unit>(`/api/properties/${encodeURIComponent(propertyId)}/units`, body),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useUpdateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ unitId, body }: { unitId: string; body: UnitUpdateBody }) =>
      apiPatch<Unit>(`/api/units/${encodeURIComponent(unitId)}`, body),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

export function useDeleteUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unitId: string) => apiDelete(`/api/units/${encodeURIComponent(unitId)}`),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/**
 * POST /api/properties/:id/house-setup (issue 27): units, tenants, prepayments, meters and
 * readings at once. Afterwards every list may have changed: all queries are read again.
 */
/** Reads a CSV or XLSX file of the house into text cells (saves nothing; plan feature bulkImportExport). */
export function useReadHouseTable() {
  return useMutation({
    mutationFn: (body: HouseTableBody) => apiPost<HouseTable>("/api/imports/house-table", body),
  });
}

export function useSaveHouseSetup(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HouseSetupBody) =>
      apiPost<HouseSetupResponse>(
        `/api/properties/${encodeURIComponent(propertyId)}/house-setup`,
        body,
      ),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
