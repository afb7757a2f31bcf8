// The remote MCP server (issue 26, decision 293), driven by the official MCP SDK's own client: its
// streamable HTTP transport and its OAuth client support find the protected-resource metadata from
// the 401, discover the authorization server, register themselves (RFC 7591), send the person to
// authorize with PKCE, exchange the code, and call tools. The person's part (sign-in, the consent
// page's calls) is the real HTTP calls a signed-in browser makes.

import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions } from "#server/db/schema/billing.ts";
import { oauthApps } from "#server/db/schema/platform.ts";
import { tasks } from "#server/db/schema/tasks.ts";
import { RETENTION_JOB } from "#server/jobs/definitions/retention.ts";
import type { AuthorizationDto, ConnectedAppsResponse } from "#shared/contracts/platform.ts";
import { testServerForFile } from "../support/integration.ts";
import type { TestClient } from "../support/test-client.ts";

const { server, db, person } = testServerForFile();
const CALLBACK = "http://127.0.0.1:33418/callback";

/** An assistant's OAuth state, kept in memory as a desktop app would keep it on disk. */
class AssistantAuth implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | null = null;
  get redirectUrl() {
    return CALLBACK;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Test Assistant",
      redirect_uris: [CALLBACK],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

const mcpUrl = () => new URL(`${server.baseUrl}/mcp`);

/** The browser's part: the authorization address, the consent page's two calls, the code. */
async function consent(browser: TestClient, url: URL, o: { scope?: string } = {}) {
  if (o.scope) url.searchParams.set("scope", o.scope);
  const start = await browser.get(url.pathname + url.search);
  expect(start.status, JSON.stringify(start.body)).toBe(302);
  const id = start.headers.get("location")!.split("/").pop()!;
  const shown = await browser.get<AuthorizationDto>(`/oauth/authorizations/${id}`);
  expect(shown.status).toBe(200);
  const decided = await browser.post<{ redirectTo: string }>(`/oauth/authorizations/${id}/consent`, {
    action: "approve",
  });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  const back = new URL(decided.body.redirectTo);
  expect(back.origin + back.pathname).toBe(CALLBACK);
  return { shown: shown.body, code: back.searchParams.get("code")! };
}

/** Connects the way an assistant does from the address alone; returns the connected client. */
async function connect(browser: TestClient, o: { scope?: string } = {}) {
  const auth = new AssistantAuth();
  const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: auth });
  await expect(new Client({ name: "test-assistant", version: "1.0.0" }).connect(first)).rejects.toThrow(
    UnauthorizedError,
  );
  expect(auth.info?.client_id).toMatch(/^kairo_app_/);
  expect(auth.authorizationUrl).not.toBeNull();
  const { shown, code } = await consent(browser, auth.authorizationUrl!, o);
  await first.finishAuth(code);
  expect(auth.saved?.access_token).toBeTruthy();
  const client = new Client({ name: "test-assistant", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: auth }));
  return { client, auth, shown };
}

type ToolText = { content: { type: string; text: string }[]; isError?: boolean };
const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolText;

describe("the MCP server", () => {
  it("answers 401 with where its protected-resource metadata is, and that metadata", async () => {
    const res = await fetch(mcpUrl(), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    const prmUrl = `${server.baseUrl}/.well-known/oauth-protected-resource/mcp`;
    expect(res.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${prmUrl}"`);
    const prm = await fetch(prmUrl).then((r) => r.json());
    expect(prm).toMatchObject({ resource: `${server.baseUrl}/mcp`, authorization_servers: [server.baseUrl] });
    const as = await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`).then((r) => r.json());
    expect(as.registration_endpoint).toBe(`${server.baseUrl}/oauth/register`);
    expect(as.token_endpoint_auth_methods_supported).toContain("none");
  });

  it("connects the official SDK client through the whole OAuth flow and creates a task", async () => {
    const pat = await person();
    const { client, auth, shown } = await connect(pat.client);
    // The consent page names the app as it registered itself, with no team behind it.
    expect(shown.app).toEqual({ name: "Test Assistant", owner: null });
    expect(shown.scopes.map((s) => s.scope)).toEqual([
      "tasks:read",
      "tasks:write",
      "time:write",
      "calendar:write",
      "insights:read",
    ]);
    const [registered] = await db()
      .select()
      .from(oauthApps)
      .where(eq(oauthApps.clientId, auth.info!.client_id));
    expect(registered).toMatchObject({
      registration: "dynamic",
      clientSecretHash: null,
      organizationId: null,
    });

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        "add_comment",
        "complete_task",
        "create_task",
        "find_tasks",
        "get_insights",
        "get_task",
        "plan_day",
        "start_timer",
        "stop_timer",
        "update_task",
      ].sort(),
    );

    const created = await call(client, "create_task", { title: "Call the plumber", priority: "high" });
    expect(created.isError, created.content[0]?.text).toBeFalsy();
    const task = JSON.parse(created.content[0]!.text) as { id: string; title: string };
    expect(task.title).toBe("Call the plumber");
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row?.title).toBe("Call the plumber");
    // The person sees it in Kairo.
    const seen = await pat.client.get<{ task: { title: string } }>(`/api/tasks/${task.id}`);
    expect(seen.body.task.title).toBe("Call the plumber");

    // Find, read, time, comment, complete: each the app's own behaviour.
    const found = JSON.parse((await call(client, "find_tasks", { q: "plumber" })).content[0]!.text);
    expect(found.tasks.map((t: { id: string }) => t.id)).toEqual([task.id]);
    expect((await call(client, "start_timer", { taskId: task.id })).isError).toBeFalsy();
    expect((await call(client, "stop_timer", { taskId: task.id })).isError).toBeFalsy();
    expect(
      (await call(client, "add_comment", { taskId: task.id, body: "Booked for Monday" })).isError,
    ).toBeFalsy();
    const done = await call(client, "complete_task", { taskId: task.id });
    expect(JSON.parse(done.content[0]!.text).completed).toBe(true);
    const plan = await call(client, "plan_day", {});
    expect(plan.isError, plan.content[0]?.text).toBeFalsy();
    const insights = await call(client, "get_insights", {});
    expect(insights.isError, insights.content[0]?.text).toBeFalsy();

    // Bad input is refused by the shared contract, naming the problem; nothing is written.
    const bad = await call(client, "create_task", { title: "" });
    expect(bad.isError).toBe(true);
    // Another person's task is not found.
    const other = await person();
    const theirs = await other.client.post<{ id: string }>("/api/tasks", { title: "Private" });
    const foreign = await call(client, "get_task", { taskId: theirs.body.id });
    expect(foreign.isError).toBe(true);
    expect(foreign.content[0]!.text).toMatch(/not found/i);

    // Each call is listed under Connected apps, by tool.
    const apps = await pat.client.get<ConnectedAppsResponse>("/api/connected-apps");
    expect(apps.status).toBe(200);
    const mine = apps.body.apps.find((a) => a.appName === "Test Assistant");
    expect(mine).toBeDefined();
    expect(mine!.recentActions.map((a) => a.path)).toContain("get_task");
    expect(mine!.recentActions[0]).toMatchObject({ method: "MCP" });

    // Revoking the app under Connected apps ends the token at once.
    expect((await pat.client.delete(`/api/connected-apps/${mine!.id}`)).status).toBeLessThan(300);
    const after = await fetch(mcpUrl(), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${auth.saved!.access_token}`,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    await client.close();
  });

  it("refuses a tool outside the scopes the person granted", async () => {
    const pat = await person();
    const { client } = await connect(pat.client, { scope: "tasks:read" });
    const refused = await call(client, "create_task", { title: "Not allowed" });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/not allowed.*tasks:write/);
    const count = await db().select().from(tasks).where(eq(tasks.title, "Not allowed"));
    expect(count).toHaveLength(0);
    expect((await call(client, "find_tasks", {})).isError).toBeFalsy();
    await client.close();
  });

  it("refuses a person on the free plan with a clear message", async () => {
    const pat = await person();
    await db()
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, pat.id));
    const { client } = await connect(pat.client);
    const refused = await call(client, "create_task", { title: "Free plan" });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/Pro and Team plans/);
    expect(await db().select().from(tasks).where(eq(tasks.title, "Free plan"))).toHaveLength(0);
    await client.close();
  });

  it("does not take an MCP token at /api/v1, and refreshes a public client's token", async () => {
    const pat = await person();
    const { auth, client } = await connect(pat.client);
    const v1 = await fetch(`${server.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${auth.saved!.access_token}` },
    });
    expect(v1.status).toBe(401);
    // The public client refreshes with its client_id alone (no secret); a secret sent for it is refused.
    const refresh = (extra: Record<string, string>) =>
      fetch(`${server.baseUrl}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: auth.saved!.refresh_token!,
          client_id: auth.info!.client_id,
          ...extra,
        }),
      });
    expect((await refresh({ client_secret: "guessed" })).status).toBe(401);
    const renewed = await refresh({ resource: `${server.baseUrl}/mcp` });
    expect(renewed.status).toBe(200);
    const { access_token } = (await renewed.json()) as { access_token: string };
    const list = await fetch(mcpUrl(), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${access_token}`,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(list.status).toBe(200);
    await client.close();
  });
});

describe("dynamic client registration", () => {
  const register = (body: unknown) =>
    fetch(`${server.baseUrl}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it.each([
    ["no redirect URIs", {}, "invalid_redirect_uri"],
    ["a non-loopback http address", { redirect_uris: ["http://evil.example/cb"] }, "invalid_redirect_uri"],
    ["a fragment", { redirect_uris: ["https://a.example/cb#x"] }, "invalid_redirect_uri"],
    ["a javascript: address", { redirect_uris: ["javascript:alert(1)"] }, "invalid_redirect_uri"],
    [
      "a client_credentials grant",
      { redirect_uris: [CALLBACK], grant_types: ["client_credentials"] },
      "invalid_client_metadata",
    ],
    ["an unknown scope", { redirect_uris: [CALLBACK], scope: "admin" }, "invalid_client_metadata"],
    [
      "a name too long",
      { redirect_uris: [CALLBACK], client_name: "x".repeat(101) },
      "invalid_client_metadata",
    ],
    ["not JSON", "{", "invalid_client_metadata"],
    ["an array", [], "invalid_client_metadata"],
  ])("refuses %s, naming the problem, registering nothing", async (_what, body, error) => {
    const before = await db().select().from(oauthApps);
    const res = await register(body);
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.error).toBe(error);
    expect(answer.error_description.length).toBeGreaterThan(5);
    expect(await db().select().from(oauthApps)).toHaveLength(before.length);
  });

  it("registers a public client that can use only the MCP server", async () => {
    const res = await register({ redirect_uris: ["https://claude.example/callback"], client_name: "Claude" });
    expect(res.status).toBe(201);
    const client = await res.json();
    expect(client).toMatchObject({ token_endpoint_auth_method: "none", client_name: "Claude" });
    expect(client.client_secret).toBeUndefined();
    // Asking for the /api/v1 resource is refused at authorization.
    const pat = await person();
    const url = new URL(`${server.baseUrl}/oauth/authorize`);
    url.searchParams.set("client_id", client.client_id);
    url.searchParams.set("redirect_uri", "https://claude.example/callback");
    url.searchParams.set("response_type", "code");
    url.searchParams.set("code_challenge", "a".repeat(43));
    url.searchParams.set("code_challenge_method", "S256");
    url.searchParams.set("resource", `${server.baseUrl}/api/v1`);
    const start = await pat.client.get(url.pathname + url.search);
    expect(start.status).toBe(302);
    expect(new URL(start.headers.get("location")!).searchParams.get("error")).toBe("invalid_target");
  });

  it("forgets a client nobody approved after a day, keeping an approved one and one being approved", async () => {
    const pat = await person();
    const authorizeUrl = (clientId: string) => {
      const url = new URL(`${server.baseUrl}/oauth/authorize`);
      url.searchParams.set("client_id", clientId);
      url.searchParams.set("redirect_uri", CALLBACK);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("code_challenge", "a".repeat(43));
      url.searchParams.set("code_challenge_method", "S256");
      url.searchParams.set("resource", `${server.baseUrl}/mcp`);
      return url.pathname + url.search;
    };
    // Approved: an assistant connected through the whole flow.
    const { client: approved } = await connect(pat.client);
    const unclaimed = await (await register({ redirect_uris: [CALLBACK], client_name: "Left" })).json();
    const slow = await (await register({ redirect_uris: [CALLBACK], client_name: "Slow" })).json();
    // A day and an hour later, the person starts approving the slow one.
    server.clock.advance(25 * 3_600_000);
    expect((await pat.client.get(authorizeUrl(slow.client_id))).status).toBe(302);
    await server.kairo.deps.jobs.run(RETENTION_JOB);

    const gone = await pat.client.get<{ error: string }>(authorizeUrl(unclaimed.client_id));
    expect(gone.status).toBe(400);
    expect(gone.body.error).toBe("invalid_client");
    expect((await pat.client.get(authorizeUrl(slow.client_id))).status).toBe(302);
    expect((await approved.listTools()).tools.length).toBeGreaterThan(0);
    await approved.close();
    const names = (await db().select({ name: oauthApps.name }).from(oauthApps)).map((a) => a.name);
    expect(names).not.toContain("Left");
    expect(names).toContain("Slow");
  });
});
