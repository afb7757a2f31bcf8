// My Workflows: a card per workflow, with what the plan allows said in words. The server decides
// which active workflows run (the oldest up to the plan's limit, none without Workflow Automation)
// and says why the others do not; a card shows that reason with the way out (upgrade, keep it
// paused, or delete it). Shown on the page, and, for a person whose plan no longer includes
// workflows, under the Premium Feature card so they can still tidy up.
import { CalendarClock, CheckCircle2, Clock, Flag, type LucideIcon, Pause, Play, Trash2 } from "lucide-react";
import type { WorkflowDto, WorkflowListResponse } from "#shared/contracts/workflows.ts";
import {
  describeSchedule,
  type Schedule,
  TRIGGER_LABELS,
  type TriggerType,
} from "#shared/domain/workflow-rules.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { notifySuccess } from "#web/lib/notify.ts";
import { useProjects } from "#web/lib/projects.ts";
import { useDeleteWorkflow } from "../api/delete-workflow.ts";
import { useSetWorkflowActive } from "../api/set-workflow-active.ts";

const TRIGGER_ICONS: Record<TriggerType, LucideIcon> = {
  task_status: CheckCircle2,
  calendar_event: CalendarClock,
  time_based: Clock,
  project_milestone: Flag,
};

type Upgrade = (plan: "pro" | "team") => void;

/** `projectName` names a project the trigger is limited to (null: not among the person's projects now). */
function triggerSummary(
  w: Pick<WorkflowDto, "triggerType" | "triggerConfig">,
  projectName: (id: string) => string | null,
): string {
  const c = w.triggerConfig as Record<string, unknown>;
  const inProject = typeof c.projectId === "string" ? ` in ${projectName(c.projectId) ?? "a project"}` : "";
  switch (w.triggerType) {
    case "task_status": {
      const parts = [
        c.fromStatus && `from ${c.fromStatus}`,
        c.toStatus && `to ${c.toStatus}`,
        c.category && `in ${c.category}`,
      ];
      return `Task status changes ${parts.filter(Boolean).join(" ")}`.replace(/_/g, " ").trim() + inProject;
    }
    case "calendar_event":
      return c.kind === "new_event"
        ? `New calendar event containing “${c.keyword}”`
        : `${c.minutes} minutes before a calendar event${c.keyword ? ` containing “${c.keyword}”` : ""}`;
    case "time_based":
      return `${describeSchedule(c.schedule as Schedule)} (${c.timeZone})`;
    default:
      if (c.kind === "milestone_done") return `Last open task of a milestone completed${inProject}`;
      return c.kind === "tasks_completed"
        ? `${c.count} ${c.category} tasks completed`
        : `Last open ${c.category} task completed`;
  }
}

/** The line above the cards: how many run on the plan, and the per-account cap when it is near. */
export function WorkflowCounts({ list }: { list: WorkflowListResponse }) {
  const pausedByPlan = list.workflows.filter((w) => w.pausedByPlan !== null).length;
  const running = list.activeCount - pausedByPlan;
  const lines: string[] = [];
  if (list.limit === 0)
    lines.push("Your plan does not include Workflow Automation, so none of your workflows run.");
  else if (list.limit === null) lines.push(`${list.activeCount} active`);
  else lines.push(`${running} of ${list.limit} active workflows on your plan`);
  if (pausedByPlan > 0 && list.limit !== 0) lines.push(`${pausedByPlan} paused by your plan's limit`);
  if (list.total >= list.cap) {
    lines.push(
      `${list.total} of ${list.cap} workflows, the most one account can keep: delete one to make another`,
    );
  }
  if (list.total > list.workflows.length) lines.push(`showing the newest ${list.workflows.length}`);
  return <p className="text-sm text-muted">{lines.join(" · ")}</p>;
}

/**
 * The cards. `limit` is the plan's (0: the plan lacks workflows, so the offer is Pro; otherwise
 * the limit is what stops them, so the offer is Team).
 */
export function WorkflowCards({
  workflows,
  limit,
  onUpgrade,
}: {
  workflows: WorkflowDto[];
  limit: number | null;
  onUpgrade: Upgrade;
}) {
  const toggle = useSetWorkflowActive();
  const remove = useDeleteWorkflow();
  const projects = useProjects();
  const projectName = (id: string) => projects.data?.find((p) => p.id === id)?.name ?? null;
  const offer = limit === 0 ? "pro" : "team";
  const setActive = (w: WorkflowDto, isActive: boolean) =>
    toggle.mutate(
      { id: w.id, isActive },
      {
        onSuccess: (u) => notifySuccess(u.isActive ? "Workflow Activated" : "Workflow Paused"),
        // Other failures stay silent (spec section 8); a plan's refusal comes with its offer.
        onError: (err) => {
          if (err instanceof ApiError && err.code === "PLAN_REQUIRED") {
            onUpgrade(err.requiredPlan === "team" ? "team" : "pro");
          }
        },
      },
    );
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="My Workflows">
      {workflows.map((w) => {
        const Icon = TRIGGER_ICONS[w.triggerType];
        const runs = w.isActive && w.pausedByPlan === null;
        return (
          <li key={w.id}>
            <Card className="h-full">
              <CardHeader className="flex-row items-start gap-3">
                <Icon
                  className="mt-0.5 size-5 shrink-0 text-accent"
                  aria-label={TRIGGER_LABELS[w.triggerType]}
                />
                <div className="min-w-0 flex-1">
                  <CardTitle className="truncate">{w.name}</CardTitle>
                  {w.description && <CardDescription>{w.description}</CardDescription>}
                </div>
                <Badge tone={runs ? "success" : "neutral"}>{runs ? "Active" : "Paused"}</Badge>
              </CardHeader>
              <CardContent className="flex flex-col gap-3 text-sm">
                {w.pausedByPlan && (
                  <div
                    role="status"
                    className="flex flex-col gap-2 rounded-md border border-warning/40 bg-warning/10 p-2 text-foreground"
                  >
                    <p>{w.pausedByPlan}</p>
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" aria-haspopup="dialog" onClick={() => onUpgrade(offer)}>
                        Upgrade
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Keep paused ${w.name}`}
                        onClick={() => setActive(w, false)}
                      >
                        Keep paused
                      </Button>
                    </div>
                  </div>
                )}
                {w.heldReason && !w.isActive && (
                  <p
                    role="status"
                    className="rounded-md border border-warning/40 bg-warning/10 p-2 text-foreground"
                  >
                    {w.heldReason}
                  </p>
                )}
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  <dt className="text-muted">Trigger</dt>
                  <dd>{triggerSummary(w, projectName)}</dd>
                  <dt className="text-muted">Actions</dt>
                  <dd className="tabular-nums">{w.actions.length}</dd>
                  <dt className="text-muted">Runs</dt>
                  <dd className="tabular-nums">{w.executionCount}</dd>
                  {w.nextRunAt && (
                    <>
                      <dt className="text-muted">Next run</dt>
                      <dd>
                        <time dateTime={w.nextRunAt}>{new Date(w.nextRunAt).toLocaleString()}</time>
                      </dd>
                    </>
                  )}
                </dl>
                <div className="flex gap-2">
                  {!w.pausedByPlan && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`${w.isActive ? "Pause" : "Activate"} ${w.name}`}
                      onClick={() => setActive(w, !w.isActive)}
                    >
                      {w.isActive ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                      {w.isActive ? "Pause" : "Activate"}
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Delete ${w.name}`}
                    onClick={() =>
                      remove.mutate(w.id, {
                        onSuccess: () => notifySuccess("Workflow Deleted", "Workflow has been removed"),
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" /> Delete
                  </Button>
                </div>
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
