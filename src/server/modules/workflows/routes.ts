// /api/workflows, /api/workflow-templates and /api/workflow-executions: the Workflow Automation
// page. Every call needs the workflow_automation feature (Pro, Team, a live trial or demo); the
// number of active workflows is the plan's (entitlements: Pro 5, Team unlimited).
import { Hono } from "hono";
import { workflowCreateBody, workflowUpdateBody } from "#shared/contracts/workflows.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam } from "../../http/params.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import {
  createWorkflow,
  deleteWorkflow,
  getExecution,
  listExecutions,
  listTemplates,
  listWorkflows,
  setWorkflowActive,
} from "./workflows.ts";

type Deps = Pick<AppDeps, "database" | "clock" | "events" | "entitlements">;

export function workflowRoutes(deps: Deps) {
  const db = deps.database.db;
  const gate = (c: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(c);
    return deps.entitlements.require(user.id, "workflow_automation").then((e) => ({ user, e }));
  };
  const changed = (personId: string) => deps.events.emit({ type: "workflow.changed", personId });
  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const { user, e } = await gate(c);
      return c.json({ ...(await listWorkflows(db, user.id)), limit: e.workflowLimit });
    })
    .post("/", async (c) => {
      const { user, e } = await gate(c);
      const body = await readJson(c, workflowCreateBody);
      const created = await createWorkflow(db, user.id, body, deps.clock(), e.workflowLimit);
      deps.events.emit({ type: "workflow.created", workflowId: created.id, personId: user.id });
      changed(user.id);
      return c.json(created, 201);
    })
    .patch("/:id", async (c) => {
      const { user, e } = await gate(c);
      const id = idParam(c, "id", "Workflow");
      const { isActive } = await readJson(c, workflowUpdateBody);
      const updated = await setWorkflowActive(db, user.id, id, isActive, deps.clock(), e.workflowLimit);
      changed(user.id);
      return c.json(updated);
    })
    .delete("/:id", async (c) => {
      const { user } = await gate(c);
      await deleteWorkflow(db, user.id, idParam(c, "id", "Workflow"));
      changed(user.id);
      return c.body(null, 204);
    });
}

export function workflowTemplateRoutes(deps: Deps) {
  return new Hono<AppBindings>().get("/", async (c) => {
    await deps.entitlements.require(requireUser(c).id, "workflow_automation");
    return c.json({ templates: await listTemplates(deps.database.db) });
  });
}

export function workflowExecutionRoutes(deps: Deps) {
  const db = deps.database.db;
  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const user = requireUser(c);
      await deps.entitlements.require(user.id, "workflow_automation");
      return c.json({ executions: await listExecutions(db, user.id) });
    })
    .get("/:id", async (c) => {
      const user = requireUser(c);
      await deps.entitlements.require(user.id, "workflow_automation");
      return c.json(await getExecution(db, user.id, idParam(c, "id", "Execution")));
    });
}
