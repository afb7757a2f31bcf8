// The MCP server's tools (decision 293). Each one is an /api/v1 operation or a Kairo screen's call
// seen by an AI assistant: it takes the same shared zod contract as its input, needs the same scope,
// and calls the same use case the app's own routes and /api/v1 call; nothing here decides anything
// about tasks, timers, comments, plans or insights.
import { z } from "zod";
import { insightsQuery } from "#shared/contracts/ai-insights.ts";
import { commentBody } from "#shared/contracts/comments.ts";
import { planRequest } from "#shared/contracts/planner.ts";
import { taskCreateBody, taskListQuery, taskUpdateBody } from "#shared/contracts/tasks.ts";
import { type ApiScope, SCOPE_WORDS } from "#shared/domain/api-scopes.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppDeps } from "../../deps.ts";
import { timeZone } from "../../http/params.ts";
import type { InsightsCache } from "../ai-insights/generate.ts";
import { readInsights } from "../ai-insights/generate.ts";
import type { ModelBudget } from "../ai-insights/model-budget.ts";
import { createComment } from "../comments/comments.ts";
import { acceptAll, type PlannerCall, proposePlan } from "../planner/plan.ts";
import { queuePlanWriteBack } from "../planner/write-back-queue.ts";
import { V1_OPERATIONS, type V1OperationId } from "../platform/v1-operations.ts";
import { getTaskDetail } from "../tasks/subtasks.ts";
import { createTask, listTasks, updateTask } from "../tasks/tasks.ts";
import { startTimer, stopTimer } from "../tasks/timer.ts";

export type ToolDeps = Pick<
  AppDeps,
  "database" | "clock" | "events" | "entitlements" | "publicUrl" | "mailOutbox" | "jobs" | "logger" | "ai"
> & { insightsCache: InsightsCache; modelBudget: ModelBudget };

/** Who is calling: the person behind the assistant's token, and the scopes they consented to. */
export type ToolCaller = { personId: string; scopes: readonly string[] };

export const MCP_PLAN_MESSAGE =
  "Connecting an AI assistant to Kairo is part of the Pro and Team plans. Upgrade in Kairo's Settings → Billing to use it.";

/** The scope of the /api/v1 operation a tool stands for: one rule for both doors. */
function scopeOf(id: V1OperationId): ApiScope {
  const op = V1_OPERATIONS.find((o) => o.operationId === id);
  if (!op?.scope) throw new Error(`v1 operation ${id} has no scope`);
  return op.scope;
}

const taskId = z.uuid({ error: "taskId must be a task's id (a UUID) as find_tasks returns it" });

export type Tool<S extends z.ZodType = z.ZodType> = {
  name: string;
  title: string;
  description: string;
  scope: ApiScope;
  /** Changes nothing (MCP's readOnlyHint). */
  readOnly: boolean;
  input: S;
  run: (deps: ToolDeps, caller: ToolCaller, args: z.output<S>) => Promise<unknown>;
};

const tool = <S extends z.ZodType>(t: Tool<S>) => t as unknown as Tool;

const writer = (deps: ToolDeps, caller: ToolCaller) => ({
  db: deps.database.db,
  events: deps.events,
  clock: deps.clock,
  gate: deps.entitlements,
  mail: deps.mailOutbox,
  personId: caller.personId,
  origin: null,
});

const planner = (deps: ToolDeps, caller: ToolCaller, tz: string | undefined): PlannerCall => ({
  db: deps.database.db,
  userId: caller.personId,
  now: deps.clock(),
  zoneHint: timeZone(tz),
});

export const TOOLS: readonly Tool[] = [
  tool({
    name: "find_tasks",
    title: "Find tasks",
    description:
      "Lists the person's tasks, newest first, optionally filtered by words in the title (q), status, category, due window (today, overdue, week...) or project. Returns at most `limit` tasks (25 unless given).",
    scope: scopeOf("listTasks"),
    readOnly: true,
    input: taskListQuery.extend({ limit: z.number().int().min(1).max(100).default(25) }),
    run: (deps, caller, query) =>
      listTasks({
        db: deps.database.db,
        clock: deps.clock,
        gate: deps.entitlements,
        personId: caller.personId,
        query,
      }),
  }),
  tool({
    name: "get_task",
    title: "Read a task",
    description: "Reads one task with its subtasks, recurrence and details.",
    scope: scopeOf("getTask"),
    readOnly: true,
    input: z.strictObject({ taskId }),
    run: (deps, caller, { taskId }) =>
      getTaskDetail({
        db: deps.database.db,
        clock: deps.clock,
        gate: deps.entitlements,
        personId: caller.personId,
        taskId,
      }),
  }),
  tool({
    name: "create_task",
    title: "Create a task",
    description:
      "Creates a task in the person's Inbox (or a project): a title, and optionally a description, deadline (ISO 8601), estimate in minutes, category, priority and a repeating rule.",
    scope: scopeOf("createTask"),
    readOnly: false,
    input: taskCreateBody,
    run: (deps, caller, body) =>
      createTask({ ...writer(deps, caller), body, entitlements: deps.entitlements }),
  }),
  tool({
    name: "update_task",
    title: "Change a task",
    description:
      "Changes a task: its title, description, deadline, estimate, category, priority, status or project. Only the fields given in `changes` change.",
    scope: scopeOf("updateTask"),
    readOnly: false,
    input: z.strictObject({ taskId, changes: taskUpdateBody }),
    run: (deps, caller, { taskId, changes }) =>
      updateTask({ ...writer(deps, caller), taskId, body: changes }),
  }),
  tool({
    name: "complete_task",
    title: "Complete a task",
    description:
      "Marks a task done. For a repeating task, completes its open occurrence and opens the next one.",
    scope: scopeOf("updateTask"),
    readOnly: false,
    input: z.strictObject({ taskId }),
    run: (deps, caller, { taskId }) =>
      updateTask({ ...writer(deps, caller), taskId, body: { completed: true } }),
  }),
  tool({
    name: "start_timer",
    title: "Start a timer",
    description: "Starts timing work on a task (a running timer on another task stops first).",
    scope: scopeOf("startTimer"),
    readOnly: false,
    input: z.strictObject({ taskId }),
    run: (deps, caller, { taskId }) => startTimer({ ...writer(deps, caller), taskId }),
  }),
  tool({
    name: "stop_timer",
    title: "Stop a timer",
    description: "Stops the running timer of a task and logs the time spent.",
    scope: scopeOf("stopTimer"),
    readOnly: false,
    input: z.strictObject({ taskId }),
    run: (deps, caller, { taskId }) => stopTimer({ ...writer(deps, caller), taskId }),
  }),
  tool({
    name: "add_comment",
    title: "Comment on a task",
    description: "Adds a comment to a task, as the person (teammates who follow it are notified).",
    scope: scopeOf("createTaskComment"),
    readOnly: false,
    input: commentBody.extend({ taskId }),
    run: (deps, caller, { taskId, ...body }) =>
      createComment({ ...writer(deps, caller), publicUrl: deps.publicUrl, taskId, body }),
  }),
  tool({
    name: "plan_day",
    title: "Plan the day",
    description:
      "Plans a day (today unless startDate is given) into focus blocks around the person's calendar, as Plan my day does. Nothing changes until accepted: with accept true the plan is put on the calendar at once; otherwise the person reviews it on Kairo's Calendar.",
    scope: "calendar:write",
    readOnly: false,
    input: z.strictObject({
      startDate: planRequest.shape.startDate,
      accept: z.boolean({ error: "accept must be true or false" }).default(false),
      tz: z.string().max(64).optional(),
    }),
    run: async (deps, caller, { startDate, accept, tz }) => {
      const k = planner(deps, caller, tz);
      const proposal = await proposePlan(k, { scope: "day", startDate });
      if (!accept) return proposal;
      const accepted = await acceptAll(k);
      // After the change to the plan in force has committed, the calendar follows (decision 186).
      await queuePlanWriteBack(deps.jobs, [k.userId], deps.logger);
      return accepted;
    },
  }),
  tool({
    name: "get_insights",
    title: "Read insights",
    description:
      "Reads the person's productivity insights, as the AI Insights page shows them: completion forecasts, burnout risk, focus patterns and recommendations.",
    scope: "insights:read",
    readOnly: true,
    input: insightsQuery.pick({ tz: true }),
    run: (deps, caller, { tz }) =>
      readInsights({
        db: deps.database.db,
        ai: deps.ai,
        cache: deps.insightsCache,
        entitlements: deps.entitlements,
        clock: deps.clock,
        modelBudget: deps.modelBudget,
        personId: caller.personId,
        tz: timeZone(tz),
      }),
  }),
];

/**
 * One tool call: refused without the tool's scope (403, naming it), or off the Pro and Team plans
 * (403, saying so); else the tool's use case, whose own refusals (404, 400, 409...) come back as
 * AppErrors.
 */
export async function callTool(deps: ToolDeps, caller: ToolCaller, t: Tool, args: unknown) {
  if (!caller.scopes.includes(t.scope))
    throw new AppError(
      "FORBIDDEN",
      `Kairo refused: this assistant was not allowed to "${SCOPE_WORDS[t.scope].toLowerCase()}" (scope ${t.scope}). Connect it again and allow it to use ${t.name}.`,
    );
  const plan = await deps.entitlements.forPerson(caller.personId);
  if (!plan.can("ai_assistants")) throw new AppError("PLAN_REQUIRED", MCP_PLAN_MESSAGE);
  return t.run(deps, caller, args);
}
