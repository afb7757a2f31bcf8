// The OAuth 2.1 provider's addresses (decision 190): discovery, signing keys, protected-resource
// metadata, the authorization and token endpoints, revocation, and the spec's consent calls
// (section 7: GET /oauth/authorizations/{id}, POST /oauth/authorizations/{id}/consent).
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { authorizationDto, consentBody, consentResponse } from "#shared/contracts/platform.ts";
import { uuidParam } from "#shared/contracts/tasks.ts";
import { API_SCOPES, MCP_SCOPES } from "#shared/domain/api-scopes.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { apiAudience, mcpAudience } from "../../auth/auth.ts";
import type { AppDeps } from "../../deps.ts";
import { originCheck } from "../../http/origin-check.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { reply } from "../../http/reply.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { requireUser, sessionMiddleware } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { RegistrationError, registerClient } from "./client-registration.ts";
import {
  type ClientCredentials,
  decideAuthorization,
  exchangeCode,
  OAuthError,
  readAuthorization,
  refreshTokens,
  revokeToken,
  startAuthorization,
} from "./oauth-server.ts";

type Deps = Pick<AppDeps, "database" | "auth" | "clock" | "publicUrl" | "originPolicy">;

export function oauthMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    // Dynamic client registration (RFC 7591): how an AI assistant joins by Kairo's address alone.
    registration_endpoint: `${issuer}/oauth/register`,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    scopes_supported: [...API_SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    // "none": the public clients registered at /oauth/register (decision 294).
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    revocation_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${issuer}/settings`,
  };
}

/** The client's credentials from HTTP Basic (RFC 6749 2.3.1, form-encoded parts) or the body. */
function clientCredentials(c: Context, body: Record<string, string | undefined>): ClientCredentials {
  const header = c.req.header("authorization");
  if (header?.startsWith("Basic ")) {
    const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon > 0) {
      try {
        return {
          clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
          clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
        };
      } catch {
        return { clientId: null, clientSecret: null };
      }
    }
  }
  return { clientId: body.client_id ?? null, clientSecret: body.client_secret ?? null };
}

async function formBody(c: Context): Promise<Record<string, string | undefined>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded"))
    throw new OAuthError(400, "invalid_request", "The body must be application/x-www-form-urlencoded.");
  const params = new URLSearchParams(await c.req.text());
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of params) {
    if (k in out) throw new OAuthError(400, "invalid_request", `Parameter ${k} is repeated.`);
    out[k] = v;
  }
  return out;
}

function oauthErrorReply(c: Context, err: OAuthError) {
  if (err.status === 401) c.header("WWW-Authenticate", 'Basic realm="kairo"');
  c.header("Cache-Control", "no-store");
  return c.json({ error: err.error, error_description: err.description }, err.status);
}

export function oauthRoutes(deps: Deps) {
  const db = deps.database.db;
  const issuer = new URL(deps.publicUrl).origin;
  const resources = { api: apiAudience(deps.publicUrl), mcp: mcpAudience(deps.publicUrl) };
  const metadata = oauthMetadata(issuer);
  // RFC 9728: one document per protected resource, at the well-known address with its path.
  const describe = (resource: string, name: string, scopes: readonly string[]) => ({
    resource,
    authorization_servers: [issuer],
    scopes_supported: [...scopes],
    bearer_methods_supported: ["header"],
    resource_name: name,
  });
  const protectedResource = describe(resources.api, "Kairo API", API_SCOPES);
  const mcpResource = describe(resources.mcp, "Kairo MCP server", MCP_SCOPES);
  const session = sessionMiddleware(deps.auth, db);
  const sameOrigin = originCheck({ policy: deps.originPolicy, exempt: () => false });
  const limit = bodyLimit({ maxSize: 16 * 1024 });

  const app = new Hono<AppBindings>()
    .get("/.well-known/oauth-authorization-server", (c) => c.json(metadata))
    .get("/.well-known/openid-configuration", (c) =>
      c.json({
        ...metadata,
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["EdDSA"],
        claims_supported: ["sub", "iss", "aud", "exp", "iat", "scope", "client_id"],
      }),
    )
    .get("/.well-known/jwks.json", async (c) => {
      c.header("Cache-Control", "public, max-age=300");
      return c.json(await deps.auth.api.getJwks());
    })
    .get("/.well-known/oauth-protected-resource", (c) => c.json(protectedResource))
    .get("/.well-known/oauth-protected-resource/api/v1", (c) => c.json(protectedResource))
    .get("/.well-known/oauth-protected-resource/mcp", (c) => c.json(mcpResource));

  app.use("/oauth/authorize", session);
  app.use("/oauth/authorizations/*", session);
  app.use("/oauth/authorizations/*", sameOrigin);
  app.use("/oauth/authorizations/*", limit);
  app.use("/oauth/token", limit);
  app.use("/oauth/revoke", limit);
  app.use("/oauth/register", limit);
  app.use("/oauth/register", rateLimit(ROUTE_LIMITS.oauthRegister));

  app.get("/oauth/authorize", async (c) => {
    const url = new URL(c.req.url);
    const outcome = await startAuthorization({
      db,
      clock: deps.clock,
      issuer,
      resources,
      params: c.req.query(),
      personId: c.get("user")?.id ?? null,
      returnTo: `${url.pathname}${url.search}`,
      loginPath: (returnTo) => `/login?redirect=${encodeURIComponent(returnTo)}`,
    });
    if (outcome.kind === "error") {
      c.header("Cache-Control", "no-store");
      return c.json({ error: outcome.error, error_description: outcome.description }, 400);
    }
    return c.redirect(outcome.location, 302);
  });

  const authorizationId = (c: Context) => {
    const parsed = uuidParam.safeParse(c.req.param("id"));
    if (!parsed.success) throw new AppError("NOT_FOUND", "This authorization request was not found.");
    return parsed.data;
  };

  app.get("/oauth/authorizations/:id", async (c) => {
    const personId = requireUser(c).id;
    const found = await readAuthorization({ db, clock: deps.clock, id: authorizationId(c), personId });
    c.header("Cache-Control", "no-store");
    return reply(c, authorizationDto, found);
  });

  app.post("/oauth/authorizations/:id/consent", async (c) => {
    const personId = requireUser(c).id;
    const id = authorizationId(c);
    const { action } = await readJson(c, consentBody);
    const result = await decideAuthorization({ db, clock: deps.clock, issuer, id, personId, action });
    c.header("Cache-Control", "no-store");
    return reply(c, consentResponse, result);
  });

  app.post("/oauth/token", async (c) => {
    try {
      const body = await formBody(c);
      const client = clientCredentials(c, body);
      const common = { db, auth: deps.auth, clock: deps.clock, resources, client, resource: body.resource };
      let tokens: Awaited<ReturnType<typeof exchangeCode>>;
      if (body.grant_type === "authorization_code") {
        tokens = await exchangeCode({
          ...common,
          code: body.code,
          redirectUri: body.redirect_uri,
          codeVerifier: body.code_verifier,
        });
      } else if (body.grant_type === "refresh_token") {
        tokens = await refreshTokens({ ...common, refreshToken: body.refresh_token });
      } else {
        throw new OAuthError(
          400,
          "unsupported_grant_type",
          "Only authorization_code and refresh_token are supported.",
        );
      }
      c.header("Cache-Control", "no-store");
      return c.json(tokens);
    } catch (err) {
      if (err instanceof OAuthError) return oauthErrorReply(c, err);
      throw err;
    }
  });

  // RFC 7591: a public client, answered 201 with its registration, or 400 naming the problem.
  app.post("/oauth/register", async (c) => {
    c.header("Cache-Control", "no-store");
    let metadata: unknown;
    try {
      metadata = await c.req.json();
    } catch {
      return c.json(
        { error: "invalid_client_metadata", error_description: "The body must be JSON client metadata." },
        400,
      );
    }
    try {
      return c.json(await registerClient({ db, clock: deps.clock, metadata }), 201);
    } catch (err) {
      if (err instanceof RegistrationError)
        return c.json({ error: err.error, error_description: err.message }, 400);
      throw err;
    }
  });

  app.post("/oauth/revoke", async (c) => {
    try {
      const body = await formBody(c);
      await revokeToken({ db, clock: deps.clock, client: clientCredentials(c, body), token: body.token });
      return c.body(null, 200);
    } catch (err) {
      if (err instanceof OAuthError) return oauthErrorReply(c, err);
      throw err;
    }
  });

  return app;
}
