// Settings → Developer: personal API keys (list, create, revoke).
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  apiKeyListResponse,
  type CreateApiKeyBody,
  createdApiKeyResponse,
} from "#shared/contracts/platform.ts";
import { apiFetch, apiSend } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.platform.keys,
    queryFn: () => apiFetch("/api/developer/keys", { schema: apiKeyListResponse }),
  });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      apiFetch("/api/developer/keys", { method: "POST", json: body, schema: createdApiKeyResponse }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.platform.keys }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend(`/api/developer/keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.platform.keys }),
  });
}
