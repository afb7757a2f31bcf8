// What the paid plans add, in plain words and without invented figures, with the way to AI insights.
// Shown only to people without a paid plan (free, or on the trial, running or run out): someone on
// Pro or Team already has what it offers (decision 271).

import { ArrowRight, Brain, Lock, Users, Workflow } from "lucide-react";
import { Link } from "react-router";
import type { SubscriptionResponse } from "#shared/contracts/billing.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { paths } from "#web/config/paths.ts";
import { useSubscription } from "#web/lib/subscription.ts";

const FEATURES = [
  {
    id: "ai-insights",
    icon: Brain,
    title: "AI insights",
    plan: "Pro",
    body: "Patterns in when you work best, predictions and recommendations drawn from your own tasks and tracked time.",
    link: { to: paths.aiInsights, label: "Open AI insights" },
    upgrade: { plan: "pro", label: "Unlock AI insights" },
  },
  {
    id: "workflows",
    icon: Workflow,
    title: "Workflow automation",
    plan: "Pro",
    body: "Create tasks, send reminders and write reports automatically when something happens.",
    link: { to: paths.workflowAutomation, label: "See workflows" },
    upgrade: null,
  },
  {
    id: "team",
    icon: Users,
    title: "Team workspace",
    plan: "Team",
    body: "Share a workspace, see who is online and follow what your team is working on.",
    link: { to: paths.teamWorkspace, label: "See the team workspace" },
    upgrade: null,
  },
] as const;

/** Whom the panel is for: people on no paid plan (free, or the trial whether it runs or ran out). */
export const offersPaidFeatures = (plan: SubscriptionResponse["plan"]) => plan === "free" || plan === "trial";

/** The panel when the person's plan is one it is meant for; nothing while the plan loads or on Pro/Team. */
export function ProFeaturesCard(props: Parameters<typeof ProFeaturesPanel>[0]) {
  const subscription = useSubscription();
  if (!subscription.data || !offersPaidFeatures(subscription.data.plan)) return null;
  return <ProFeaturesPanel {...props} />;
}

const linkClass =
  "mt-1.5 inline-flex min-h-8 items-center gap-1 text-sm font-medium text-accent underline-offset-4 hover:underline";

/**
 * `aiInsightsLocked`: the person's plan lacks AI insights (the route decides); its lock then opens
 * the upgrade dialog through `onUpgrade`.
 */
export function ProFeaturesPanel({
  aiInsightsLocked = true,
  onUpgrade,
}: {
  aiInsightsLocked?: boolean;
  onUpgrade?: (plan: "pro" | "team") => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pro Features</CardTitle>
        <CardDescription>More help from Kairo on the paid plans.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-border">
          {FEATURES.map((f) => {
            const locked = f.upgrade !== null && aiInsightsLocked;
            return (
              <li key={f.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
                <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-surface-2 text-muted">
                  <f.icon className="size-5" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h4 className="text-sm font-semibold">{f.title}</h4>
                    {locked && (
                      <>
                        <Lock className="size-4 text-muted" aria-hidden="true" />
                        <span className="sr-only">Locked</span>
                      </>
                    )}
                    <Badge tone="accent">{f.plan}</Badge>
                  </div>
                  <p className="mt-0.5 text-sm text-muted">{f.body}</p>
                  {locked && f.upgrade && onUpgrade ? (
                    <button
                      type="button"
                      aria-haspopup="dialog"
                      onClick={() => onUpgrade(f.upgrade.plan)}
                      className={linkClass}
                    >
                      <Lock className="size-4" aria-hidden="true" />
                      {f.upgrade.label}
                    </button>
                  ) : (
                    <Link to={f.link.to} className={linkClass}>
                      {f.link.label}
                      <ArrowRight className="size-4" aria-hidden="true" />
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
