// The OpenAPI 3.1 document of /api/v1 and its reference page (decision 258), both rendered from the
// operation registry (v1-operations.ts) and the shared zod contracts through `z.toJSONSchema`
// (JSON Schema 2020-12, which OpenAPI 3.1 uses as is): no second, hand-written schema. The page is
// plain server-rendered HTML (no script, inline styles only), within the app's Content Security Policy.
import { z } from "zod";
import { problemDocument } from "#shared/contracts/platform.ts";
import { API_SCOPES, SCOPE_WORDS } from "#shared/domain/api-scopes.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { PROBLEM_CONTENT_TYPE, problemType } from "./problem.ts";
import { V1_OPERATIONS, type V1Operation } from "./v1-operations.ts";

type JsonSchema = Record<string, unknown>;

/** A contract as JSON Schema: what a client sends (input) or what it receives (output). */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

const HEADER_PARAMS = {
  "Idempotency-Key": {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "A key you choose (1 to 255 printable ASCII characters, a UUID fits): the same key and body within 24 hours answers the first answer again.",
    schema: { type: "string", minLength: 1, maxLength: 255 },
  },
  "If-Match": {
    name: "If-Match",
    in: "header",
    required: false,
    description: "The task's ETag: a task changed since answers 412 and nothing is written.",
    schema: { type: "string" },
  },
  "If-None-Match": {
    name: "If-None-Match",
    in: "header",
    required: false,
    description: "The ETag of the copy you hold: while it is still current the answer is 304 with no body.",
    schema: { type: "string" },
  },
} as const;

/** The problems the reference page explains (each problem document's `type` links here). */
export const PROBLEM_CODES: ReadonlyArray<readonly [string, number, string]> = [
  ["VALIDATION", 400, "A parameter or a body field is not valid; `fields` names each one."],
  ["BAD_JSON", 400, "The body is not JSON."],
  [
    "UNAUTHENTICATED",
    401,
    "No credential, or one that is unknown, expired or revoked (see WWW-Authenticate).",
  ],
  ["FORBIDDEN", 403, "The credential lacks the operation's scope (`error` is insufficient_scope)."],
  ["PLAN_REQUIRED", 403, "The plan does not include this."],
  ["NOT_FOUND", 404, "No such thing, or not yours: the two are not told apart."],
  ["CONFLICT", 409, "The change conflicts with the current state (a task changed since its `version`)."],
  ["IDEMPOTENCY_KEY_IN_USE", 409, "A call with this Idempotency-Key is still running."],
  [
    "PRECONDITION_FAILED",
    412,
    "If-Match does not match the task's current ETag; `task` is the task as it is.",
  ],
  ["PAYLOAD_TOO_LARGE", 413, "The body is too large."],
  ["IDEMPOTENCY_KEY_REUSED", 422, "This Idempotency-Key was used with another body."],
  ["RATE_LIMITED", 429, "The credential used its calls for this hour; Retry-After says when to try again."],
  ["INTERNAL", 500, "Something went wrong on our side."],
  ["UNAVAILABLE", 503, "The server is busy; Retry-After says when to try again."],
];

const problemRef = { $ref: "#/components/schemas/Problem" };
const problemResponse = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemRef } },
});
const RESPONSE_HEADERS = {
  RateLimit: { $ref: "#/components/headers/RateLimit" },
  "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
};

export function queryParameters(op: V1Operation) {
  if (!op.query) return [];
  const schema = jsonSchemaOf(op.query, "input");
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: "query",
    required: required.has(name) && s.default === undefined,
    schema: s,
  }));
}

const STATUS_WORDS = { 200: "OK", 201: "Created", 204: "No Content" } as const;

function operationObject(op: V1Operation) {
  const parameters = [
    ...(op.params ?? []).map((name) => ({
      name,
      in: "path",
      required: true,
      schema: { type: "string", format: "uuid" },
    })),
    ...queryParameters(op),
    ...(op.headers ?? []).map((h) => HEADER_PARAMS[h]),
  ];
  const etag = op.responseHeaders?.includes("ETag")
    ? { ETag: { description: "The task's version.", schema: { type: "string" } } }
    : {};
  const responses: Record<string, unknown> = {
    [op.status]: {
      description: STATUS_WORDS[op.status],
      headers: { ...RESPONSE_HEADERS, ...etag },
      ...(op.response
        ? { content: { "application/json": { schema: jsonSchemaOf(op.response, "output") } } }
        : {}),
    },
    // A conditional GET whose copy is current (RFC 9110 section 15.4.5): the ETag again, no body.
    ...(op.headers?.includes("If-None-Match")
      ? {
          304: {
            description: "Not Modified: your copy is current.",
            headers: { ...RESPONSE_HEADERS, ...etag },
          },
        }
      : {}),
    401: problemResponse("No valid credential."),
    ...(op.scope ? { 403: problemResponse(`The credential lacks the ${op.scope} scope.`) } : {}),
    429: problemResponse("The credential's hourly limit is used up."),
  };
  for (const status of op.errors) {
    const codes = PROBLEM_CODES.filter(([, s]) => s === status).map(([code]) => code);
    responses[status] = problemResponse(codes.join(" or ") || "Error");
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: op.scope
      ? [{ apiKey: [op.scope] }, { oauth2: [op.scope] }, { session: [] }]
      : [{ apiKey: [] }, { oauth2: [] }, { session: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchemaOf(op.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

const documents = new Map<string, unknown>();

/** The OpenAPI 3.1 document for a server reached at `origin` (built once, then kept). */
export function openApiDocument(origin: string) {
  const cached = documents.get(origin);
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of V1_OPERATIONS as readonly V1Operation[]) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = operationObject(op);
  }
  const limit = ROUTE_LIMITS.apiV1;
  const scopes = Object.fromEntries(API_SCOPES.map((s) => [s, SCOPE_WORDS[s]]));
  const doc = {
    openapi: "3.1.0",
    info: {
      title: "Kairo API",
      version: "1.0.0",
      description: `Your tasks, projects, comments, time and calendar. Authenticate with a personal API key (Settings → Developer) or an OAuth app's access token: \`Authorization: Bearer <token>\`. Each credential may make ${limit.max} calls an hour (RateLimit and RateLimit-Policy headers). Errors are RFC 9457 problem documents.`,
    },
    servers: [{ url: `${origin}/api/v1` }],
    paths,
    components: {
      schemas: { Problem: jsonSchemaOf(problemDocument, "output") },
      headers: {
        RateLimit: {
          description:
            'Calls left (r) and seconds until the window resets (t), e.g. `"hourly";r=998;t=3540`.',
          schema: { type: "string" },
        },
        "RateLimit-Policy": {
          description: `The quota (q) per window of w seconds: \`"hourly";q=${limit.max};w=${limit.windowSeconds}\`.`,
          schema: { type: "string" },
        },
      },
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "A personal API key (kairo_pat_…)." },
        oauth2: {
          type: "oauth2",
          description: "An OAuth app's access token (authorization code with PKCE).",
          flows: {
            authorizationCode: {
              authorizationUrl: `${origin}/oauth/authorize`,
              tokenUrl: `${origin}/oauth/token`,
              refreshUrl: `${origin}/oauth/token`,
              scopes,
            },
          },
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "kairo.session_token",
          description: "The app's own session.",
        },
      },
    },
  };
  documents.set(origin, JSON.parse(JSON.stringify(doc)));
  return documents.get(origin);
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
const pre = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

let page: { origin: string; html: string } | null = null;

/** The reference page: each operation with its scope, parameters and schemas; the problems explained. */
export function referencePage(origin: string): string {
  if (page?.origin === origin) return page.html;
  const ops = (V1_OPERATIONS as readonly V1Operation[])
    .map((op) => {
      const id = `op-${op.operationId}`;
      const params = [
        ...(op.params ?? []).map((p) => `<li><code>${p}</code> (path, required): an id</li>`),
        ...queryParameters(op).map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> (query${p.required ? ", required" : ""}): <code>${escapeHtml(JSON.stringify(p.schema))}</code></li>`,
        ),
        ...(op.headers ?? []).map(
          (h) => `<li><code>${h}</code> (header): ${escapeHtml(HEADER_PARAMS[h].description)}</li>`,
        ),
      ];
      return `<section id="${id}" aria-labelledby="${id}-h">
<h3 id="${id}-h"><span class="m">${op.method.toUpperCase()}</span> <code>/api/v1${escapeHtml(op.path)}</code></h3>
<p>${escapeHtml(op.summary)}.${op.description ? ` ${escapeHtml(op.description)}` : ""}</p>
<p>Scope: ${op.scope ? `<code>${op.scope}</code> (${escapeHtml(SCOPE_WORDS[op.scope])})` : "any credential"}. Answers ${op.status}${op.response ? "" : " with no body"}${op.headers?.includes("If-None-Match") ? ", or 304 with no body while your copy is current" : ""}; errors: ${[401, ...(op.scope ? [403] : []), ...op.errors, 429].map((s) => `${s}`).join(", ")}.</p>
${params.length ? `<h4>Parameters</h4><ul>${params.join("")}</ul>` : ""}
${op.body ? `<details><summary>Request body (JSON)</summary>${pre(jsonSchemaOf(op.body, "input"))}</details>` : ""}
${op.response ? `<details><summary>Response ${op.status} (JSON)</summary>${pre(jsonSchemaOf(op.response, "output"))}</details>` : ""}
</section>`;
    })
    .join("\n");
  const toc = (V1_OPERATIONS as readonly V1Operation[])
    .map(
      (op) =>
        `<li><a href="#op-${op.operationId}">${op.method.toUpperCase()} /api/v1${escapeHtml(op.path)}</a></li>`,
    )
    .join("");
  const problems = PROBLEM_CODES.map(
    ([code, status, words]) =>
      `<dt id="${problemType(code).split("#")[1]}"><code>${code}</code> (${status})</dt><dd>${escapeHtml(words)}</dd>`,
  ).join("");
  const limit = ROUTE_LIMITS.apiV1;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kairo API reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1a1a1a}
code,pre{font-family:ui-monospace,monospace;font-size:.875rem}
pre{background:#f4f4f5;padding:.75rem;overflow:auto;max-height:30rem}
section{border-top:1px solid #ddd;padding-top:.5rem;margin-top:1rem}
.m{display:inline-block;min-width:3.5rem;font-weight:700}
h3 code{word-break:break-all}
</style></head>
<body><header><h1>Kairo API reference</h1>
<p>The machine-readable document: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).</p></header>
<main>
<h2>Authentication</h2>
<p>Send <code>Authorization: Bearer &lt;token&gt;</code> with a personal API key (Settings → Developer) or an OAuth app's access token (<code>${escapeHtml(origin)}/oauth/authorize</code>, authorization code with PKCE). Each operation names the scope it needs.</p>
<h2>Rate limits</h2>
<p>Each credential may make ${limit.max} calls an hour. Every answer says where it stands: <code>RateLimit-Policy: "hourly";q=${limit.max};w=${limit.windowSeconds}</code> and <code>RateLimit: "hourly";r=&lt;calls left&gt;;t=&lt;seconds to reset&gt;</code>. Past the limit: 429 with <code>Retry-After</code>.</p>
<h2>Operations</h2>
<nav aria-label="Operations"><ul>${toc}</ul></nav>
${ops}
<h2>Problems</h2>
<p>Errors are RFC 9457 problem documents (<code>application/problem+json</code>): <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> and our <code>code</code>.</p>
<dl>${problems}</dl>
</main></body></html>`;
  page = { origin, html };
  return html;
}
