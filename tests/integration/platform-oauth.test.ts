// Kairo as an OAuth 2.1 provider and its API keys (issue 26), driven by an outside client library
// (oauth4webapi) and verified with another (jose): discovery, authorization code with PKCE through
// the spec's consent calls (approve and deny), token, refresh rotation, JWKS verification of the
// access token, exact redirect URIs, code reuse, API keys with scopes, and one person's credential
// never reading another's data.
import { eq } from "drizzle-orm";
import { createRemoteJWKSet, jwtVerify } from "jose";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { apiAudit, apiKeys, oauthGrants } from "#server/db/schema/platform.ts";
import type {
  ApiKeyListResponse,
  AppListResponse,
  AuthorizationDto,
  ConnectedAppsResponse,
  CreatedApiKeyResponse,
  CreatedAppResponse,
} from "#shared/contracts/platform.ts";
import { buyPlan, createVerifiedUser } from "../support/factories.ts";
import { expectError, testServerForFile } from "../support/integration.ts";
import type { TestClient } from "../support/test-client.ts";

const { server, db } = testServerForFile();
const REDIRECT = "https://client.example/callback";
const insecure = { [oauth.allowInsecureRequests]: true };

async function teamOwnerWithApp(scopes = ["tasks:read", "tasks:write"]) {
  const owner = await createVerifiedUser(server, { name: "Olivia Owner" });
  await buyPlan(server, owner.client, "team", 3);
  const res = await owner.client.post<CreatedAppResponse>("/api/developer/apps", {
    name: "Acme Planner",
    redirectUris: [REDIRECT],
    scopes,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { owner, app: res.body.app, secret: res.body.clientSecret };
}

async function discover() {
  const issuer = new URL(server.baseUrl);
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { ...insecure, algorithm: "oauth2" }),
  );
  return as;
}

/** The browser's part: /oauth/authorize, then the consent page's calls; returns where it was sent. */
async function authorize(
  person: TestClient,
  as: oauth.AuthorizationServer,
  clientId: string,
  o: { verifier: string; state: string; action: "approve" | "deny"; redirectUri?: string; scope?: string },
) {
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set("client_id", clientId);
  url.searchParams.set("redirect_uri", o.redirectUri ?? REDIRECT);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", o.scope ?? "tasks:read tasks:write");
  url.searchParams.set("state", o.state);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(o.verifier));
  url.searchParams.set("code_challenge_method", "S256");
  const start = await person.get(url.pathname + url.search);
  expect(start.status, JSON.stringify(start.body)).toBe(302);
  const consentPage = start.headers.get("location")!;
  expect(consentPage).toMatch(/^\/oauth\/consent\/[0-9a-f-]{36}$/);
  const id = consentPage.split("/").pop()!;
  const shown = await person.get<AuthorizationDto>(`/oauth/authorizations/${id}`);
  expect(shown.status).toBe(200);
  const decided = await person.post<{ redirectTo: string }>(`/oauth/authorizations/${id}/consent`, {
    action: o.action,
  });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  return { shown: shown.body, id, callback: new URL(decided.body.redirectTo) };
}

describe("OAuth 2.1 provider", () => {
  it("runs discovery, PKCE authorization with consent, token, refresh rotation and JWKS verification", async () => {
    const { app, secret } = await teamOwnerWithApp();
    const person = await createVerifiedUser(server, { name: "Pat Person" });
    const as = await discover();
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);
    expect(as.jwks_uri).toBe(`${server.baseUrl}/.well-known/jwks.json`);
    const oidc = await fetch(`${server.baseUrl}/.well-known/openid-configuration`).then((r) => r.json());
    expect(oidc.issuer).toBe(server.baseUrl);
    const prm = await fetch(`${server.baseUrl}/.well-known/oauth-protected-resource/api/v1`).then((r) =>
      r.json(),
    );
    expect(prm).toMatchObject({
      resource: `${server.baseUrl}/api/v1`,
      authorization_servers: [server.baseUrl],
    });

    const client: oauth.Client = { client_id: app.clientId };
    const auth = oauth.ClientSecretBasic(secret);
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const { shown, callback } = await authorize(person.client, as, app.clientId, {
      verifier,
      state,
      action: "approve",
    });
    // The consent page names the app, its owner team and each scope in plain words.
    expect(shown.app.name).toBe("Acme Planner");
    expect(shown.app.owner?.length ?? 0).toBeGreaterThan(0);
    expect(shown.scopes).toEqual([
      { scope: "tasks:read", description: "See your tasks" },
      { scope: "tasks:write", description: "Create, change and delete your tasks" },
    ]);

    const params = oauth.validateAuthResponse(as, client, callback, state);
    const tokenRes = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      params,
      REDIRECT,
      verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenRes);
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.refresh_token).toBeTruthy();

    // The access token verifies against the published keys, for this issuer and the API.
    const jwks = createRemoteJWKSet(new URL(as.jwks_uri!));
    const { payload } = await jwtVerify(tokens.access_token, jwks, {
      issuer: server.baseUrl,
      audience: `${server.baseUrl}/api/v1`,
    });
    const me = await fetch(`${server.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    const meBody = await me.json();
    expect(meBody).toMatchObject({ email: person.email, credential: "oauth" });
    expect(payload.sub).toBe(meBody.id);

    // The same code a second time is refused, and what it issued stops working.
    const reuse = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      params,
      REDIRECT,
      verifier,
      insecure,
    );
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).error).toBe("invalid_grant");
    const afterReuse = await fetch(`${server.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(afterReuse.status).toBe(401);
    expect(afterReuse.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);

    // A fresh authorization: refresh rotates, the old refresh token is refused (and ends the grant).
    const v2 = oauth.generateRandomCodeVerifier();
    const s2 = oauth.generateRandomState();
    const second = await authorize(person.client, as, app.clientId, {
      verifier: v2,
      state: s2,
      action: "approve",
    });
    const p2 = oauth.validateAuthResponse(as, client, second.callback, s2);
    const t2 = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, p2, REDIRECT, v2, insecure),
    );
    const rotated = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, t2.refresh_token!, insecure),
    );
    expect(rotated.refresh_token).not.toBe(t2.refresh_token);
    const created = await fetch(`${server.baseUrl}/api/v1/tasks`, {
      method: "POST",
      headers: { authorization: `Bearer ${rotated.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "From the app", category: "General" }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    // The audit row is written behind the answer (decision 300).
    await server.kairo.deps.apiWriter!.drain();
    const connected = await person.client.get<ConnectedAppsResponse>("/api/connected-apps");
    const grant = connected.body.apps.find((a) => a.recentActions.length > 0);
    expect(grant?.appName).toBe("Acme Planner");
    expect(grant?.recentActions[0]).toMatchObject({ method: "POST", path: "/api/v1/tasks", status: "201" });

    const old = await oauth.refreshTokenGrantRequest(as, client, auth, t2.refresh_token!, insecure);
    expect(old.status).toBe(400);
    expect((await old.json()).error).toBe("invalid_grant");
    const afterOld = await fetch(`${server.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${rotated.access_token}` },
    });
    expect(afterOld.status).toBe(401);
  });

  it("sends a denial back as access_denied, and refuses a redirect URI one character off", async () => {
    const { app, secret } = await teamOwnerWithApp();
    const person = await createVerifiedUser(server);
    const as = await discover();
    const client: oauth.Client = { client_id: app.clientId };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const { callback } = await authorize(person.client, as, app.clientId, {
      verifier,
      state,
      action: "deny",
    });
    expect(() => oauth.validateAuthResponse(as, client, callback, state)).toThrow();
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe(state);

    // One character off: an error shown here, never a redirect to the address given.
    const url = new URL(as.authorization_endpoint!);
    url.searchParams.set("client_id", app.clientId);
    url.searchParams.set("redirect_uri", `${REDIRECT}/`);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set("code_challenge_method", "S256");
    const off = await person.client.get<{ error: string }>(url.pathname + url.search);
    expect(off.status).toBe(400);
    expect(off.headers.get("location")).toBeNull();
    // Without PKCE: refused (back to the registered address, with the error).
    url.searchParams.set("redirect_uri", REDIRECT);
    url.searchParams.delete("code_challenge");
    const noPkce = await person.client.get(url.pathname + url.search);
    expect(new URL(noPkce.headers.get("location")!).searchParams.get("error")).toBe("invalid_request");

    // A wrong verifier is refused at the token endpoint.
    const v2 = oauth.generateRandomCodeVerifier();
    const s2 = oauth.generateRandomState();
    const ok = await authorize(person.client, as, app.clientId, {
      verifier: v2,
      state: s2,
      action: "approve",
    });
    const params = oauth.validateAuthResponse(as, client, ok.callback, s2);
    const wrong = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(secret),
      params,
      REDIRECT,
      oauth.generateRandomCodeVerifier(),
      insecure,
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe("invalid_grant");
  });

  it("shows an authorization only to the person it belongs to", async () => {
    const { app } = await teamOwnerWithApp();
    const pat = await createVerifiedUser(server);
    const sam = await createVerifiedUser(server);
    const as = await discover();
    const url = new URL(as.authorization_endpoint!);
    url.searchParams.set("client_id", app.clientId);
    url.searchParams.set("redirect_uri", REDIRECT);
    url.searchParams.set("response_type", "code");
    url.searchParams.set(
      "code_challenge",
      await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
    );
    url.searchParams.set("code_challenge_method", "S256");
    const start = await pat.client.get(url.pathname + url.search);
    const id = start.headers.get("location")!.split("/").pop()!;
    expectError(await sam.client.get(`/oauth/authorizations/${id}`), 404);
    expectError(await sam.client.post(`/oauth/authorizations/${id}/consent`, { action: "approve" }), 404);
    expectError(await pat.client.post(`/oauth/authorizations/${id}/consent`, { action: "maybe" }), 400);
  });

  it("lets only a team's owner on Team register apps, up to ten", async () => {
    const solo = await createVerifiedUser(server);
    const list = await solo.client.get<AppListResponse>("/api/developer/apps");
    expect(list.body).toMatchObject({ canManage: false, apps: [] });
    expectError(
      await solo.client.post("/api/developer/apps", {
        name: "X",
        redirectUris: [REDIRECT],
        scopes: ["tasks:read"],
      }),
      403,
    );
    const { owner } = await teamOwnerWithApp();
    for (let i = 0; i < 9; i++) {
      const res = await owner.client.post("/api/developer/apps", {
        name: `App ${i}`,
        redirectUris: [REDIRECT],
        scopes: ["tasks:read"],
      });
      expect(res.status).toBe(201);
    }
    expectError(
      await owner.client.post("/api/developer/apps", {
        name: "Eleventh",
        redirectUris: [REDIRECT],
        scopes: ["tasks:read"],
      }),
      409,
      /10 apps/,
    );
    expectError(
      await owner.client.post("/api/developer/apps", {
        name: "Bad",
        redirectUris: ["http://evil.example/cb"],
        scopes: ["tasks:read"],
      }),
      400,
    );
  });
});

describe("personal API keys", () => {
  async function teamPerson() {
    const p = await createVerifiedUser(server);
    await buyPlan(server, p.client, "team", 2);
    return p;
  }

  it("creates a key shown once, uses it within its scopes, and revokes it at once", async () => {
    const me = await teamPerson();
    const created = await me.client.post<CreatedApiKeyResponse>("/api/developer/keys", {
      name: "Script",
      scopes: ["tasks:read"],
      expiresInDays: 30,
    });
    expect(created.status).toBe(201);
    const secret = created.body.secret;
    expect(secret).toMatch(/^kairo_pat_/);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, created.body.key.id));
    expect(row!.tokenHash).not.toContain(secret.slice(10));
    const listed = await me.client.get<ApiKeyListResponse>("/api/developer/keys");
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const headers = { authorization: `Bearer ${secret}` };
    const read = await fetch(`${server.baseUrl}/api/v1/tasks`, { headers });
    expect(read.status).toBe(200);
    const write = await fetch(`${server.baseUrl}/api/v1/tasks`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ title: "Not allowed", category: "General" }),
    });
    expect(write.status).toBe(403);
    expect(write.headers.get("content-type")).toMatch(/application\/problem\+json/);
    expect(write.headers.get("www-authenticate")).toMatch(/error="insufficient_scope"/);
    expect((await write.json()).error).toBe("insufficient_scope");
    // The last use and the audit rows are written behind the answers (decision 300).
    await server.kairo.deps.apiWriter!.drain();
    const used = await me.client.get<ApiKeyListResponse>("/api/developer/keys");
    expect(used.body.keys[0]!.lastUsedAt).not.toBeNull();
    const audit = await db().select().from(apiAudit).where(eq(apiAudit.apiKeyId, created.body.key.id));
    expect(audit.length).toBe(2);

    expect((await me.client.delete(`/api/developer/keys/${created.body.key.id}`)).status).toBe(204);
    const after = await fetch(`${server.baseUrl}/api/v1/tasks`, { headers });
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
  });

  it("never lets one person's key read another's tasks, or revoke another's key", async () => {
    const alice = await teamPerson();
    const bob = await teamPerson();
    const mine = await alice.client.post("/api/tasks", { title: "Alice's secret plan", category: "General" });
    expect(mine.status).toBe(201);
    const key = await bob.client.post<CreatedApiKeyResponse>("/api/developer/keys", {
      name: "Bob",
      scopes: ["tasks:read", "tasks:write"],
      expiresInDays: 7,
    });
    const res = await fetch(`${server.baseUrl}/api/v1/tasks`, {
      headers: { authorization: `Bearer ${key.body.secret}` },
    });
    expect(JSON.stringify(await res.json())).not.toContain("Alice's secret plan");
    expectError(await alice.client.delete(`/api/developer/keys/${key.body.key.id}`), 404);
  });

  it("refuses bad input, a missing token, and a plan without API access", async () => {
    const free = await createVerifiedUser(server);
    expectError(
      await free.client.post("/api/developer/keys", { name: "x", scopes: ["tasks:read"], expiresInDays: 30 }),
      403,
    );
    const me = await teamPerson();
    expectError(
      await me.client.post("/api/developer/keys", { name: "x", scopes: ["root"], expiresInDays: 30 }),
      400,
    );
    expectError(
      await me.client.post("/api/developer/keys", { name: "x", scopes: ["tasks:read"], expiresInDays: 5 }),
      400,
    );
    const none = await fetch(`${server.baseUrl}/api/v1/me`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata=/);
  });

  it("ends every key and app grant when the password changes", async () => {
    const { app } = await teamOwnerWithApp(["tasks:read"]);
    const me = await teamPerson();
    const key = await me.client.post<CreatedApiKeyResponse>("/api/developer/keys", {
      name: "k",
      scopes: ["tasks:read"],
      expiresInDays: 7,
    });
    const as = await discover();
    await authorize(me.client, as, app.clientId, {
      verifier: oauth.generateRandomCodeVerifier(),
      state: "s",
      action: "approve",
      scope: "tasks:read",
    });
    const changed = await me.client.post("/api/auth/change-password", {
      currentPassword: me.password,
      newPassword: "another-long-password-1",
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const res = await fetch(`${server.baseUrl}/api/v1/me`, {
      headers: { authorization: `Bearer ${key.body.secret}` },
    });
    expect(res.status).toBe(401);
    const live = (await db().select().from(oauthGrants)).filter(
      (g) => g.revokedAt === null && g.appId === app.id,
    );
    expect(live).toEqual([]);
  });
});
