// The raw baseline `npm run bench` measures Kairo against (not part of the product): a bare
// node:http server on `pg` doing the same work for the same two requests, with nothing else.
//   GET /api/me              the signed cookie checked (HMAC-SHA256, as Kairo does), the session and
//                            its person read with the same query, the person read, JSON answered
//   GET /api/tasks?limit=N   the same, then the task-list page and its total in Kairo's statement
//   GET /api/tasks?projectId=P&limit=100
//                            the same check, the project, the person's role in its team and the
//                            team's plan read (a stranger or a lapsed plan gets 404), then the
//                            project's page and total
//   GET /api/tasks?assignee=me&limit=100
//                            the same check, then the page of tasks assigned to the person in the
//                            projects they belong to, and its total
// The SQL text is taken from Kairo's own query builders (drizzle's toSQL), so both run exactly the
// same statements, as named prepared statements on a pool of the same size.
// Run: PORT=… DATABASE_URL=… BETTER_AUTH_SECRET=… node bench/raw-baseline.ts
import { createServer } from "node:http";
import { and, eq, getTableColumns, inArray, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { param } from "../src/server/db/prepared.ts";
import { member, session, user } from "../src/server/db/schema/auth.ts";
import { subscriptions } from "../src/server/db/schema/billing.ts";
import { projects } from "../src/server/db/schema/projects.ts";
import { type Task, tasks } from "../src/server/db/schema/tasks.ts";
import { readCookie, signedToken } from "../src/server/http/session-lookup.ts";
import { projectsOfPerson } from "../src/server/modules/permissions/permissions.ts";
import { toTaskDto } from "../src/server/modules/tasks/task-dto.ts";
import { TASK_ORDER } from "../src/server/modules/tasks/tasks.ts";

const TASK_COLUMNS = Object.keys(getTableColumns(tasks));

const port = Number(process.env.PORT ?? 3999);
const secret = process.env.BETTER_AUTH_SECRET!;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const mock = drizzle.mock();

const sessionSql = mock
  .select({
    sessionId: session.id,
    expiresAt: session.expiresAt,
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    emailVerified: user.emailVerified,
    banned: user.banned,
    banExpires: user.banExpires,
  })
  .from(session)
  .innerJoin(user, eq(user.id, session.userId))
  .where(eq(session.token, param("token")))
  .limit(1)
  .toSQL().sql;
const personSql = mock
  .select()
  .from(user)
  .where(eq(user.id, param("id")))
  .limit(1)
  .toSQL().sql;
const filter = eq(tasks.userId, param("id"));
const listSql = mock
  .select({ task: tasks, total: mock.$count(tasks, filter) })
  .from(tasks)
  .where(filter)
  .orderBy(...TASK_ORDER)
  .limit(param("limit"))
  .offset(param("offset"))
  .toSQL().sql;

// Statements whose values are known per request: built once with marker values in their places,
// which each request swaps for its own (a marker may stand in several places, as the person does).
const ME = "\u0000me";
const PROJECT = "\u0000project";
const TEAM = "\u0000team";
type Marked = { name: string; text: string; params: unknown[] };
const marked = (name: string, q: { toSQL(): { sql: string; params: unknown[] } }): Marked => {
  const { sql: text, params } = q.toSQL();
  return { name, text, params };
};
const run = (m: Marked, values: Record<string, unknown>, rowMode?: "array") =>
  pool.query({
    name: m.name,
    text: m.text,
    values: m.params.map((p) => (typeof p === "string" && p in values ? values[p] : p)),
    ...(rowMode ? { rowMode } : {}),
  });
/** Kairo's list statement for a filter: the page and its total (tasks.ts listTasks). */
const pageOf = (name: string, filter: SQL) =>
  marked(
    name,
    mock
      .select({ task: tasks, total: mock.$count(tasks, filter) })
      .from(tasks)
      .where(filter)
      .orderBy(...TASK_ORDER)
      .limit(100)
      .offset(0),
  );
const projectPage = pageOf("raw_project_tasks", and(and(eq(tasks.projectId, PROJECT)))!);
const assignedPage = pageOf(
  "raw_assigned_tasks",
  // biome-ignore lint/suspicious/noExplicitAny: the mock database stands where a connection goes
  and(and(eq(tasks.assigneeId, ME), inArray(tasks.projectId, projectsOfPerson(mock as any, ME))))!,
);
const projectById = marked(
  "raw_project",
  mock.select().from(projects).where(eq(projects.id, PROJECT)).limit(1),
);
const roleInTeam = marked(
  "raw_role",
  mock
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, TEAM), eq(member.userId, ME)))
    .limit(1),
);
const teamPlan = marked(
  "raw_team_plan",
  mock
    .select({
      planId: subscriptions.planId,
      status: subscriptions.status,
      trialEndsAt: subscriptions.trialEndsAt,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, TEAM))
    .limit(1),
);

/** The project's team id, if the person may read its tasks; null answers 404. */
async function readableProject(userId: string, projectId: string): Promise<string | null> {
  const { rows } = await run(projectById, { [PROJECT]: projectId });
  const p = rows[0] as Row | undefined;
  if (!p) return null;
  if (p.owner_id !== null) return p.owner_id === userId ? projectId : null;
  const team = p.team_id as string;
  const role = (await run(roleInTeam, { [TEAM]: team, [ME]: userId })).rows[0];
  if (!role) return null;
  const plan = (await run(teamPlan, { [TEAM]: team })).rows[0] as Row | undefined;
  const live =
    plan?.plan_id === "team" &&
    (plan.status === "active" || plan.status === "trialing") &&
    (plan.current_period_end as Date).getTime() > Date.now();
  return live ? projectId : null;
}

/** A page of task rows (columns in schema order, then the total) as Kairo's list answers it. */
function taskPage(rows: unknown[][], limit: number, offset: number) {
  const dtos = rows.map((r) =>
    toTaskDto(Object.fromEntries(TASK_COLUMNS.map((name, i) => [name, r[i]])) as Task),
  );
  const total = rows.length ? Number(rows[0]![TASK_COLUMNS.length]) : 0;
  return { tasks: dtos, total, limit, offset };
}

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : null);

/** The signed-in person's id, or null: a bad signature, no such session, expired, or banned. */
async function signedInPerson(cookie: string | undefined): Promise<string | null> {
  const token = signedToken(readCookie(cookie, "better-auth.session_token"), secret);
  if (!token) return null;
  // Columns: session id, expires at, user id, email, name, role, email verified, banned, ban expires.
  const { rows } = await pool.query({
    name: "raw_session",
    text: sessionSql,
    values: [token, 1],
    rowMode: "array",
  });
  const s = rows[0] as unknown[] | undefined;
  if (!s || (s[1] as Date).getTime() <= Date.now()) return null;
  if (s[7] && (s[8] === null || (s[8] as Date).getTime() > Date.now())) return null;
  return s[2] as string;
}

function send(res: import("node:http").ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://raw");
    const userId = await signedInPerson(req.headers.cookie);
    if (!userId) return send(res, 401, { error: { code: "UNAUTHENTICATED", message: "Not authenticated" } });
    if (url.pathname === "/api/me") {
      const { rows } = await pool.query({ name: "raw_person", text: personSql, values: [userId, 1] });
      const p = rows[0] as Row;
      const prefs = (p.preferences ?? {}) as { job_title?: string; company?: string };
      return send(res, 200, {
        id: p.id,
        email: p.email,
        fullName: p.full_name,
        role: p.role,
        emailVerified: p.email_verified,
        preferences: { job_title: prefs.job_title, company: prefs.company },
        createdAt: iso(p.created_at),
      });
    }
    if (url.pathname === "/api/tasks" && url.searchParams.has("projectId")) {
      const projectId = await readableProject(userId, url.searchParams.get("projectId")!);
      if (!projectId) return send(res, 404, { error: { code: "NOT_FOUND", message: "Project not found." } });
      const { rows } = await run(projectPage, { [PROJECT]: projectId }, "array");
      return send(res, 200, taskPage(rows as unknown[][], 100, 0));
    }
    if (url.pathname === "/api/tasks" && url.searchParams.get("assignee") === "me") {
      const { rows } = await run(assignedPage, { [ME]: userId }, "array");
      return send(res, 200, taskPage(rows as unknown[][], 100, 0));
    }
    if (url.pathname === "/api/tasks") {
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 50), 100);
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const { rows } = await pool.query({
        name: "raw_tasks",
        text: listSql,
        values: [userId, userId, limit, offset],
        rowMode: "array",
      });
      // The row becomes the answer through the same DTO mapping Kairo's list uses, so both send the
      // same bytes.
      return send(res, 200, taskPage(rows as unknown[][], limit, offset));
    }
    send(res, 404, { error: { code: "NOT_FOUND", message: "No such API route." } });
  } catch (err) {
    send(res, 500, { error: { code: "INTERNAL", message: (err as Error).message } });
  }
}).listen(port, "127.0.0.1");
