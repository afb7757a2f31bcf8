// /api/admin/*: answered only for admin and super_admin; each use case looks the caller's role up
// afresh (access.ts). Thin (decision 024): validate with the shared schemas, call one use case, shape.
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
import type { AppDeps } from "../../deps.ts";
import { readQuery } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { adminActor } from "./access.ts";
import { ADMIN_MESSAGES, banUser, changeRole, overridePlan, unbanUser } from "./actions.ts";
import { listAudit } from "./audit.ts";
import { betterAuthEffects } from "./auth-effects.ts";
import { listErrorReports, listPendingDeletions, mailOutbox } from "./reports.ts";
import { getStats } from "./stats.ts";
import { listUsers } from "./users.ts";

function targetId(c: Context): string {
  const parsed = adminUserIdParam.safeParse(c.req.param("id"));
  if (!parsed.success) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.notFound);
  return parsed.data;
}

export function adminRoutes(deps: Pick<AppDeps, "database" | "auth" | "clock" | "mailer" | "events">) {
  const { clock, mailer, events } = deps;
  const db = deps.database.db;
  const effects = betterAuthEffects(deps.auth);
  /** Who is calling: each use case checks they are an administrator now. */
  const caller = (c: Context<AppBindings>) => ({ db, log: c.get("log"), person: requireUser(c) });
  /**
   * An action on the person in the address. A person who is not an administrator hears 403 before
   * anything about the address or the body (decision 024's exception); the use case asks again.
   */
  const action = async (c: Context<AppBindings>) => {
    const call = caller(c);
    await adminActor(call);
    return { ...call, effects, clock, targetId: targetId(c) };
  };

  return new Hono<AppBindings>()
    .get("/users", async (c) =>
      reply(
        c,
        adminUsersPage,
        await listUsers({ ...caller(c), clock, query: readQuery(c, adminUsersQuery) }),
      ),
    )
    .put("/users/:id/role", async (c) => {
      const call = await action(c);
      const { role } = await readJson(c, setRoleBody);
      return reply(c, adminUser, await changeRole({ ...call, role }));
    })
    .post("/users/:id/ban", async (c) => {
      const call = await action(c);
      const { reason } = await readJson(c, banBody);
      return reply(c, adminUser, await banUser({ ...call, reason }));
    })
    .post("/users/:id/unban", async (c) => {
      const call = await action(c);
      await readJson(c, unbanBody);
      return reply(c, adminUser, await unbanUser(call));
    })
    .put("/users/:id/plan", async (c) => {
      const call = await action(c);
      const body = await readJson(c, planOverrideBody);
      return reply(c, adminUser, await overridePlan({ ...call, events, body }));
    })
    .get("/stats", async (c) => reply(c, adminStats, await getStats({ ...caller(c), clock })))
    .get("/mail", async (c) => reply(c, adminMail, await mailOutbox({ ...caller(c), mailer })))
    .get("/error-reports", async (c) =>
      reply(
        c,
        adminErrorReportsPage,
        await listErrorReports({ ...caller(c), query: readQuery(c, adminPageQuery) }),
      ),
    )
    .get("/deletions", async (c) =>
      reply(
        c,
        adminDeletionsPage,
        await listPendingDeletions({ ...caller(c), query: readQuery(c, adminPageQuery) }),
      ),
    )
    .get("/audit-log", async (c) =>
      reply(c, adminAuditPage, await listAudit({ ...caller(c), query: readQuery(c, adminPageQuery) })),
    );
}
