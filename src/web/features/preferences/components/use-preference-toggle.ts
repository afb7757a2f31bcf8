// Saving one switch: at once, with a notice, and back to where it was if the server refuses.
import type { PreferencesPatch } from "#shared/contracts/preferences.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useUpdatePreferences } from "../api/update-preferences.ts";

export function usePreferenceToggle() {
  const update = useUpdatePreferences();
  return {
    isPending: update.isPending,
    save: async (patch: PreferencesPatch, label: string, on: boolean) => {
      try {
        await update.mutateAsync(patch);
        notifySuccess("Preferences saved", `${label} ${on ? "on" : "off"}.`);
        return true;
      } catch (err) {
        notifyError(err, { title: "Error", fallback: "Failed to save your preferences. Please try again." });
        return false;
      }
    },
  };
}
