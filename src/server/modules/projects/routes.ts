// /api/projects and /api/milestones (issue 23): thin routes over the use cases in projects.ts, which
// ask the permission table (../permissions) for every call.
import { type Context, Hono } from "hono";
import {
  milestoneCreateBody,
  milestoneDto,
  milestoneListResponse,
  milestoneUpdateBody,
  projectCreateBody,
  projectDeleteQuery,
  projectDeleteResponse,
  projectDto,
  projectListQuery,
  projectListResponse,
  projectMemberBody,
  projectMembersResponse,
  projectUpdateBody,
} from "#shared/contracts/projects.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam, readQuery } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import {
  changeProjectMember,
  createMilestone,
  createProject,
  deleteMilestone,
  deleteProject,
  getProject,
  listMilestones,
  listProjectMembers,
  listProjects,
  setArchived,
  updateMilestone,
  updateProject,
} from "./projects.ts";

type Deps = Pick<AppDeps, "database" | "clock" | "events" | "entitlements">;

const projectId = (c: Context) => idParam(c, "id", "Project");

export function projectRoutes(deps: Deps) {
  const base = (c: Context<AppBindings>) => ({
    db: deps.database.db,
    gate: deps.entitlements,
    clock: deps.clock,
    events: deps.events,
    personId: requireUser(c).id,
  });
  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const o = base(c);
      const query = readQuery(c, projectListQuery);
      return reply(c, projectListResponse, { projects: await listProjects({ ...o, query }) });
    })
    .post("/", async (c) => {
      const o = base(c);
      const body = await readJson(c, projectCreateBody);
      return reply(c, projectDto, await createProject({ ...o, body }), 201);
    })
    .get("/:id", async (c) => reply(c, projectDto, await getProject({ ...base(c), projectId: projectId(c) })))
    .patch("/:id", async (c) => {
      const o = base(c);
      const id = projectId(c);
      const body = await readJson(c, projectUpdateBody);
      return reply(c, projectDto, await updateProject({ ...o, projectId: id, body }));
    })
    .post("/:id/archive", async (c) =>
      reply(c, projectDto, await setArchived({ ...base(c), projectId: projectId(c), archived: true })),
    )
    .post("/:id/restore", async (c) =>
      reply(c, projectDto, await setArchived({ ...base(c), projectId: projectId(c), archived: false })),
    )
    .delete("/:id", async (c) => {
      const o = base(c);
      const id = projectId(c);
      const { confirm } = readQuery(c, projectDeleteQuery);
      return reply(
        c,
        projectDeleteResponse,
        await deleteProject({ ...o, projectId: id, confirm: confirm === "true" }),
      );
    })
    .get("/:id/milestones", async (c) =>
      reply(c, milestoneListResponse, {
        milestones: await listMilestones({ ...base(c), projectId: projectId(c) }),
      }),
    )
    .post("/:id/milestones", async (c) => {
      const o = base(c);
      const id = projectId(c);
      const body = await readJson(c, milestoneCreateBody);
      return reply(c, milestoneDto, await createMilestone({ ...o, projectId: id, body }), 201);
    })
    .get("/:id/members", async (c) =>
      reply(c, projectMembersResponse, await listProjectMembers({ ...base(c), projectId: projectId(c) })),
    )
    .post("/:id/members", async (c) => {
      const o = base(c);
      const id = projectId(c);
      const { userId } = await readJson(c, projectMemberBody);
      return reply(
        c,
        projectMembersResponse,
        await changeProjectMember({ ...o, projectId: id, userId, add: true }),
      );
    })
    .delete("/:id/members/:userId", async (c) => {
      const o = base(c);
      const id = projectId(c);
      const userId = c.req.param("userId");
      if (!userId || userId.length > 100) throw new AppError("NOT_FOUND", "Member not found.");
      return reply(
        c,
        projectMembersResponse,
        await changeProjectMember({ ...o, projectId: id, userId, add: false }),
      );
    });
}

export function milestoneRoutes(deps: Deps) {
  const base = (c: Context<AppBindings>) => ({
    db: deps.database.db,
    gate: deps.entitlements,
    clock: deps.clock,
    personId: requireUser(c).id,
    milestoneId: idParam(c, "id", "Milestone"),
  });
  return new Hono<AppBindings>()
    .patch("/:id", async (c) => {
      const o = base(c);
      const body = await readJson(c, milestoneUpdateBody);
      return reply(c, milestoneDto, await updateMilestone({ ...o, body }));
    })
    .delete("/:id", async (c) => {
      await deleteMilestone(base(c));
      return c.body(null, 204);
    });
}
