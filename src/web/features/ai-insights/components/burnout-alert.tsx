// The Burnout Risk Alert (spec section 2), shown at high or critical: score bar, level, the named
// factors, what the score measures, and the four actions.
import { X } from "lucide-react";
import type { InsightsResponse } from "#shared/contracts/ai-insights.ts";
import { BURNOUT_COLOURS } from "#shared/domain/burnout.ts";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { ADJUST_BUTTON_ID } from "./schedule-dialog.tsx";

const TONE = {
  red: "border-danger/40 bg-danger/10",
  orange: "border-orange-500/40 bg-orange-500/10",
  yellow: "border-warning/40 bg-warning/10",
  green: "border-success/40 bg-success/10",
} as const;
const BAR = { red: "bg-danger", orange: "bg-orange-500", yellow: "bg-warning", green: "bg-success" } as const;

export function BurnoutAlert({
  risk,
  onAcknowledge,
  acknowledging,
  onBreak,
  onAdjust,
  onDismiss,
}: {
  risk: InsightsResponse["burnoutRisk"];
  onAcknowledge: () => void;
  acknowledging: boolean;
  onBreak: () => void;
  onAdjust: () => void;
  onDismiss: () => void;
}) {
  const colour = BURNOUT_COLOURS[risk.level];
  const level = risk.level[0]?.toUpperCase() + risk.level.slice(1);
  return (
    <section
      aria-labelledby="burnout-heading"
      className={cn("relative mb-6 rounded-lg border p-5", TONE[colour])}
      data-level={risk.level}
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss burnout alert"
        className="absolute top-3 right-3 rounded-md p-1 hover:bg-surface-2"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      <h2 id="burnout-heading" className="text-lg font-semibold">
        Burnout Risk Alert
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <div
          role="progressbar"
          aria-label="Burnout risk score"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={risk.score}
          className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2"
        >
          <div className={cn("h-full", BAR[colour])} style={{ width: `${risk.score}%` }} />
        </div>
        <span className="text-sm font-semibold tabular-nums">{risk.score}%</span>
      </div>
      <p className="mt-2 text-sm font-medium">Risk level: {level}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {risk.factors.map((f) => (
          <li key={f.id}>{f.text}</li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted">{risk.note}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" onClick={onAcknowledge} disabled={acknowledging}>
          I'll Take Care
        </Button>
        <Button size="sm" variant="outline" onClick={onBreak}>
          Take a Break Now
        </Button>
        <Button id={ADJUST_BUTTON_ID} size="sm" variant="outline" onClick={onAdjust}>
          Adjust Schedule
        </Button>
      </div>
    </section>
  );
}
