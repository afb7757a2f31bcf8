// Settings → Connected apps: the apps a person granted, and Revoke.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { connectedAppsResponse } from "#shared/contracts/platform.ts";
import { apiFetch, apiSend } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const connectedAppsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.platform.connectedApps,
    queryFn: () => apiFetch("/api/connected-apps", { schema: connectedAppsResponse }),
  });

export const useConnectedApps = () => useQuery(connectedAppsQueryOptions());

export function useRevokeConnectedApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend(`/api/connected-apps/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.platform.connectedApps }),
  });
}
