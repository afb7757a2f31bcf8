// The consent page's two calls, at the spec's paths (section 7).
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { authorizationDto, type ConsentBody, consentResponse } from "#shared/contracts/platform.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const authorizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.platform.authorization(id),
    queryFn: () => apiFetch(`/oauth/authorizations/${encodeURIComponent(id)}`, { schema: authorizationDto }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useAuthorization = (id: string) => useQuery(authorizationQueryOptions(id));

export const useConsent = (id: string) =>
  useMutation({
    mutationFn: (action: ConsentBody["action"]) =>
      apiFetch(`/oauth/authorizations/${encodeURIComponent(id)}/consent`, {
        method: "POST",
        json: { action },
        schema: consentResponse,
      }),
  });
