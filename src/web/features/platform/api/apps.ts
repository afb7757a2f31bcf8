// Settings → Developer: the team's OAuth apps (list, register, delete).
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { appListResponse, type CreateAppBody, createdAppResponse } from "#shared/contracts/platform.ts";
import { apiFetch, apiSend } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const appsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.platform.apps,
    queryFn: () => apiFetch("/api/developer/apps", { schema: appListResponse }),
  });

export const useApps = () => useQuery(appsQueryOptions());

export function useCreateApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAppBody) =>
      apiFetch("/api/developer/apps", { method: "POST", json: body, schema: createdAppResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.platform.apps }),
  });
}

export function useDeleteApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend(`/api/developer/apps/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.platform.apps }),
  });
}
