// The OAuth 2.1 authorization server's use cases (decision 190): authorization code with PKCE
// (S256 only), exact redirect URIs, the spec's consent calls, the token endpoint with rotating
// refresh tokens, and revocation. Access tokens are JWTs signed by Better Auth's jwt plugin.
import { and, eq, isNull } from "drizzle-orm";
import { isApiScope, SCOPE_WORDS, sortScopes } from "#shared/domain/api-scopes.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Auth } from "../../auth/auth.ts";
import type { Db } from "../../db/client.ts";
import { organization } from "../../db/schema/auth.ts";
import { oauthApps, oauthAuthorizations, oauthGrants, oauthRefreshTokens } from "../../db/schema/platform.ts";
import type { Clock } from "../../db/transaction.ts";
import { hashSecret, newSecret, PREFIX, pkceMatches, secretMatches } from "./secrets.ts";

export const AUTHORIZATION_TTL_MS = 10 * 60_000;
export const ACCESS_TOKEN_SECONDS = 600;
export const REFRESH_TOKEN_MS = 30 * 86_400_000;

/** An error of the token or revocation endpoint (RFC 6749 section 5.2). */
export class OAuthError extends Error {
  readonly status: 400 | 401;
  readonly error: string;
  readonly description: string;
  constructor(status: 400 | 401, error: string, description: string) {
    super(description);
    this.status = status;
    this.error = error;
    this.description = description;
  }
}

/** The authorization endpoint's outcome: an error shown here (no trusted redirect), or a redirect. */
export type AuthorizeOutcome =
  | { kind: "error"; error: string; description: string }
  | { kind: "redirect"; location: string };

type AuthorizeParams = Record<string, string | undefined>;

/** The two resources a token may be for (RFC 8707) and their addresses, the tokens' audiences. */
export type ResourceKind = "api" | "mcp";
export type Resources = Record<ResourceKind, string>;

/**
 * The resource an authorization or token request names, checked against what the client may use:
 * a team's app defaults to the API and may ask for the MCP server; a client that registered itself
 * (decision 294) is for the MCP server only. Null: a resource this server does not serve.
 */
function resourceFor(
  app: { registration: string },
  asked: string | undefined,
  resources: Resources,
): ResourceKind | null {
  const dynamic = app.registration === "dynamic";
  if (asked === undefined || asked === "") return dynamic ? "mcp" : "api";
  if (asked === resources.mcp) return "mcp";
  if (asked === resources.api && !dynamic) return "api";
  return null;
}

/** The client's redirect with the given parameters, plus `iss` (RFC 9207). */
function redirectWith(
  redirectUri: string,
  issuer: string,
  params: Record<string, string | null | undefined>,
) {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  url.searchParams.set("iss", issuer);
  return url.toString();
}

export async function startAuthorization(o: {
  db: Db;
  clock: Clock;
  issuer: string;
  resources: Resources;
  params: AuthorizeParams;
  personId: string | null;
  loginPath: (returnTo: string) => string;
  returnTo: string;
}): Promise<AuthorizeOutcome> {
  const p = o.params;
  const clientId = p.client_id ?? "";
  const [app] = clientId
    ? await o.db.select().from(oauthApps).where(eq(oauthApps.clientId, clientId)).limit(1)
    : [];
  if (!app) return { kind: "error", error: "invalid_client", description: "Unknown client_id." };
  // Exact comparison, character for character (OAuth 2.1 section 2.3.1): nothing is normalised.
  const redirectUri = p.redirect_uri ?? "";
  if (!app.redirectUris.includes(redirectUri)) {
    return {
      kind: "error",
      error: "invalid_request",
      description: "redirect_uri does not match any address registered for this app.",
    };
  }
  const fail = (error: string, description: string): AuthorizeOutcome => ({
    kind: "redirect",
    location: redirectWith(redirectUri, o.issuer, { error, error_description: description, state: p.state }),
  });
  if (p.response_type !== "code")
    return fail("unsupported_response_type", "Only response_type=code is supported.");
  if (p.code_challenge_method !== "S256")
    return fail("invalid_request", "PKCE with code_challenge_method=S256 is required.");
  if (!p.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(p.code_challenge))
    return fail("invalid_request", "code_challenge must be a base64url SHA-256 digest.");
  if (p.state !== undefined && p.state.length > 500) return fail("invalid_request", "state is too long.");
  const asked = (p.scope ?? "").split(" ").filter(Boolean);
  const scopes = asked.length > 0 ? asked : app.scopes;
  if (!scopes.every((s) => isApiScope(s) && app.scopes.includes(s)))
    return fail("invalid_scope", "The app asked for a scope it is not registered for.");
  const resource = resourceFor(app, p.resource, o.resources);
  if (!resource) return fail("invalid_target", "resource names no address this app may use.");
  if (!o.personId) return { kind: "redirect", location: o.loginPath(o.returnTo) };
  const now = o.clock();
  const [row] = await o.db
    .insert(oauthAuthorizations)
    .values({
      appId: app.id,
      userId: o.personId,
      redirectUri,
      scopes: sortScopes(scopes),
      resource,
      state: p.state ?? null,
      codeChallenge: p.code_challenge,
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTHORIZATION_TTL_MS),
    })
    .returning({ id: oauthAuthorizations.id });
  return { kind: "redirect", location: `/oauth/consent/${row!.id}` };
}

const NOT_FOUND =
  "This authorization request was not found or has expired. Go back to the app and try again.";

async function pendingAuthorization(db: Db, clock: Clock, id: string, personId: string) {
  const [row] = await db
    .select({ a: oauthAuthorizations, appName: oauthApps.name, owner: organization.name })
    .from(oauthAuthorizations)
    .innerJoin(oauthApps, eq(oauthApps.id, oauthAuthorizations.appId))
    .leftJoin(organization, eq(organization.id, oauthApps.organizationId))
    .where(and(eq(oauthAuthorizations.id, id), eq(oauthAuthorizations.userId, personId)))
    .limit(1);
  if (!row || row.a.expiresAt <= clock()) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

/** GET /oauth/authorizations/{id}: what the consent page names. */
export async function readAuthorization(o: { db: Db; clock: Clock; id: string; personId: string }) {
  const { a, appName, owner } = await pendingAuthorization(o.db, o.clock, o.id, o.personId);
  return {
    id: a.id,
    app: { name: appName, owner },
    redirectOrigin: new URL(a.redirectUri).origin,
    scopes: describeScopes(a.scopes),
    status: a.status,
  };
}

export function describeScopes(scopes: readonly string[]) {
  return sortScopes(scopes).map((scope) => ({ scope, description: SCOPE_WORDS[scope] }));
}

/** POST /oauth/authorizations/{id}/consent: approve (a grant and a code) or deny. */
export async function decideAuthorization(o: {
  db: Db;
  clock: Clock;
  issuer: string;
  id: string;
  personId: string;
  action: "approve" | "deny";
}): Promise<{ redirectTo: string }> {
  const { a } = await pendingAuthorization(o.db, o.clock, o.id, o.personId);
  if (a.status !== "pending")
    throw new AppError("CONFLICT", "This authorization request was already answered.");
  if (o.action === "deny") {
    const done = await o.db
      .update(oauthAuthorizations)
      .set({ status: "denied" })
      .where(and(eq(oauthAuthorizations.id, a.id), eq(oauthAuthorizations.status, "pending")))
      .returning({ id: oauthAuthorizations.id });
    if (done.length === 0) throw new AppError("CONFLICT", "This authorization request was already answered.");
    return {
      redirectTo: redirectWith(a.redirectUri, o.issuer, {
        error: "access_denied",
        error_description: "The person declined the request.",
        state: a.state,
      }),
    };
  }
  const code = newSecret(PREFIX.code);
  const now = o.clock();
  const redirectTo = await o.db.transaction(async (tx) => {
    const [grant] = await tx
      .insert(oauthGrants)
      .values({ appId: a.appId, userId: a.userId, scopes: a.scopes, resource: a.resource, createdAt: now })
      .returning({ id: oauthGrants.id });
    const done = await tx
      .update(oauthAuthorizations)
      .set({
        status: "approved",
        codeHash: hashSecret(code),
        grantId: grant!.id,
        // The code lives a minute from here (OAuth 2.1 recommends short-lived codes).
        expiresAt: new Date(now.getTime() + 60_000),
      })
      .where(and(eq(oauthAuthorizations.id, a.id), eq(oauthAuthorizations.status, "pending")))
      .returning({ id: oauthAuthorizations.id });
    if (done.length === 0) throw new AppError("CONFLICT", "This authorization request was already answered.");
    return redirectWith(a.redirectUri, o.issuer, { code, state: a.state });
  });
  return { redirectTo };
}

export type ClientCredentials = { clientId: string | null; clientSecret: string | null };

/**
 * The client of a token or revocation request: a confidential one proves itself with its secret; a
 * public one (decision 294) names its client_id only and presents no secret, PKCE being its proof.
 */
async function authenticateClient(db: Db, c: ClientCredentials) {
  if (!c.clientId) throw new OAuthError(401, "invalid_client", "Client authentication is required.");
  const [app] = await db.select().from(oauthApps).where(eq(oauthApps.clientId, c.clientId)).limit(1);
  if (!app) throw new OAuthError(401, "invalid_client", "Client authentication failed.");
  if (app.clientSecretHash === null) {
    if (c.clientSecret) throw new OAuthError(401, "invalid_client", "This public client has no secret.");
    return app;
  }
  if (!c.clientSecret) throw new OAuthError(401, "invalid_client", "Client authentication is required.");
  if (!secretMatches(c.clientSecret, app.clientSecretHash))
    throw new OAuthError(401, "invalid_client", "Client authentication failed.");
  return app;
}

/** A token request's `resource` (RFC 8707), when present, must be the grant's. */
function checkResource(asked: string | undefined, grantResource: string, resources: Resources) {
  if (asked === undefined) return;
  if (asked !== resources[grantResource as ResourceKind])
    throw new OAuthError(400, "invalid_target", "resource differs from the one this grant is for.");
}

export type TokenResponse = {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
};

async function issueTokens(o: {
  db: Db;
  auth: Auth;
  clock: Clock;
  resources: Resources;
  grant: { id: string; userId: string; scopes: string[]; resource: string };
  clientId: string;
}): Promise<TokenResponse> {
  const now = o.clock();
  const scope = o.grant.scopes.join(" ");
  const nowSeconds = Math.floor(Date.now() / 1000);
  const { token } = await o.auth.api.signJWT({
    body: {
      payload: {
        sub: o.grant.userId,
        // The audience is the one resource the grant is for: an MCP token is refused by /api/v1.
        aud: o.resources[o.grant.resource as ResourceKind],
        client_id: o.clientId,
        scope,
        gid: o.grant.id,
        jti: crypto.randomUUID(),
        iat: nowSeconds,
        exp: nowSeconds + ACCESS_TOKEN_SECONDS,
      },
    },
  });
  const refresh = newSecret(PREFIX.refresh);
  await o.db.insert(oauthRefreshTokens).values({
    grantId: o.grant.id,
    tokenHash: hashSecret(refresh),
    createdAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_MS),
  });
  return {
    access_token: token,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_token: refresh,
    scope,
  };
}

async function revokeGrant(db: Db, clock: Clock, grantId: string) {
  await db
    .update(oauthGrants)
    .set({ revokedAt: clock() })
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)));
}

/** POST /oauth/token, grant_type=authorization_code. A second use of a code revokes its grant. */
export async function exchangeCode(o: {
  db: Db;
  auth: Auth;
  clock: Clock;
  resources: Resources;
  client: ClientCredentials;
  code: string | undefined;
  redirectUri: string | undefined;
  codeVerifier: string | undefined;
  resource?: string | undefined;
}): Promise<TokenResponse> {
  const app = await authenticateClient(o.db, o.client);
  if (!o.code) throw new OAuthError(400, "invalid_request", "code is required.");
  const [a] = await o.db
    .select()
    .from(oauthAuthorizations)
    .where(eq(oauthAuthorizations.codeHash, hashSecret(o.code)))
    .limit(1);
  if (!a || a.appId !== app.id)
    throw new OAuthError(400, "invalid_grant", "The authorization code is not valid.");
  if (a.status === "used") {
    // RFC 9700 section 4.2.4: a reused code may be stolen; what it issued is revoked.
    if (a.grantId) await revokeGrant(o.db, o.clock, a.grantId);
    throw new OAuthError(400, "invalid_grant", "The authorization code was already used.");
  }
  if (a.status !== "approved" || !a.grantId || a.expiresAt <= o.clock())
    throw new OAuthError(400, "invalid_grant", "The authorization code has expired.");
  if (o.redirectUri !== a.redirectUri)
    throw new OAuthError(
      400,
      "invalid_grant",
      "redirect_uri differs from the one of the authorization request.",
    );
  if (!o.codeVerifier || !pkceMatches(o.codeVerifier, a.codeChallenge))
    throw new OAuthError(400, "invalid_grant", "The PKCE code_verifier does not match the code_challenge.");
  checkResource(o.resource, a.resource, o.resources);
  const used = await o.db
    .update(oauthAuthorizations)
    .set({ status: "used" })
    .where(and(eq(oauthAuthorizations.id, a.id), eq(oauthAuthorizations.status, "approved")))
    .returning({ id: oauthAuthorizations.id });
  if (used.length === 0) {
    await revokeGrant(o.db, o.clock, a.grantId);
    throw new OAuthError(400, "invalid_grant", "The authorization code was already used.");
  }
  const [grant] = await o.db
    .select()
    .from(oauthGrants)
    .where(and(eq(oauthGrants.id, a.grantId), isNull(oauthGrants.revokedAt)))
    .limit(1);
  if (!grant) throw new OAuthError(400, "invalid_grant", "The authorization was revoked.");
  return issueTokens({
    db: o.db,
    auth: o.auth,
    clock: o.clock,
    resources: o.resources,
    grant,
    clientId: app.clientId,
  });
}

/** POST /oauth/token, grant_type=refresh_token: the token rotates; a used one revokes the grant. */
export async function refreshTokens(o: {
  db: Db;
  auth: Auth;
  clock: Clock;
  resources: Resources;
  client: ClientCredentials;
  refreshToken: string | undefined;
  resource?: string | undefined;
}): Promise<TokenResponse> {
  const app = await authenticateClient(o.db, o.client);
  if (!o.refreshToken) throw new OAuthError(400, "invalid_request", "refresh_token is required.");
  const [row] = await o.db
    .select({ token: oauthRefreshTokens, grant: oauthGrants })
    .from(oauthRefreshTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
    .where(eq(oauthRefreshTokens.tokenHash, hashSecret(o.refreshToken)))
    .limit(1);
  if (!row || row.grant.appId !== app.id)
    throw new OAuthError(400, "invalid_grant", "The refresh token is not valid.");
  const now = o.clock();
  if (row.token.usedAt) {
    await revokeGrant(o.db, o.clock, row.grant.id);
    throw new OAuthError(
      400,
      "invalid_grant",
      "The refresh token was already used; the authorization is revoked.",
    );
  }
  if (row.grant.revokedAt || row.token.expiresAt <= now)
    throw new OAuthError(400, "invalid_grant", "The refresh token has expired or was revoked.");
  checkResource(o.resource, row.grant.resource, o.resources);
  const used = await o.db
    .update(oauthRefreshTokens)
    .set({ usedAt: now })
    .where(and(eq(oauthRefreshTokens.id, row.token.id), isNull(oauthRefreshTokens.usedAt)))
    .returning({ id: oauthRefreshTokens.id });
  if (used.length === 0) {
    await revokeGrant(o.db, o.clock, row.grant.id);
    throw new OAuthError(
      400,
      "invalid_grant",
      "The refresh token was already used; the authorization is revoked.",
    );
  }
  return issueTokens({
    db: o.db,
    auth: o.auth,
    clock: o.clock,
    resources: o.resources,
    grant: row.grant,
    clientId: app.clientId,
  });
}

/** POST /oauth/revoke (RFC 7009): a refresh token ends its grant; unknown tokens are not an error. */
export async function revokeToken(o: {
  db: Db;
  clock: Clock;
  client: ClientCredentials;
  token: string | undefined;
}) {
  const app = await authenticateClient(o.db, o.client);
  if (!o.token) throw new OAuthError(400, "invalid_request", "token is required.");
  const [row] = await o.db
    .select({ grantId: oauthGrants.id, appId: oauthGrants.appId })
    .from(oauthRefreshTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthRefreshTokens.grantId))
    .where(eq(oauthRefreshTokens.tokenHash, hashSecret(o.token)))
    .limit(1);
  if (row && row.appId === app.id) await revokeGrant(o.db, o.clock, row.grantId);
}

/** A live grant by id (the credential seam's check of an access token's `gid`). */
export async function liveGrant(db: Db, grantId: string) {
  const [grant] = await db
    .select({
      id: oauthGrants.id,
      userId: oauthGrants.userId,
      scopes: oauthGrants.scopes,
      resource: oauthGrants.resource,
    })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)))
    .limit(1);
  return grant ?? null;
}
