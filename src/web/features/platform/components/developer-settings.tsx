// Settings → Developer: personal API keys and the team's OAuth apps (issue 26).
import { ApiKeysSection } from "./api-keys-section.tsx";
import { AppsSection } from "./apps-section.tsx";

export function DeveloperSettings() {
  return (
    <section
      aria-labelledby="developer-heading"
      className="rounded-lg border border-border bg-background p-6"
    >
      <h2 id="developer-heading" className="text-lg font-semibold">
        Developer
      </h2>
      <p className="mt-1 text-sm text-muted">API keys and OAuth apps for the Kairo API.</p>
      <div className="mt-5 flex flex-col gap-8">
        <ApiKeysSection />
        <AppsSection />
      </div>
    </section>
  );
}
