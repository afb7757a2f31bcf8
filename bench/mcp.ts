// An MCP tool call's server time (issue 26 point 8: create a task, p99 under 50 ms of server
// time): on a running server, a new person connects an assistant the way the MCP SDK does it
// (dynamic registration, authorization with PKCE, consent, code for a token), then calls
// create_task `n` times one after another and reads each answer's `Server-Timing: app;dur=`.
// Prints figures, asserts nothing.
import { createHash, randomBytes } from "node:crypto";

const CALLBACK = "http://127.0.0.1:33418/callback";

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** An access token for /mcp, through the same HTTP calls an assistant and a browser make. */
export async function mcpAccessToken(base: string, cookie: string): Promise<string> {
  const json = { "content-type": "application/json" };
  const reg = await fetch(`${base}/oauth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ client_name: "Bench Assistant", redirect_uris: [CALLBACK] }),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
  const { client_id: clientId } = (await reg.json()) as { client_id: string };
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const url = new URL(`${base}/oauth/authorize`);
  for (const [k, v] of Object.entries({
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    scope: "tasks:read tasks:write",
    resource: `${base}/mcp`,
  }))
    url.searchParams.set(k, v);
  const start = await fetch(url, { headers: { cookie }, redirect: "manual" });
  const id = start.headers.get("location")?.split("/").pop();
  if (start.status !== 302 || !id) throw new Error(`authorize: ${start.status}`);
  const consent = await fetch(`${base}/oauth/authorizations/${id}/consent`, {
    method: "POST",
    headers: { ...json, cookie, origin: base },
    body: JSON.stringify({ action: "approve" }),
  });
  if (!consent.ok) throw new Error(`consent: ${consent.status}`);
  const code = new URL(((await consent.json()) as { redirectTo: string }).redirectTo).searchParams.get(
    "code",
  )!;
  const token = await fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
      client_id: clientId,
      resource: `${base}/mcp`,
    }),
  });
  if (!token.ok) throw new Error(`token: ${token.status}`);
  return ((await token.json()) as { access_token: string }).access_token;
}

const serverTime = (res: Response) =>
  Number(/app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1]);

/**
 * `n` create_task calls in a row, each followed by the same creation through the app's own
 * POST /api/tasks with the person's cookie (so a busy machine weighs on both alike): the server
 * time p50 / p99 of each (ms), and the client's median of the MCP call.
 */
export async function mcpFigures(base: string, cookie: string, n = 300) {
  const token = await mcpAccessToken(base, cookie);
  const headers = {
    authorization: `Bearer ${token}`,
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  const mcp: number[] = [];
  const app: number[] = [];
  const client: number[] = [];
  for (let i = 0; i < n + 10; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/mcp`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: i,
        method: "tools/call",
        params: { name: "create_task", arguments: { title: `Bench task ${i}` } },
      }),
    });
    const body = (await res.json()) as { result?: { isError?: boolean } };
    if (!res.ok || !body.result || body.result.isError) throw new Error(`tools/call: ${res.status}`);
    const clientMs = performance.now() - t0;
    const own = await fetch(`${base}/api/tasks`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ title: `Bench task ${i} (app)` }),
    });
    await own.text();
    if (own.status !== 201) throw new Error(`POST /api/tasks: ${own.status}`);
    if (i < 10) continue; // warm-up
    client.push(clientMs);
    mcp.push(serverTime(res));
    app.push(serverTime(own));
  }
  for (const a of [mcp, app, client]) a.sort((x, y) => x - y);
  return {
    n,
    mcp: { p50: percentile(mcp, 50), p99: percentile(mcp, 99) },
    app: { p50: percentile(app, 50), p99: percentile(app, 99) },
    clientP50: percentile(client, 50),
  };
}
