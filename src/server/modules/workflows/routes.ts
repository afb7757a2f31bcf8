// /api/workflows, /api/workflow-templates and /api/workflow-executions: the Workflow Automation
// page. Creating, activating, the templates and the history need the workflow_automation feature
// (Pro, Team, a live trial or demo); listing, pausing and deleting work on every plan, so a person
// whose plan lapsed sees why their workflows stopped and can tidy them up. The number of running
// workflows is the plan's (entitlements: Pro 5, Team unlimited), the number kept is capped for
// everyone, and creating is rate-limited. The use cases in workflows.ts ask the entitlements
// service and announce the changes.
import { Hono } from "hono";
import {
  workflowCreateBody,
  workflowDto,
  workflowExecutionDto,
  workflowExecutionListResponse,
  workflowListResponse,
  workflowTemplatesResponse,
  workflowUpdateBody,
} from "#shared/contracts/workflows.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { reply } from "../../http/reply.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import {
  createWorkflow,
  deleteWorkflow,
  getExecution,
  listExecutions,
  listTemplates,
  listWorkflowsForPerson,
  setWorkflowActive,
} from "./workflows.ts";

type Deps = Pick<AppDeps, "database" | "clock" | "events" | "entitlements">;

export function workflowRoutes(deps: Deps) {
  const db = deps.database.db;
  const { clock, entitlements, events } = deps;
  const workflowId = (c: Parameters<typeof idParam>[0]) => idParam(c, "id", "Workflow");
  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const personId = requireUser(c).id;
      return reply(c, workflowListResponse, await listWorkflowsForPerson({ db, entitlements, personId }));
    })
    .post("/", rateLimit(ROUTE_LIMITS.workflowCreate), async (c) => {
      const personId = requireUser(c).id;
      // A person without the feature hears so before anything about the body (403 before 400).
      await entitlements.require(personId, "workflow_automation");
      const body = await readJson(c, workflowCreateBody);
      return reply(
        c,
        workflowDto,
        await createWorkflow({ db, events, entitlements, personId, clock, body }),
        201,
      );
    })
    .patch("/:id", async (c) => {
      const personId = requireUser(c).id;
      const id = workflowId(c);
      const { isActive } = await readJson(c, workflowUpdateBody);
      return reply(
        c,
        workflowDto,
        await setWorkflowActive({ db, events, entitlements, personId, clock, workflowId: id, isActive }),
      );
    })
    .delete("/:id", async (c) => {
      const personId = requireUser(c).id;
      await deleteWorkflow({ db, events, personId, workflowId: workflowId(c) });
      return c.body(null, 204);
    });
}

export function workflowTemplateRoutes(deps: Deps) {
  const { entitlements } = deps;
  return new Hono<AppBindings>().get("/", async (c) => {
    const personId = requireUser(c).id;
    const templates = await listTemplates({ db: deps.database.db, entitlements, personId });
    return reply(c, workflowTemplatesResponse, { templates });
  });
}

export function workflowExecutionRoutes(deps: Deps) {
  const db = deps.database.db;
  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const personId = requireUser(c).id;
      const executions = await listExecutions({ db, entitlements: deps.entitlements, personId });
      return reply(c, workflowExecutionListResponse, { executions });
    })
    .get("/:id", async (c) => {
      const user = requireUser(c);
      // Before the id is read: a person without the feature hears 403, not 400 (decision 024).
      await deps.entitlements.require(user.id, "workflow_automation");
      return reply(c, workflowExecutionDto, await getExecution(db, user.id, idParam(c, "id", "Execution")));
    });
}
