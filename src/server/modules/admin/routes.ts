// /api/admin/*: answered only for admin and super_admin (the role is looked up afresh on every
// call). Thin: check the caller, validate with the shared schemas, call one use case, shape.
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import {
  adminAuditPage,
  adminDeletionsPage,
  adminErrorReportsPage,
  adminMail,
  adminPageQuery,
  adminStats,
  adminUser,
  adminUserIdParam,
  adminUsersPage,
  adminUsersQuery,
  banBody,
  planOverrideBody,
  setRoleBody,
  unbanBody,
} from "#shared/contracts/admin.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { user } from "../../db/schema/auth.ts";
import type { AppDeps } from "../../deps.ts";
import { readQuery } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireAdmin } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { ADMIN_MESSAGES, banUser, changeRole, overridePlan, unbanUser } from "./actions.ts";
import { listAudit } from "./audit.ts";
import { betterAuthEffects } from "./auth-effects.ts";
import { listErrorReports, listPendingDeletions, mailOutbox } from "./reports.ts";
import { getStats } from "./stats.ts";
import { getAdminUser, listUsers } from "./users.ts";

function targetId(c: Context): string {
  const parsed = adminUserIdParam.safeParse(c.req.param("id"));
  if (!parsed.success) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.notFound);
  return parsed.data;
}

export function adminRoutes(deps: Pick<AppDeps, "database" | "auth" | "clock" | "mailer" | "events">) {
  const db = deps.database.db;
  const effects = betterAuthEffects(deps.auth);
  const admin = (c: Context<AppBindings>) =>
    requireAdmin(c, async (id) => {
      const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, id)).limit(1);
      return row?.role ?? null;
    });

  /** The person after an action, as the users list shows them. */
  const answerWith = async (c: Context<AppBindings>, id: string) => {
    const found = await getAdminUser(db, id, deps.clock());
    if (!found) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.notFound);
    return reply(c, adminUser, found);
  };

  return new Hono<AppBindings>()
    .get("/users", async (c) => {
      await admin(c);
      return reply(c, adminUsersPage, await listUsers(db, readQuery(c, adminUsersQuery), deps.clock()));
    })
    .put("/users/:id/role", async (c) => {
      const actor = await admin(c);
      const id = targetId(c);
      const { role } = await readJson(c, setRoleBody);
      await changeRole({ db, effects, now: deps.clock() }, actor, id, role);
      c.get("log").info({ target: id, role }, "admin changed a role");
      return answerWith(c, id);
    })
    .post("/users/:id/ban", async (c) => {
      const actor = await admin(c);
      const id = targetId(c);
      const { reason } = await readJson(c, banBody);
      await banUser({ db, effects, now: deps.clock() }, actor, id, reason);
      c.get("log").info({ target: id }, "admin banned a person");
      return answerWith(c, id);
    })
    .post("/users/:id/unban", async (c) => {
      const actor = await admin(c);
      const id = targetId(c);
      await readJson(c, unbanBody);
      await unbanUser({ db, effects, now: deps.clock() }, actor, id);
      c.get("log").info({ target: id }, "admin unbanned a person");
      return answerWith(c, id);
    })
    .put("/users/:id/plan", async (c) => {
      const actor = await admin(c);
      const id = targetId(c);
      const body = await readJson(c, planOverrideBody);
      await overridePlan({ db, effects, now: deps.clock(), events: deps.events }, actor, id, body);
      c.get("log").info({ target: id, plan: body.plan }, "admin overrode a plan");
      return answerWith(c, id);
    })
    .get("/stats", async (c) => {
      await admin(c);
      return reply(c, adminStats, await getStats(db, deps.clock()));
    })
    .get("/mail", async (c) => {
      await admin(c);
      return reply(c, adminMail, mailOutbox(deps.mailer));
    })
    .get("/error-reports", async (c) => {
      await admin(c);
      return reply(c, adminErrorReportsPage, await listErrorReports(db, readQuery(c, adminPageQuery)));
    })
    .get("/deletions", async (c) => {
      await admin(c);
      return reply(c, adminDeletionsPage, await listPendingDeletions(db, readQuery(c, adminPageQuery)));
    })
    .get("/audit-log", async (c) => {
      await admin(c);
      const q = readQuery(c, adminPageQuery);
      return reply(c, adminAuditPage, await listAudit(db, q.page, q.pageSize));
    });
}
