// The Workflow Automation page: My Workflows, Templates, Create New and History (Recent
// Executions). Runs, holds and new workflows arrive live over the socket.
import { useQueryClient } from "@tanstack/react-query";
import {
  BarChart3,
  Bell,
  CalendarClock,
  CheckCircle2,
  Clock,
  Flag,
  ListPlus,
  type LucideIcon,
  Pause,
  Play,
  RefreshCw,
  Trash2,
  Workflow,
} from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { WorkflowDto, WorkflowExecutionDto } from "#shared/contracts/workflows.ts";
import {
  ACTION_LABELS,
  describeSchedule,
  type Schedule,
  TRIGGER_LABELS,
  type TriggerType,
} from "#shared/domain/workflow-rules.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { LoadError } from "../../../components/ui/load-error.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { onRealtime } from "../../../lib/realtime.ts";
import { useDeleteWorkflow } from "../api/delete-workflow.ts";
import { useExecution } from "../api/get-execution.ts";
import { useExecutions } from "../api/get-executions.ts";
import { useTemplates } from "../api/get-templates.ts";
import { useWorkflows } from "../api/get-workflows.ts";
import { useSetWorkflowActive } from "../api/set-workflow-active.ts";
import { type Draft, draftFrom, emptyDraft, WorkflowForm } from "./workflow-form.tsx";

const TRIGGER_ICONS: Record<TriggerType, LucideIcon> = {
  task_status: CheckCircle2,
  calendar_event: CalendarClock,
  time_based: Clock,
  project_milestone: Flag,
};

type Tab = "workflows" | "templates" | "create" | "history";

export function WorkflowsPage({ onUpgrade }: { onUpgrade: (plan: "pro" | "team") => void }) {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get("execution") ? "history" : "workflows");
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const opened = params.get("execution");

  useEffect(
    () =>
      onRealtime("workflows:changed", () => void qc.invalidateQueries({ queryKey: queryKeys.workflows.all })),
    [qc],
  );

  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
      <TabsList aria-label="Workflow automation" className="flex-wrap">
        <TabsTrigger value="workflows">My Workflows</TabsTrigger>
        <TabsTrigger value="templates">Templates</TabsTrigger>
        <TabsTrigger value="create">Create New</TabsTrigger>
        <TabsTrigger value="history">History</TabsTrigger>
      </TabsList>
      <TabsContent value="workflows" className="mt-4">
        <MyWorkflows onCreate={() => setTab("create")} />
      </TabsContent>
      <TabsContent value="templates" className="mt-4">
        <Templates
          onUse={(d) => {
            setDraft(d);
            setTab("create");
          }}
        />
      </TabsContent>
      <TabsContent value="create" className="mt-4">
        <WorkflowForm
          draft={draft}
          onChange={setDraft}
          onCreated={() => {
            setDraft(emptyDraft());
            setTab("workflows");
          }}
          onPlanLimit={onUpgrade}
        />
      </TabsContent>
      <TabsContent value="history" className="mt-4">
        <History
          opened={opened}
          onOpen={(id) => {
            const next = new URLSearchParams(params);
            if (id) next.set("execution", id);
            else next.delete("execution");
            setParams(next, { replace: true });
          }}
        />
      </TabsContent>
    </Tabs>
  );
}

function triggerSummary(w: Pick<WorkflowDto, "triggerType" | "triggerConfig">): string {
  const c = w.triggerConfig as Record<string, unknown>;
  switch (w.triggerType) {
    case "task_status": {
      const parts = [
        c.fromStatus && `from ${c.fromStatus}`,
        c.toStatus && `to ${c.toStatus}`,
        c.category && `in ${c.category}`,
      ];
      return `Task status changes ${parts.filter(Boolean).join(" ")}`.replace(/_/g, " ").trim();
    }
    case "calendar_event":
      return c.kind === "new_event"
        ? `New calendar event containing “${c.keyword}”`
        : `${c.minutes} minutes before a calendar event${c.keyword ? ` containing “${c.keyword}”` : ""}`;
    case "time_based":
      return `${describeSchedule(c.schedule as Schedule)} (${c.timeZone})`;
    default:
      return c.kind === "tasks_completed"
        ? `${c.count} ${c.category} tasks completed`
        : `Last open ${c.category} task completed`;
  }
}

function MyWorkflows({ onCreate }: { onCreate: () => void }) {
  const list = useWorkflows();
  const toggle = useSetWorkflowActive();
  const remove = useDeleteWorkflow();
  if (list.isPending) return <Spinner label="Loading workflows" />;
  if (list.isError)
    return <LoadError what="Your workflows" error={list.error} onRetry={() => void list.refetch()} />;
  const { workflows, limit, activeCount } = list.data;
  if (workflows.length === 0) {
    return (
      <EmptyState
        icon={Workflow}
        title="No workflows yet"
        action={<Button onClick={onCreate}>Create a workflow</Button>}
      >
        Start from a template or build your own: Kairo runs it when its trigger fires.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        {limit === null
          ? `${activeCount} active`
          : `${activeCount} of ${limit} active workflows on your plan`}
      </p>
      <ul className="grid gap-3 md:grid-cols-2" aria-label="My Workflows">
        {workflows.map((w) => {
          const Icon = TRIGGER_ICONS[w.triggerType];
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
                  <Badge tone={w.isActive ? "success" : "neutral"}>{w.isActive ? "Active" : "Paused"}</Badge>
                </CardHeader>
                <CardContent className="flex flex-col gap-3 text-sm">
                  {w.heldReason && (
                    <p role="status" className="rounded-md bg-warning/15 p-2 text-warning">
                      {w.heldReason}
                    </p>
                  )}
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                    <dt className="text-muted">Trigger</dt>
                    <dd>{triggerSummary(w)}</dd>
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
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`${w.isActive ? "Pause" : "Activate"} ${w.name}`}
                      onClick={() =>
                        toggle.mutate(
                          { id: w.id, isActive: !w.isActive },
                          {
                            onSuccess: (u) =>
                              notifySuccess(u.isActive ? "Workflow Activated" : "Workflow Paused"),
                          },
                        )
                      }
                    >
                      {w.isActive ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                      {w.isActive ? "Pause" : "Activate"}
                    </Button>
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
    </div>
  );
}

function Templates({ onUse }: { onUse: (d: Draft) => void }) {
  const list = useTemplates();
  if (list.isPending) return <Spinner label="Loading templates" />;
  if (list.isError)
    return <LoadError what="Templates" error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Templates">
      {list.data.templates.map((t) => (
        <li key={t.id}>
          <Card className="flex h-full flex-col">
            <CardHeader>
              <div className="flex items-center justify-between gap-2">
                <CardTitle>{t.name}</CardTitle>
                <Badge>{t.category}</Badge>
              </div>
              <CardDescription>{t.description}</CardDescription>
            </CardHeader>
            <CardContent className="mt-auto flex items-center justify-between gap-2">
              <span className="text-xs text-muted">
                {t.actions.map((a) => ACTION_LABELS[a.type]).join(" · ")}
              </span>
              <Button size="sm" aria-label={`Use Template ${t.name}`} onClick={() => onUse(draftFrom(t))}>
                Use Template
              </Button>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

const ACTION_ICONS = {
  create_task: ListPlus,
  update_task_status: RefreshCw,
  send_notification: Bell,
  generate_report: BarChart3,
};

function statusTone(status: string) {
  return status === "completed" ? "neutral" : "danger";
}

function History({ opened, onOpen }: { opened: string | null; onOpen: (id: string | null) => void }) {
  const list = useExecutions();
  if (list.isPending) return <Spinner label="Loading recent executions" />;
  if (list.isError)
    return <LoadError what="Recent executions" error={list.error} onRetry={() => void list.refetch()} />;
  const runs = list.data.executions;
  return (
    <section aria-labelledby="recent-executions">
      <h2 id="recent-executions" className="mb-3 text-base font-semibold">
        Recent Executions
      </h2>
      {runs.length === 0 ? (
        <p className="text-sm text-muted">No runs yet. They show up here as soon as a workflow fires.</p>
      ) : (
        <ul
          className="max-h-[28rem] divide-y divide-border overflow-y-auto rounded-lg border border-border"
          aria-label="Recent Executions"
        >
          {runs.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                onClick={() => onOpen(r.id)}
                className="flex w-full flex-wrap items-center gap-3 px-4 py-3 text-left text-sm hover:bg-surface-2"
              >
                <span className="min-w-0 flex-1 truncate font-medium">{r.workflowName}</span>
                <Badge tone={statusTone(r.status)}>{r.status}</Badge>
                <time dateTime={r.startedAt} className="text-muted tabular-nums">
                  {new Date(r.startedAt).toLocaleString()}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ExecutionDialog id={opened} onClose={() => onOpen(null)} />
    </section>
  );
}

function ExecutionDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const run = useExecution(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      {id !== null && (
        <DialogContent title={run.data?.workflowName ?? "Execution"} description={run.data?.trigger}>
          {run.isPending ? (
            <Spinner label="Loading the run" />
          ) : run.isError ? (
            <LoadError what="This run" error={run.error} onRetry={() => void run.refetch()} />
          ) : (
            <ExecutionDetail run={run.data} />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function ExecutionDetail({ run }: { run: WorkflowExecutionDto }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="flex items-center gap-2">
        <Badge tone={statusTone(run.status)}>{run.status}</Badge>
        <span className="text-muted">
          Started <time dateTime={run.startedAt}>{new Date(run.startedAt).toLocaleString()}</time>
          {run.attempts > 1 && ` · ${run.attempts} attempts`}
        </span>
      </p>
      {run.error && (
        <p role="alert" className="rounded-md bg-danger/10 p-2 text-danger">
          {run.error}
        </p>
      )}
      {run.outcomes.length > 0 && (
        <ol className="flex flex-col gap-2" aria-label="Actions">
          {run.outcomes.map((o, i) => {
            const Icon = ACTION_ICONS[o.type];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the actions of a run never move
              <li key={i} className="flex gap-2">
                <Icon className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
                <div>
                  <p>
                    <span className="font-medium">{ACTION_LABELS[o.type]}</span>{" "}
                    <Badge tone={o.status === "completed" ? "neutral" : "danger"}>{o.status}</Badge>
                  </p>
                  <p className="text-muted">{o.summary}</p>
                  {o.error && <p className="text-danger">{o.error}</p>}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {run.report && (
        <section aria-label="Report" className="rounded-lg border border-border p-3">
          <h3 className="font-semibold">Report</h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted">Tasks completed</dt>
            <dd className="tabular-nums">{run.report.tasksCompleted}</dd>
            <dt className="text-muted">Hours tracked</dt>
            <dd className="tabular-nums">{run.report.totalHours}</dd>
            <dt className="text-muted">Focus sessions</dt>
            <dd className="tabular-nums">{run.report.focusSessions}</dd>
          </dl>
          {run.report.hoursByCategory.length > 0 && (
            <ul className="mt-2 text-muted">
              {run.report.hoursByCategory.map((h) => (
                <li key={h.category}>
                  {h.category}: {h.hours} h
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
