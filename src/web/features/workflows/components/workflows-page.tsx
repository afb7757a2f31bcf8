// The Workflow Automation page: My Workflows, Templates, Create New and History (Recent
// Executions). Runs, holds and new workflows arrive live over the socket.
import { useQueryClient } from "@tanstack/react-query";
import { BarChart3, Bell, ListPlus, RefreshCw, Workflow } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { WorkflowExecutionDto } from "#shared/contracts/workflows.ts";
import { localTimeZone } from "#shared/domain/quick-capture.ts";
import { ACTION_LABELS } from "#shared/domain/workflow-rules.ts";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Dialog, DialogContent } from "#web/components/ui/dialog.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { queryKeys } from "#web/lib/query-keys.ts";
import { onRealtime } from "#web/lib/realtime.ts";
import { useExecution } from "../api/get-execution.ts";
import { useExecutions } from "../api/get-executions.ts";
import { useTemplates } from "../api/get-templates.ts";
import { useWorkflows } from "../api/get-workflows.ts";
import { draftFromTemplate, emptyDraft, type WorkflowDraft } from "../workflow-draft.ts";
import { WorkflowCards, WorkflowCounts } from "./workflow-cards.tsx";
import { WorkflowForm } from "./workflow-form.tsx";

type Tab = "workflows" | "templates" | "create" | "history";
type Upgrade = (plan: "pro" | "team") => void;

export function WorkflowsPage({ onUpgrade }: { onUpgrade: Upgrade }) {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get("execution") ? "history" : "workflows");
  const [draft, setDraft] = useState<WorkflowDraft>(emptyDraft);
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
        <SectionBoundary what="Your workflows">
          <MyWorkflows onCreate={() => setTab("create")} onUpgrade={onUpgrade} />
        </SectionBoundary>
      </TabsContent>
      <TabsContent value="templates" className="mt-4">
        <SectionBoundary what="Templates">
          <Templates
            onUse={(d) => {
              setDraft(d);
              setTab("create");
            }}
          />
        </SectionBoundary>
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
        <SectionBoundary what="Recent executions">
          <History
            opened={opened}
            onOpen={(id) => {
              const next = new URLSearchParams(params);
              if (id) next.set("execution", id);
              else next.delete("execution");
              setParams(next, { replace: true });
            }}
          />
        </SectionBoundary>
      </TabsContent>
    </Tabs>
  );
}

function MyWorkflows({ onCreate, onUpgrade }: { onCreate: () => void; onUpgrade: Upgrade }) {
  const list = useWorkflows();
  if (!list.data) return <Spinner label="Loading workflows" />;
  if (list.data.workflows.length === 0) {
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
      <WorkflowCounts list={list.data} />
      <WorkflowCards workflows={list.data.workflows} limit={list.data.limit} onUpgrade={onUpgrade} />
    </div>
  );
}

/**
 * For a person whose plan no longer includes Workflow Automation, under the Premium Feature card:
 * their workflows, each saying why it does not run, still pausable and deletable. Nothing while
 * loading, if it fails, or when they have none: the card above says what matters.
 */
export function LockedWorkflows({ onUpgrade }: { onUpgrade: Upgrade }) {
  const list = useWorkflows();
  if (!list.data || list.data.workflows.length === 0) return null;
  return (
    <section aria-labelledby="locked-workflows" className="mx-auto mt-8 flex max-w-4xl flex-col gap-3">
      <h2 id="locked-workflows" className="text-base font-semibold">
        Your workflows
      </h2>
      <WorkflowCounts list={list.data} />
      <WorkflowCards workflows={list.data.workflows} limit={list.data.limit} onUpgrade={onUpgrade} />
    </section>
  );
}

function Templates({ onUse }: { onUse: (d: WorkflowDraft) => void }) {
  const list = useTemplates();
  if (!list.data) return <Spinner label="Loading templates" />;
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
              <Button
                size="sm"
                aria-label={`Use Template ${t.name}`}
                onClick={() => onUse(draftFromTemplate(t, localTimeZone() || "UTC"))}
              >
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
  if (!list.data) return <Spinner label="Loading recent executions" />;
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
          <SectionBoundary what="This run">
            {run.data ? <ExecutionDetail run={run.data} /> : <Spinner label="Loading the run" />}
          </SectionBoundary>
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
