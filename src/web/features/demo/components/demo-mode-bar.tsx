// The static demo (no backend configured): the Demo badge, where the data lives, and "Reset demo
// data", which deletes this browser's demo database and starts again with the sample data. Only the
// demo build's entry registers it (src/demo/main.tsx, lib/demo-slot.tsx); the configured build has none.
import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { paths } from "#web/config/paths.ts";
import { apiSend } from "#web/lib/api-client.ts";
import { notifyError } from "#web/lib/notify.ts";

export function DemoModeBar() {
  const [step, setStep] = useState<"idle" | "confirm" | "resetting">("idle");
  const reset = async () => {
    setStep("resetting");
    try {
      await apiSend("/api/demo-mode/reset", { method: "POST", json: {} });
      window.location.assign(paths.dashboard);
    } catch (err) {
      setStep("idle");
      notifyError(err);
    }
  };
  return (
    <div
      data-demo-mode
      className="flex flex-wrap items-center gap-2 border-b border-accent/30 bg-accent-soft/50 px-4 py-2 text-sm sm:px-6"
    >
      <span className="rounded bg-accent px-1.5 py-0.5 text-xs font-semibold text-accent-foreground">
        Demo
      </span>
      <span className="flex-1">
        Demo mode: every feature is unlocked and your data stays in this browser.
      </span>
      {step === "idle" ? (
        <Button variant="outline" size="sm" onClick={() => setStep("confirm")}>
          Reset demo data
        </Button>
      ) : (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="contents">Delete everything and start again with the sample data?</legend>
          <Button variant="danger" size="sm" disabled={step === "resetting"} onClick={reset}>
            {step === "resetting" ? "Resetting..." : "Reset"}
          </Button>
          <Button variant="ghost" size="sm" disabled={step === "resetting"} onClick={() => setStep("idle")}>
            Cancel
          </Button>
        </fieldset>
      )}
    </div>
  );
}
