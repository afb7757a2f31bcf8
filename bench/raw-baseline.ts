// The raw baseline `npm run bench` measures Kairo against (not part of the product): a bare
// node:http server on `pg` doing the same work for the same two requests, with nothing else.
//   GET /api/me              the signed cookie checked (HMAC-SHA256, as Kairo does), the session and
//                            its person read with the same query, the person read, JSON answered
//   GET /api/tasks?limit=N   the same, then the task-list page and its total in Kairo's statement
// The SQL text is taken from Kairo's own query builders (drizzle's toSQL), so both run exactly the
// same statements, as named prepared statements on a pool of the same size.
// Run: PORT=… DATABASE_URL=… BETTER_AUTH_SECRET=… node bench/raw-baseline.ts
import { createServer } from "node:http";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { session, user } from "../src/server/db/schema/auth.ts";
import { type Task, tasks } from "../src/server/db/schema/tasks.ts";
import { readCookie, signedToken } from "../src/server/http/session-lookup.ts";
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
  .where(eq(session.token, sql.placeholder("token")))
  .limit(1)
  .toSQL().sql;
const personSql = mock
  .select()
  .from(user)
  .where(eq(user.id, sql.placeholder("id")))
  .limit(1)
  .toSQL().sql;
const filter = eq(tasks.userId, sql.placeholder("id"));
const listSql = mock
  .select({ task: tasks, total: mock.$count(tasks, filter) })
  .from(tasks)
  .where(filter)
  .orderBy(...TASK_ORDER)
  .limit(sql.placeholder("limit"))
  .offset(sql.placeholder("offset"))
  .toSQL().sql;

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
    if (url.pathname === "/api/tasks") {
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 50), 100);
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const { rows } = await pool.query({
        name: "raw_tasks",
        text: listSql,
        values: [userId, userId, limit, offset],
        rowMode: "array",
      });
      // Columns: the task's in schema order, then the total; the row becomes the answer through the
      // same DTO mapping Kairo's list uses, so both send the same bytes.
      const dtos = (rows as unknown[][]).map((r) =>
        toTaskDto(Object.fromEntries(TASK_COLUMNS.map((name, i) => [name, r[i]])) as Task),
      );
      const total = rows.length ? Number((rows[0] as unknown[])[TASK_COLUMNS.length]) : 0;
      return send(res, 200, { tasks: dtos, total, limit, offset });
    }
    send(res, 404, { error: { code: "NOT_FOUND", message: "No such API route." } });
  } catch (err) {
    send(res, 500, { error: { code: "INTERNAL", message: (err as Error).message } });
  }
}).listen(port, "127.0.0.1");
