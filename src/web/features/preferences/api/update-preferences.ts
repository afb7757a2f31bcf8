import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  applyPreferencesPatch,
  type Preferences,
  type PreferencesPatch,
} from "#shared/contracts/preferences.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import { preferencesQueryKey } from "../../../lib/preferences.ts";

export const updatePreferences = (patch: PreferencesPatch) =>
  apiFetch<Preferences>("/api/preferences", { method: "PATCH", json: patch });

/** Shows the change at once, and puts the switch back if the server does not take it. */
export function useUpdatePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onMutate: async (patch) => {
      await qc.cancelQueries({ queryKey: preferencesQueryKey });
      const previous = qc.getQueryData<Preferences>(preferencesQueryKey);
      if (previous) qc.setQueryData(preferencesQueryKey, applyPreferencesPatch(previous, patch));
      return { previous };
    },
    onError: (_err, _patch, context) => {
      if (context?.previous) qc.setQueryData(preferencesQueryKey, context.previous);
    },
    onSuccess: (saved) => qc.setQueryData(preferencesQueryKey, saved),
  });
}
