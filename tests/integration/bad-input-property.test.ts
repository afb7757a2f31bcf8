// Property-based bad input on every JSON route: our own API (every POST/PUT/PATCH route that reads
// its body with readJson) and the Better Auth calls we expose, whose bodies src/server/auth/routes.ts
// checks with the shared schemas before Better Auth sees them (sign-up, sign-in, password reset,
// verification email, change password, two-factor, signing out other sessions). fast-check
// generates bodies the route's shared zod schema rejects, and for each one the answer must be a 4xx
// in our JSON error shape { error: { code, message } } with a readable message and no stack trace,
// nothing may change in the database and no mail may be sent. A failing run prints fast-check's seed
// and the shrunk body, so it can be replayed.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { user } from "#server/db/schema/auth.ts";
import * as platformContracts from "#shared/contracts/platform.ts";
import { dbFingerprint } from "../support/db-fingerprint.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { AUTH_BODY_SCHEMAS, CONTRACTS, OWN_BODY_SCHEMAS } from "../support/route-bodies.ts";
import { RULES } from "../support/route-rules.ts";
import type { TestResponse } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

/** Generated bodies per route (plus the raw non-JSON bodies below). */
const NUM_RUNS = 30;

/**
 * Tables left out of the fingerprint of our own routes. "session": a signed-in call records the
 * session's last activity, and Better Auth renews the row after SESSION_RENEW_AFTER_SECONDS, whatever
 * the body; it is not what the call asked. Calls under /api/auth do neither, so theirs keeps it.
 */
const IGNORED_TABLES = ["session"];

/** POST/PUT/PATCH routes of RULES that read no body at all: their path and the session say it all. */
const NO_BODY: Record<string, string> = {
  "POST /api/demo": "fills the caller's account with demo data; no options",
  "POST /api/tasks/:id/timer/start": "the task id is the whole request",
  "POST /api/tasks/:id/timer/stop": "the task id is the whole request",
  "POST /api/billing/launch-offer": "opens the caller's own offer window; no options",
  "POST /api/billing/checkout-sessions/:id/pay": "the checkout id is the whole request",
  "POST /api/billing/checkout-sessions/:id/cancel": "the checkout id is the whole request",
  "POST /api/team/invitations/:id/accept": "the invitation id is the whole request",
  "POST /api/projects/:id/archive": "the project id is the whole request",
  "POST /api/projects/:id/restore": "the project id is the whole request",
  "POST /api/calendar-integrations/connections/:id/sync": "the connection id is the whole request",
  "POST /api/calendar-integrations/ical-feed": "makes a new secret address for the caller; no options",
  "POST /api/push/test": "sends the caller's own test notification; no options",
  "POST /api/planner/plan/accept": "accepts the caller's own proposal; no options",
  "POST /api/planner/blocks/:id/accept": "the block id is the whole request",
  "POST /api/planner/blocks/:id/reject": "the block id is the whole request",
  "POST /api/webhooks/:id/secret": "the webhook id is the whole request",
  "POST /api/webhooks/:id/deliveries/:deliveryId/redeliver": "the two ids are the whole request",
  "POST /api/v1/tasks/:id/timer/start": "the task id is the whole request",
  "POST /api/v1/tasks/:id/timer/stop": "the task id is the whole request",
  "POST /api/v1/projects/:id/archive": "the project id is the whole request",
  "POST /api/v1/projects/:id/restore": "the project id is the whole request",
  "POST /api/v1/plan/proposal/accept": "accepts the caller's own proposal; no options",
  "POST /api/v1/plan/blocks/:id/accept": "the block id is the whole request",
  "POST /api/v1/plan/blocks/:id/reject": "the block id is the whole request",
};

/** Body routes that are not ours to validate, with where their bad input is tested instead. */
const NOT_OURS: Record<string, string> = {
  "POST /api/auth/*": "Better Auth's: the calls we expose are the AUTH_BODY_SCHEMAS tested below",
  "POST /api/billing/stripe/webhook": "Stripe's signed raw body; covered by stripe.test.ts",
};

type Method = "POST" | "PUT" | "PATCH";
type Target = { method: Method; schema: z.ZodType; path: () => string; admin?: boolean };

let server: TestServer;
/** The signed-in caller: an admin (for /api/admin) on a paid Team plan (for /api/team/invitations). */
let caller: Awaited<ReturnType<typeof createVerifiedUser>>;
/** Someone else, the target of the admin routes. */
let otherId: string;
/** A task of the caller's own, so PATCH /api/tasks/:id reaches validation instead of a 404. */
let taskId: string;
/** A workflow of the caller's own, so PATCH /api/workflows/:id reaches validation. */
let workflowId: string;
/** A comment of the caller's own on their task, so PATCH of a comment reaches validation. */
let commentId: string;
/** A subtask of the caller's task, so PATCH of a subtask reaches validation. */
let subtaskId: string;

const ADMIN_EMAIL = "property-admin@example.com";
/** A well-formed id of nothing, for routes that read their body before looking the id up. */
const ZERO_ID = "00000000-0000-4000-8000-000000000000";

/** Where each of our JSON routes is called (its schema is in OWN_BODY_SCHEMAS). */
const PATHS: Record<string, { path: () => string; admin?: boolean }> = {
  "PATCH /api/profile": { path: () => "/api/profile" },
  "POST /api/tasks": { path: () => "/api/tasks" },
  "PATCH /api/tasks/:id": { path: () => `/api/tasks/${taskId}` },
  "POST /api/tasks/:id/comments": { path: () => `/api/tasks/${taskId}/comments` },
  "POST /api/tasks/:id/occurrences/complete": { path: () => `/api/tasks/${taskId}/occurrences/complete` },
  "POST /api/tasks/:id/occurrences/skip": { path: () => `/api/tasks/${taskId}/occurrences/skip` },
  "POST /api/tasks/:id/subtasks": { path: () => `/api/tasks/${taskId}/subtasks` },
  "PATCH /api/tasks/:id/subtasks/:subId": { path: () => `/api/tasks/${taskId}/subtasks/${subtaskId}` },
  "PUT /api/tasks/:id/subtasks/order": { path: () => `/api/tasks/${taskId}/subtasks/order` },
  "POST /api/tasks/:id/reminders": { path: () => `/api/tasks/${taskId}/reminders` },
  // The body is read before the reminder is looked up, so any well-formed id reaches validation.
  "POST /api/reminders/:id/snooze": { path: () => `/api/reminders/${ZERO_ID}/snooze` },
  "PATCH /api/tasks/:id/comments/:commentId": {
    path: () => `/api/tasks/${taskId}/comments/${commentId}`,
  },
  "POST /api/pomodoro-sessions": { path: () => "/api/pomodoro-sessions" },
  // The body is read before the session is looked up, so any well-formed id reaches validation.
  "POST /api/pomodoro-sessions/:id/complete": {
    path: () => "/api/pomodoro-sessions/00000000-0000-4000-8000-000000000000/complete",
  },
  "POST /api/assistant": { path: () => "/api/assistant" },
  "POST /api/billing/checkout": { path: () => "/api/billing/checkout" },
  "POST /api/billing/portal": { path: () => "/api/billing/portal" },
  "POST /api/billing/local/subscription": { path: () => "/api/billing/local/subscription" },
  "POST /api/team/invitations": { path: () => "/api/team/invitations" },
  // The body is read before the member, project or milestone is looked up.
  "PATCH /api/team/members/:memberId": { path: () => `/api/team/members/${ZERO_ID}` },
  "POST /api/projects": { path: () => "/api/projects" },
  "PATCH /api/projects/:id": { path: () => `/api/projects/${ZERO_ID}` },
  "POST /api/projects/:id/milestones": { path: () => `/api/projects/${ZERO_ID}/milestones` },
  "POST /api/projects/:id/members": { path: () => `/api/projects/${ZERO_ID}/members` },
  "PATCH /api/milestones/:id": { path: () => `/api/milestones/${ZERO_ID}` },
  "POST /api/account/delete": { path: () => "/api/account/delete" },
  "PATCH /api/preferences": { path: () => "/api/preferences" },
  "POST /api/notifications/read": { path: () => "/api/notifications/read" },
  "POST /api/push/subscriptions": { path: () => "/api/push/subscriptions" },
  "POST /api/webhooks": { path: () => "/api/webhooks" },
  // The body is read before the webhook is looked up.
  "PATCH /api/webhooks/:id": { path: () => "/api/webhooks/00000000-0000-4000-8000-000000000000" },
  "PUT /api/tour": { path: () => "/api/tour" },
  "PUT /api/planner/preferences": { path: () => "/api/planner/preferences" },
  "POST /api/planner/plan": { path: () => "/api/planner/plan" },
  // The body is read before the block is looked up.
  "PATCH /api/planner/blocks/:id": { path: () => "/api/planner/blocks/00000000-0000-4000-8000-000000000000" },
  "POST /api/voice/commands": { path: () => "/api/voice/commands" },
  "POST /api/workflows": { path: () => "/api/workflows" },
  "PATCH /api/workflows/:id": { path: () => `/api/workflows/${workflowId}` },
  "POST /api/client-errors": { path: () => "/api/client-errors" },
  "POST /api/import/preview": { path: () => "/api/import/preview" },
  "POST /api/import/commit": { path: () => "/api/import/commit" },
  "POST /api/calendar-integrations/connect": { path: () => "/api/calendar-integrations/connect" },
  "POST /api/calendar-integrations/callback": { path: () => "/api/calendar-integrations/callback" },
  "PUT /api/calendar-integrations/write-back": { path: () => "/api/calendar-integrations/write-back" },
  "POST /api/ai-insights/refresh": { path: () => "/api/ai-insights/refresh" },
  // The body is read before the recommendation is looked up.
  "POST /api/ai-insights/recommendations/:id/apply": {
    path: () => "/api/ai-insights/recommendations/00000000-0000-4000-8000-000000000000/apply",
  },
  "POST /api/ai-insights/burnout/acknowledge": { path: () => "/api/ai-insights/burnout/acknowledge" },
  // The body is read before the task is looked up.
  "POST /api/ai-insights/schedule/:id/postpone": {
    path: () => "/api/ai-insights/schedule/00000000-0000-4000-8000-000000000000/postpone",
  },
  "PUT /api/admin/users/:id/role": { path: () => `/api/admin/users/${otherId}/role`, admin: true },
  "POST /api/admin/users/:id/ban": { path: () => `/api/admin/users/${otherId}/ban`, admin: true },
  "POST /api/admin/users/:id/unban": { path: () => `/api/admin/users/${otherId}/unban`, admin: true },
  "PUT /api/admin/users/:id/plan": { path: () => `/api/admin/users/${otherId}/plan`, admin: true },
  "POST /api/v1/tasks": { path: () => "/api/v1/tasks" },
  "PATCH /api/v1/tasks/:id": { path: () => `/api/v1/tasks/${taskId}` },
  "POST /api/v1/tasks/:id/comments": { path: () => `/api/v1/tasks/${taskId}/comments` },
  "POST /api/v1/tasks/:id/occurrences/complete": {
    path: () => `/api/v1/tasks/${taskId}/occurrences/complete`,
  },
  "POST /api/v1/tasks/:id/occurrences/skip": { path: () => `/api/v1/tasks/${taskId}/occurrences/skip` },
  "POST /api/v1/tasks/:id/subtasks": { path: () => `/api/v1/tasks/${taskId}/subtasks` },
  "PATCH /api/v1/tasks/:id/subtasks/:subtaskId": {
    path: () => `/api/v1/tasks/${taskId}/subtasks/${subtaskId}`,
  },
  "POST /api/v1/tasks/:id/reminders": { path: () => `/api/v1/tasks/${taskId}/reminders` },
  "PUT /api/v1/tasks/:id/subtasks/order": { path: () => `/api/v1/tasks/${taskId}/subtasks/order` },
  // The body is read before the project or milestone is looked up.
  "POST /api/v1/projects/:id/milestones": { path: () => `/api/v1/projects/${ZERO_ID}/milestones` },
  "PATCH /api/v1/milestones/:id": { path: () => `/api/v1/milestones/${ZERO_ID}` },
  "POST /api/v1/projects": { path: () => "/api/v1/projects" },
  "PATCH /api/v1/projects/:id": { path: () => `/api/v1/projects/${ZERO_ID}` },
  "POST /api/v1/plan/proposal": { path: () => "/api/v1/plan/proposal" },
  "POST /api/v1/insights/refresh": { path: () => "/api/v1/insights/refresh" },
  "POST /api/developer/apps": { path: () => "/api/developer/apps" },
  "POST /api/developer/keys": { path: () => "/api/developer/keys" },
};

/** Route → the very schema object its handler validates with, and where to call it. */
const ROUTES: Record<string, Target> = Object.fromEntries(
  Object.entries(OWN_BODY_SCHEMAS).map(([route, schema]) => [
    route,
    { method: route.split(" ")[0] as Method, schema, ...PATHS[route]! },
  ]),
);

/**
 * JSON routes outside /api (so outside RULES): the spec's OAuth consent call (section 7). The body
 * is read before the authorization is looked up, so any well-formed id reaches validation.
 */
const OUTSIDE_API: Record<string, Target> = {
  "POST /oauth/authorizations/:id/consent": {
    method: "POST",
    schema: platformContracts.consentBody,
    path: () => "/oauth/authorizations/00000000-0000-4000-8000-000000000000/consent",
  },
};

/** Better Auth's validated calls, at their own path. */
const AUTH_ROUTES: Record<string, Target> = Object.fromEntries(
  Object.entries(AUTH_BODY_SCHEMAS).map(([route, schema]) => [
    route,
    { method: "POST" as const, schema, path: () => route.split(" ")[1]! },
  ]),
);

/** The JSON routes RULES knows of: every POST/PUT/PATCH, minus the ones without a body or not ours. */
const BODY_ROUTES = Object.keys(RULES).filter(
  (route) => /^(POST|PUT|PATCH) /.test(route) && !(route in NO_BODY) && !(route in NOT_OURS),
);

// -- generators ---------------------------------------------------------------------------------

/** What actually reaches the server: JSON turns NaN and Infinity into null, -0 into 0, drops undefined. */
const overTheWire = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? "null");

const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Long text: past every field limit, sometimes past the 64 KB body limit. */
const oversize = fc
  .tuple(
    fc.constantFrom("x", " ", "é", "🙂", "\u0000", "<script>", "'; drop table"),
    fc.integer({ min: 101, max: 20_000 }),
  )
  .map(([chunk, n]) => chunk.repeat(Math.ceil(n / chunk.length)));

/** Values of any wrong kind. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    "",
    " ",
    "null",
  ),
  fc.integer(),
  fc.double(),
  fc.string({ unit: "binary", maxLength: 40 }),
  oversize,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 6 }),
  fc
    .tuple(fc.integer({ min: 5, max: 300 }), fc.jsonValue({ maxDepth: 1 }))
    .map(([d, leaf]) => nested(d, leaf)),
);

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values near what the schema wants (right type, allowed enum members...), so deeper checks run too. */
function near(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return near(def.innerType!, depth);
    case "pipe":
      return near(def.in!, depth);
    case "object":
      return depth > 3 ? junk : keyedObject(schema, depth + 1);
    case "union":
      return fc.oneof(...def.options!.map((o) => near(o, depth)));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries!));
    case "literal":
      return fc.constantFrom(...def.values!);
    case "boolean":
      return fc.boolean();
    case "number":
      return fc.oneof(fc.integer({ min: -10, max: 200 }), fc.double());
    case "string":
      return fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.emailAddress(),
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.uuid(),
        fc.webUrl(),
        oversize,
      );
    default:
      return junk;
  }
}

/**
 * Objects with the schema's own keys (any subset), each holding a near or a wrong value, plus extra
 * keys. Literal keys (a union's discriminator, the assistant's action) are kept and mostly right, so
 * the checks behind them run too.
 */
function keyedObject(schema: z.ZodType, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const shape = defOf(schema).shape ?? {};
  const literalKeys = Object.keys(shape).filter((key) => defOf(shape[key]!).type === "literal");
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [
      key,
      literalKeys.includes(key)
        ? fc.oneof({ arbitrary: near(field, depth), weight: 4 }, { arbitrary: junk, weight: 1 })
        : fc.oneof(near(field, depth), junk),
    ]),
  );
  const extra = fc.option(fc.dictionary(fc.string({ maxLength: 12 }), junk, { maxKeys: 2 }), { freq: 3 });
  return fc
    .tuple(fc.record(fields, { requiredKeys: literalKeys }), extra)
    .map(([known, more]) => ({ ...known, ...(more ?? {}) }));
}

/** Objects shaped like the schema, for a plain object or each variant of a discriminated union. */
function shaped(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (def.type === "union") return fc.oneof(...def.options!.map(shaped));
  if (def.type === "pipe") return shaped(def.in!);
  return keyedObject(schema);
}

/** Candidate bodies, kept only when the schema rejects them (so no valid body can write anything). */
function badBodies(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fc
    .oneof(
      { arbitrary: shaped(schema), weight: 5 },
      { arbitrary: fc.jsonValue(), weight: 2 },
      { arbitrary: junk, weight: 2 },
      { arbitrary: fc.array(shaped(schema), { minLength: 1, maxLength: 3 }), weight: 1 },
      { arbitrary: fc.constant(null), weight: 1 },
      { arbitrary: fc.oneof(fc.integer(), fc.double()), weight: 1 },
    )
    .map(overTheWire)
    .filter((body) => !schema.safeParse(body).success);
}

/** Bodies that are not JSON at all (or JSON no schema takes), sent as they are. */
const RAW_BODIES = [
  "",
  " ",
  "{",
  "}",
  "[",
  "not json",
  '{"a":',
  "{'single': 'quotes'}",
  "{a: 1}",
  "undefined",
  "NaN",
  "nul",
  "1e999",
  "\u0000",
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  '{"__proto__": {"isAdmin": true}}',
];

// -- the calls ----------------------------------------------------------------------------------

const db = () => server.testDb.database.db;
const fingerprint = () => dbFingerprint(db(), IGNORED_TABLES);

function send(target: Target, body: string): Promise<TestResponse> {
  return caller.client.request(target.method, target.path(), { body });
}

/** Our JSON error: a 4xx, { error: { code, message } }, a message a person can read, no internals. */
function expectOurError(res: TestResponse, sent: string) {
  const what = `${res.status} ${JSON.stringify(res.body).slice(0, 300)} for ${JSON.stringify(sent.slice(0, 200))}`;
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  // /api/v1 answers RFC 9457 problem documents (decision 255): `code` and `detail` are ours.
  const problem = res.headers.get("content-type")?.startsWith("application/problem+json");
  expect(res.headers.get("content-type"), what).toMatch(/application\/(problem\+)?json/);
  const body = res.body as { code?: unknown; detail?: unknown } | null;
  const error = problem
    ? { code: body?.code, message: body?.detail }
    : (res.body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  expect(typeof error?.code, what).toBe("string");
  expect(typeof error?.message, what).toBe("string");
  const message = String(error?.message ?? "").trim();
  expect(message.length, what).toBeGreaterThan(0);
  expect(message, what).not.toMatch(/^[[{]/); // not a dump of zod issues
  expect(message, what).not.toContain("[object Object]");
  expect(JSON.stringify(res.body), what).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|\n\s+at /);
  // Refused by validation, before any use case: not a 403 gate or a 404 id that would hide it.
  expect([400, 413], what).toContain(res.status);
  expect(["VALIDATION", "BAD_JSON", "PAYLOAD_TOO_LARGE"], what).toContain(error?.code);
}

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true", KAIRO_ADMIN_EMAILS: ADMIN_EMAIL });
  caller = await createVerifiedUser(server, { email: ADMIN_EMAIL, name: "Pat Property" });
  const other = await createVerifiedUser(server, { name: "Olive Other" });
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, other.email));
  otherId = row!.id;

  // Team, bought through the local provider, opens POST /api/team/invitations.
  const checkout = await caller.client.post<{ url: string }>("/api/billing/checkout", {
    plan: "team",
    quantity: 3,
    billing: "monthly",
    successUrl: `${server.baseUrl}/dashboard`,
    cancelUrl: `${server.baseUrl}/dashboard`,
  });
  expect(checkout.status).toBe(201);
  const checkoutId = new URL(checkout.body.url).pathname.split("/").pop();
  expect((await caller.client.post(`/api/billing/checkout-sessions/${checkoutId}/pay`)).status).toBe(200);

  const task = await caller.client.post<{ id: string }>("/api/tasks", { title: "Property target" });
  expect(task.status).toBe(201);
  taskId = task.body.id;
  const comment = await caller.client.post<{ id: string }>(`/api/tasks/${taskId}/comments`, {
    body: "Target",
  });
  expect(comment.status).toBe(201);
  commentId = comment.body.id;
  const subtask = await caller.client.post<{ subtasks: { id: string }[] }>(`/api/tasks/${taskId}/subtasks`, {
    title: "Target step",
  });
  expect(subtask.status).toBe(201);
  subtaskId = subtask.body.subtasks[0]!.id;
  const workflow = await caller.client.post<{ id: string }>("/api/workflows", {
    triggerType: "task_status",
    triggerConfig: {},
    actions: [{ type: "send_notification", config: { title: "Changed: {{task.title}}" } }],
  });
  expect(workflow.status).toBe(201);
  workflowId = workflow.body.id;
});
afterAll(() => server?.close());

describe("the map of JSON routes", () => {
  it("has a generator for every POST/PUT/PATCH route of RULES that takes a body", () => {
    expect(Object.keys(ROUTES).sort()).toEqual([...BODY_ROUTES].sort());
  });

  it("knows where each of them is called", () => {
    expect(Object.keys(PATHS).sort()).toEqual(Object.keys(OWN_BODY_SCHEMAS).sort());
  });

  it("sends bad bodies to every Better Auth call we validate, sign-up to two-factor", () => {
    expect(Object.keys(AUTH_ROUTES)).toEqual(
      expect.arrayContaining([
        "POST /api/auth/sign-up/email",
        "POST /api/auth/sign-in/email",
        "POST /api/auth/request-password-reset",
        "POST /api/auth/reset-password",
        "POST /api/auth/send-verification-email",
        "POST /api/auth/change-password",
        "POST /api/auth/two-factor/enable",
        "POST /api/auth/two-factor/disable",
        "POST /api/auth/two-factor/verify-totp",
        "POST /api/auth/two-factor/verify-backup-code",
      ]),
    );
  });

  it("lists only routes RULES knows as body-less or not ours", () => {
    for (const route of [...Object.keys(NO_BODY), ...Object.keys(NOT_OURS)])
      expect(RULES).toHaveProperty([route]);
  });

  it("maps every schema a handler passes to readJson (one entry per readJson call)", () => {
    const contracts = CONTRACTS;
    const root = join(import.meta.dirname, "../../src/server/modules");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
    );
    const names = files.flatMap((f) =>
      [...readFileSync(join(root, f), "utf8").matchAll(/readJson\(c,\s*(\w+)\)/g)].map((m) => m[1]!),
    );
    const mapped = new Set([...Object.values(ROUTES), ...Object.values(OUTSIDE_API)].map((t) => t.schema));
    for (const name of names) {
      expect(contracts[name], `${name} is not exported by a contract this suite imports`).toBeDefined();
      expect(mapped.has(contracts[name] as z.ZodType), `${name} has no route in ROUTES`).toBe(true);
    }
    expect(names.length).toBe(Object.keys(ROUTES).length + Object.keys(OUTSIDE_API).length);
  });
});

/**
 * Sends the raw bodies and the generated ones to `target` and checks each answer, the database (as
 * `fingerprint` sees it) and the outbox.
 */
async function refusesBadBodies(target: Target, fingerprint: () => Promise<Record<string, string>>) {
  const schema = target.schema;
  const routeBefore = await fingerprint();
  const mailsBefore = server.outbox.list().length;

  for (const raw of RAW_BODIES) {
    let parsed: { ok: boolean; value?: unknown } = { ok: false };
    try {
      parsed = { ok: true, value: JSON.parse(raw) };
    } catch {
      // not JSON: exactly what is being sent
    }
    if (parsed.ok && schema.safeParse(parsed.value).success) continue;
    expectOurError(await send(target, raw), raw);
  }
  expect(await fingerprint()).toEqual(routeBefore);

  // The database is compared once for the whole run, not after each body: a fingerprint reads every
  // table and was the file's main cost. When the run did change something, the bodies are sent
  // again one at a time with a fingerprint around each, so the failure still names the body.
  const sentBodies: string[] = [];
  await fc.assert(
    fc.asyncProperty(badBodies(schema), async (body) => {
      const sent = JSON.stringify(body);
      sentBodies.push(sent);
      expectOurError(await send(target, sent), sent);
      expect(server.outbox.list().length, `mail sent for ${sent.slice(0, 300)}`).toBe(mailsBefore);
    }),
    { numRuns: NUM_RUNS, includeErrorInReport: true },
  );
  if (!isDeepStrictEqual(await fingerprint(), routeBefore)) {
    for (const sent of sentBodies) {
      const before = await fingerprint();
      await send(target, sent);
      expect(await fingerprint(), `database changed by ${sent.slice(0, 300)}`).toEqual(before);
    }
  }

  expect(await fingerprint()).toEqual(routeBefore);
  expect(server.outbox.list().length).toBe(mailsBefore);
}

describe.each(BODY_ROUTES)("%s", (route) => {
  it("answers every body its schema rejects with a 4xx JSON error and changes nothing", {
    timeout: 60_000,
  }, async () => {
    const target = ROUTES[route];
    expect(target, `${route} takes a JSON body but has no generator in ROUTES`).toBeDefined();
    await refusesBadBodies(target!, fingerprint);
  });
});

describe.each(Object.keys(OUTSIDE_API))("%s (outside /api)", (route) => {
  it("answers every body its schema rejects with a 4xx JSON error and changes nothing", {
    timeout: 60_000,
  }, async () => {
    await refusesBadBodies(OUTSIDE_API[route]!, fingerprint);
  });
});

// Sent by the signed-in caller: the calls that need a session reach validation as they would from
// settings, and the public ones (sign-up, sign-in, reset) do not care. Nothing under /api/auth
// records activity, so here the session table is compared too: no session may be made or ended.
describe.each(Object.keys(AUTH_ROUTES).sort())("%s (Better Auth, validated first)", (route) => {
  it("answers every body its schema rejects with a 4xx JSON error, changes nothing and sends no mail", {
    timeout: 60_000,
  }, async () => {
    await refusesBadBodies(AUTH_ROUTES[route]!, () => dbFingerprint(db()));
    expect((await caller.client.get("/api/me")).status).toBe(200);
  });
});

// The harness must be able to see a write: a valid body through the same path does change the database.
describe("control", () => {
  it("a valid body changes the fingerprint", async () => {
    const before = await fingerprint();
    const res = await send(
      ROUTES["PATCH /api/tasks/:id"]!,
      JSON.stringify({ title: "Changed by the control" }),
    );
    expect(res.status).toBe(200);
    expect(await fingerprint()).not.toEqual(before);
  });
});
