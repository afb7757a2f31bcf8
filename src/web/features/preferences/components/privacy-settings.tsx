// Settings: Privacy. Crash reports and sharing task titles with the AI model, saved to the person's
// preferences. Crash reports decide whether this browser sends its error log entries to Kairo
// (src/web/lib/error-log.ts). No "Usage analytics": Kairo measures no usage (decision 159).

import { useQuery } from "@tanstack/react-query";
import type { PrivacyKey } from "#shared/contracts/preferences.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { preferencesQueryOptions } from "#web/lib/preferences.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { PreferenceSwitch } from "./preference-switch.tsx";
import { usePreferenceToggle } from "./use-preference-toggle.ts";

const ITEMS: { key: PrivacyKey; label: string; description: string }[] = [
  {
    key: "crashReports",
    label: "Crash reports",
    description:
      "When something breaks, send the error message, the page address and technical details to Kairo so it can be fixed.",
  },
  {
    key: "shareTaskTitles",
    label: "Share task titles with the AI model",
    description:
      "When an external AI model writes your insights, also send the titles of your recent tasks. Off by default: otherwise only summary figures are sent.",
  },
];

export function PrivacySettings() {
  // A failed first load goes to the settings section's boundary (throwWhenEmpty).
  const preferences = useQuery({ ...preferencesQueryOptions(), throwOnError: throwWhenEmpty });
  const toggle = usePreferenceToggle();
  return (
    <section aria-labelledby="privacy-heading" className="rounded-lg border border-border bg-background p-6">
      <h2 id="privacy-heading" className="text-lg font-semibold">
        Privacy
      </h2>
      <p className="mt-1 text-sm text-muted">Decide what Kairo may learn from your use of it.</p>
      <div className="mt-5">
        {!preferences.data ? (
          <Spinner className="justify-start" label="Loading..." visibleLabel />
        ) : (
          <div className="divide-y divide-border">
            {ITEMS.map((item) => (
              <PreferenceSwitch
                key={item.key}
                label={item.label}
                description={item.description}
                checked={preferences.data.privacy[item.key]}
                onCheckedChange={(on) => void toggle.save({ privacy: { [item.key]: on } }, item.label, on)}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
