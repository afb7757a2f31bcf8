// Your account: GET /api/account/export (one JSON file), POST /api/account/delete (with the
// password), and the Active sessions of the settings page: GET /api/account/sessions and
// DELETE /api/account/sessions/:id.
import { type Context, Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { accountDeleted } from "#shared/contracts/account.ts";
import { passwordConfirmBody } from "#shared/contracts/security.ts";
import { activeSessionsResponse, sessionIdParam } from "#shared/contracts/sessions.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppDeps } from "../../deps.ts";
import { rateLimit, rateLimitingOf } from "../../http/rate-limit.ts";
import { reply } from "../../http/reply.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { betterAuthAccountAuth, sessionCookies } from "./account-auth.ts";
import { attemptCounter, DELETE_PASSWORD_ATTEMPTS } from "./attempt-limiter.ts";
import { requestAccountDeletion } from "./deletion.ts";
import { buildAccountExport, exportFileName } from "./export.ts";
import { loadExportRows } from "./load-export.ts";
import { listActiveSessions, revokeOwnSession, SESSION_NOT_FOUND } from "./sessions.ts";

export function accountRoutes(deps: Pick<AppDeps, "database" | "auth" | "clock" | "payments">) {
  const db = deps.database.db;
  const accountAuth = betterAuthAccountAuth(deps.auth);

  /** The sessions are gone on the server; the browser drops its now useless cookies too. */
  const expireSessionCookies = async (c: Context<AppBindings>) => {
    for (const cookie of await sessionCookies(deps.auth)) {
      deleteCookie(c, cookie.name, { path: cookie.path, secure: cookie.secure });
    }
  };

  return new Hono<AppBindings>()
    .get("/export", rateLimit(ROUTE_LIMITS.accountExport), async (c) => {
      const person = requireUser(c);
      const now = deps.clock();
      const doc = buildAccountExport(await loadExportRows(db, person.id), now);
      c.get("log").info("account export downloaded");
      return c.body(JSON.stringify(doc, null, 2), 200, {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${exportFileName(now)}"`,
        "cache-control": "no-store",
      });
    })
    .post("/delete", async (c) => {
      const person = requireUser(c);
      const { password } = await readJson(c, passwordConfirmBody);
      const now = deps.clock();
      const attempts = attemptCounter(rateLimitingOf(c), c.get("log"), DELETE_PASSWORD_ATTEMPTS, person.id);
      await attempts.check();
      try {
        const { purgeAfter } = await requestAccountDeletion(
          { db, auth: accountAuth, payments: deps.payments, now },
          person,
          password,
        );
        await attempts.clear();
        c.get("log").info({ purgeAfter }, "account deletion requested");
        await expireSessionCookies(c);
        return reply(c, accountDeleted, { deleted: true, purgeAfter: purgeAfter.toISOString() });
      } catch (err) {
        if (err instanceof AppError && err.code === "VALIDATION") await attempts.fail();
        throw err;
      }
    })
    .get("/sessions", async (c) => {
      const person = requireUser(c);
      const sessions = await listActiveSessions(db, person.id, c.get("sessionId"), deps.clock());
      c.header("cache-control", "no-store");
      return reply(c, activeSessionsResponse, { sessions });
    })
    .delete("/sessions/:id", async (c) => {
      const person = requireUser(c);
      const id = sessionIdParam.safeParse(c.req.param("id"));
      // A malformed id names no session of the person's, like anyone else's id.
      if (!id.success) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
      const { wasCurrent } = await revokeOwnSession(
        { db, auth: accountAuth },
        { id: person.id, sessionId: c.get("sessionId") },
        id.data,
      );
      c.get("log").info({ current: wasCurrent }, "session revoked");
      if (wasCurrent) await expireSessionCookies(c);
      return c.body(null, 204);
    });
}
