// The remote MCP server at /mcp (issue 26, decision 293): MCP's streamable HTTP transport from the
// official SDK, stateless (each POST carries one JSON-RPC message and is answered in JSON; no
// session, no server-sent stream), protected as MCP's authorization specification requires: a call
// without a valid token is answered 401 with `WWW-Authenticate: Bearer resource_metadata=…` naming
// the protected-resource metadata (RFC 9728), which names this server as its authorization server;
// a token counts only if it was issued for this resource (its audience, RFC 8707), by a grant the
// person has not revoked. Each tool is limited by the scopes the person consented to, is open on
// the Pro and Team plans (feature ai_assistants), and leaves a row under Connected apps.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { and, eq, isNull } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createLocalJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from "jose";
import { SCOPE_WORDS } from "#shared/domain/api-scopes.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { mcpAudience } from "../../auth/auth.ts";
import { user } from "../../db/schema/auth.ts";
import { apiAudit, oauthGrants } from "../../db/schema/platform.ts";
import type { AppDeps } from "../../deps.ts";
import type { AppBindings } from "../../http/types.ts";
import { MAX_JSON_BYTES } from "../../http/validate.ts";
import { createInsightsCache } from "../ai-insights/generate.ts";
import { modelBudget } from "../ai-insights/model-budget.ts";
import { limitCall } from "../platform/credential.ts";
import { callTool, TOOLS, type ToolCaller, type ToolDeps } from "./tools.ts";

type Deps = Omit<ToolDeps, "insightsCache" | "modelBudget"> &
  Pick<AppDeps, "auth" | "rateLimitStore" | "rateLimitEnabled">;

/** A caller the token names: the person, what they allowed, and the grant the calls are listed under. */
type McpCaller = ToolCaller & { grantId: string; clientId: string; scopes: string[] };

const JWKS_REFRESH_MS = 5 * 60_000;

/** The published signing keys, kept a few minutes; an unknown key id fetches them again. */
function signingKeys(deps: Pick<Deps, "auth">) {
  let cached: { keys: JWTVerifyGetKey; at: number } | null = null;
  return async (fresh: boolean) => {
    if (!cached || fresh || Date.now() - cached.at > JWKS_REFRESH_MS) {
      const jwks = (await deps.auth.api.getJwks()) as Parameters<typeof createLocalJWKSet>[0];
      cached = { keys: createLocalJWKSet(jwks), at: Date.now() };
    }
    return cached.keys;
  };
}

export function mcpRoutes(deps: Deps) {
  const db = deps.database.db;
  const origin = new URL(deps.publicUrl).origin;
  const audience = mcpAudience(deps.publicUrl);
  const resourceMetadata = `${origin}/.well-known/oauth-protected-resource/mcp`;
  const keys = signingKeys(deps);
  const toolDeps: ToolDeps = {
    ...deps,
    insightsCache: createInsightsCache(),
    modelBudget: modelBudget({
      store: deps.rateLimitStore,
      enabled: deps.rateLimitEnabled,
      logger: deps.logger,
    }),
  };

  const challenge = (c: Context, description: string | null) => {
    const error = description ? `error="invalid_token", error_description="${description}", ` : "";
    c.header("WWW-Authenticate", `Bearer ${error}resource_metadata="${resourceMetadata}"`);
    c.header("Cache-Control", "no-store");
    return c.json(
      {
        jsonrpc: "2.0",
        error: { code: -32001, message: description ?? "Authorization required: connect Kairo with OAuth." },
        id: null,
      },
      401,
    );
  };

  /** The token's person and grant, or the reason it does not count. */
  async function authenticate(token: string): Promise<McpCaller | string> {
    let payload: { sub?: string; gid?: unknown; scope?: unknown; client_id?: unknown };
    const verify = async (fresh: boolean) =>
      (await jwtVerify(token, await keys(fresh), { issuer: origin, audience, algorithms: ["EdDSA"] }))
        .payload;
    try {
      try {
        payload = await verify(false);
      } catch (err) {
        if (!(err instanceof joseErrors.JWKSNoMatchingKey)) throw err;
        payload = await verify(true);
      }
    } catch {
      return "The access token is not valid for this MCP server.";
    }
    if (!payload.sub || typeof payload.gid !== "string") return "The access token is not valid.";
    // The grant and its person in one read: live, for this resource, the account active.
    const [row] = await db
      .select({ grant: { id: oauthGrants.id, scopes: oauthGrants.scopes }, banned: user.banned })
      .from(oauthGrants)
      .innerJoin(user, eq(user.id, oauthGrants.userId))
      .where(
        and(
          eq(oauthGrants.id, payload.gid),
          eq(oauthGrants.userId, payload.sub),
          eq(oauthGrants.resource, "mcp"),
          isNull(oauthGrants.revokedAt),
        ),
      )
      .limit(1);
    if (!row) return "The access token was revoked.";
    if (row.banned) return "The account of this token is not active.";
    const grant = row.grant;
    const tokenScopes = typeof payload.scope === "string" ? payload.scope.split(" ") : [];
    return {
      personId: payload.sub,
      grantId: grant.id,
      clientId: typeof payload.client_id === "string" ? payload.client_id : "",
      scopes: grant.scopes.filter((s) => tokenScopes.includes(s)),
    };
  }

  /** One row under Connected apps per tool call: the tool's name and how it ended. */
  const audit = (caller: McpCaller, name: string, status: number) =>
    db.insert(apiAudit).values({
      userId: caller.personId,
      grantId: caller.grantId,
      apiKeyId: null,
      method: "MCP",
      path: name,
      status: String(status),
      createdAt: deps.clock(),
    });

  /** The server a request talks to: the tools, each checking scope and plan, then its use case. */
  function serverFor(caller: McpCaller, log: AppBindings["Variables"]["log"] | undefined) {
    const server = new McpServer(
      { name: "kairo", title: "Kairo", version: "1.0.0" },
      {
        instructions:
          "Kairo is the person's task manager. Find tasks before changing them (ids come from find_tasks). Deadlines are ISO 8601 instants.",
      },
    );
    for (const t of TOOLS) {
      server.registerTool(
        t.name,
        {
          title: t.title,
          description: `${t.description} Needs the permission "${SCOPE_WORDS[t.scope]}".`,
          inputSchema: t.input,
          annotations: { readOnlyHint: t.readOnly, openWorldHint: false },
        },
        async (args: unknown) => {
          const refuse = async (status: number, message: string) => {
            await audit(caller, t.name, status);
            return { isError: true, content: [{ type: "text" as const, text: message }] };
          };
          try {
            const result = await callTool(toolDeps, caller, t, args);
            await audit(caller, t.name, 200);
            return { content: [{ type: "text" as const, text: JSON.stringify(result) }] };
          } catch (err) {
            if (err instanceof AppError) return refuse(err.status, err.message);
            log?.error({ err, tool: t.name }, "MCP tool failed");
            return refuse(500, "Kairo could not do this just now. Please try again.");
          }
        },
      );
    }
    return server;
  }

  const app = new Hono<AppBindings>();
  app.use("/mcp", bodyLimit({ maxSize: MAX_JSON_BYTES }));
  app.all("/mcp", async (c) => {
    const header = c.req.header("authorization");
    if (!header) return challenge(c, null);
    const match = /^Bearer ([\x21-\x7e]{10,4096})$/.exec(header);
    if (!match) return challenge(c, "The Authorization header must be: Bearer <token>.");
    const caller = await authenticate(match[1]!);
    if (typeof caller === "string") return challenge(c, caller);
    const limited = await limitCall(c, `grant:${caller.grantId}`);
    if (limited) return limited;
    // Stateless: every message is one POST answered in JSON. There is no stream to open (GET) and
    // no session to end (DELETE): 405, as the transport specification says.
    if (c.req.method !== "POST") {
      c.header("Allow", "POST");
      return c.json(
        { jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null },
        405,
      );
    }
    const server = serverFor(caller, c.get("log"));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw, {
        authInfo: { token: match[1]!, clientId: caller.clientId, scopes: caller.scopes },
      });
    } finally {
      await server.close();
    }
  });
  return app;
}
