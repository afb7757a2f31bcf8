import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  applyPreferencesPatch,
  type Preferences,
  type PreferencesPatch,
  preferencesDto,
} from "#shared/contracts/preferences.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const updatePreferences = (patch: PreferencesPatch) =>
  apiFetch("/api/preferences", { schema: preferencesDto, method: "PATCH", json: patch });

/** Shows the change at once, and puts the switch back if the server does not take it. */
export function useUpdatePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onMutate: async (patch) => {
      await qc.cancelQueries({ queryKey: queryKeys.preferences });
      const previous = qc.getQueryData<Preferences>(queryKeys.preferences);
      if (previous) qc.setQueryData(queryKeys.preferences, applyPreferencesPatch(previous, patch));
      return { previous };
    },
    onError: (_err, _patch, context) => {
      if (context?.previous) qc.setQueryData(queryKeys.preferences, context.previous);
    },
    onSuccess: (saved) => qc.setQueryData(queryKeys.preferences, saved),
  });
}
