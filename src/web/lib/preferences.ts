// The person's notification and privacy switches (GET /api/preferences), read by several features:
// settings shows and changes them, the Pomodoro alerts and the error log obey them.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Preferences, preferencesDto } from "#shared/contracts/preferences.ts";
import { apiFetch } from "./api-client.ts";
import { queryClient } from "./query-client.ts";
import { queryKeys } from "./query-keys.ts";

export const getPreferences = () => apiFetch("/api/preferences", { schema: preferencesDto });

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.preferences, queryFn: getPreferences, staleTime: 5 * 60_000 });

export const usePreferences = (enabled = true) => useQuery({ ...preferencesQueryOptions(), enabled });

/** The switches outside React (null when they cannot be read, e.g. signed out or offline). */
export async function currentPreferences(): Promise<Preferences | null> {
  try {
    return await queryClient.fetchQuery(preferencesQueryOptions());
  } catch {
    return null;
  }
}
