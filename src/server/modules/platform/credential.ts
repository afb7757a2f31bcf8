// The credential seam of /api/v1 (issue 26): `Authorization: Bearer <api key | access token>`
// resolves to the person and the scopes the credential carries; a cookie session is the person with
// every scope. Errors are RFC 9457 problem details with RFC 6750's WWW-Authenticate. Each call made
// with a key or an app's token leaves an audit row (Connected apps shows them).
import { and, eq, isNull } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { API_SCOPES, type ApiScope } from "#shared/domain/api-scopes.ts";
import type { Auth } from "../../auth/auth.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { apiAudit, apiKeys } from "../../db/schema/platform.ts";
import type { Clock } from "../../db/transaction.ts";
import { countInWindow, rateLimitingOf, type WindowCount } from "../../http/rate-limit.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import type { AppBindings } from "../../http/types.ts";
import { liveGrant } from "./oauth-server.ts";
import { problemResponse } from "./problem.ts";
import { hashSecret, PREFIX } from "./secrets.ts";

export type ApiCredential = {
  kind: "session" | "api_key" | "oauth";
  scopes: readonly string[];
  apiKeyId: string | null;
  grantId: string | null;
};

export type V1Bindings = AppBindings & { Variables: { credential: ApiCredential } };

/** A key's last use is written at most once a minute: a busy key does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

/** An RFC 9457 problem details answer (decision 255) with RFC 6750's challenge. */
export function problem(
  c: Context,
  status: 401 | 403,
  detail: string,
  challenge: string,
  extra: Record<string, unknown> = {},
) {
  return problemResponse(c, status, status === 401 ? "UNAUTHENTICATED" : "FORBIDDEN", detail, {
    extra,
    headers: { "WWW-Authenticate": challenge },
  });
}

export function credentialMiddleware(o: {
  db: Db;
  auth: Auth;
  clock: Clock;
  resourceMetadata: string;
}): MiddlewareHandler<V1Bindings> {
  const personById = async (id: string) => {
    const [row] = await o.db
      .select({
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        emailVerified: user.emailVerified,
        banned: user.banned,
      })
      .from(user)
      .where(eq(user.id, id))
      .limit(1);
    return row && !row.banned ? row : null;
  };

  const invalid = (c: Context, detail: string) =>
    problem(
      c,
      401,
      detail,
      `Bearer error="invalid_token", error_description="${detail}", resource_metadata="${o.resourceMetadata}"`,
    );

  return async (c, next) => {
    const header = c.req.header("authorization");
    if (!header) {
      const sessionUser = c.get("user");
      if (!sessionUser)
        return problem(
          c,
          401,
          "An API key or access token is required: Authorization: Bearer <token>.",
          `Bearer resource_metadata="${o.resourceMetadata}"`,
        );
      const credential: ApiCredential = {
        kind: "session",
        scopes: API_SCOPES,
        apiKeyId: null,
        grantId: null,
      };
      c.set("credential", credential);
      const limited = await limitCall(
        c as unknown as Context<AppBindings>,
        `session:${c.get("sessionId") ?? sessionUser.id}`,
      );
      if (limited) return limited;
      return next();
    }
    const match = /^Bearer ([\x21-\x7e]{10,4096})$/.exec(header);
    if (!match) return invalid(c, "The Authorization header must be: Bearer <token>.");
    const token = match[1]!;
    const now = o.clock();
    let personId: string;
    let credential: ApiCredential;
    if (token.startsWith(PREFIX.apiKey)) {
      const [key] = await o.db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.tokenHash, hashSecret(token)), isNull(apiKeys.revokedAt)))
        .limit(1);
      if (!key || key.expiresAt <= now) return invalid(c, "The API key is unknown, expired or revoked.");
      personId = key.userId;
      credential = { kind: "api_key", scopes: key.scopes, apiKeyId: key.id, grantId: null };
      if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
        await o.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id));
      }
    } else {
      const verified = await o.auth.api.verifyJWT({ body: { token } }).catch(() => null);
      const payload = verified?.payload as { sub?: string; gid?: string; scope?: string } | null | undefined;
      if (!payload?.sub || typeof payload.gid !== "string")
        return invalid(c, "The access token is not valid.");
      const grant = await liveGrant(o.db, payload.gid);
      if (!grant || grant.userId !== payload.sub) return invalid(c, "The access token was revoked.");
      personId = grant.userId;
      const tokenScopes = (payload.scope ?? "").split(" ");
      credential = {
        kind: "oauth",
        scopes: grant.scopes.filter((s) => tokenScopes.includes(s)),
        apiKeyId: null,
        grantId: grant.id,
      };
    }
    const person = await personById(personId);
    if (!person) return invalid(c, "The account of this credential is not active.");
    c.set("user", {
      id: person.id,
      email: person.email,
      name: person.name,
      role: person.role ?? "user",
      emailVerified: person.emailVerified,
    });
    c.set("credential", credential);
    const limited = await limitCall(
      c as unknown as Context<AppBindings>,
      credential.apiKeyId ? `key:${credential.apiKeyId}` : `grant:${credential.grantId}`,
    );
    if (limited) {
      await audit(c, person.id, credential, limited.status);
      return limited;
    }
    await next();
    await audit(c, person.id, credential, c.res.status);
  };

  async function audit(c: Context, userId: string, credential: ApiCredential, status: number) {
    await o.db.insert(apiAudit).values({
      userId,
      grantId: credential.grantId,
      apiKeyId: credential.apiKeyId,
      method: c.req.method,
      path: c.req.path,
      status: String(status),
      createdAt: o.clock(),
    });
  }
}

/**
 * Counts the call against its credential's hourly limit (decision 256) and says where it stands in
 * the IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy` names
 * the quota (q) and window (w), `RateLimit` the remaining calls (r) and seconds until the window
 * resets (t). Past the limit: a 429 problem document with Retry-After. A failing counter store
 * serves the call without headers (as every other limit does).
 */
export async function limitCall(c: Context<AppBindings>, who: string): Promise<Response | null> {
  const r = rateLimitingOf(c);
  if (!r.enabled) return null;
  const limit = ROUTE_LIMITS.apiV1;
  let counted: WindowCount;
  try {
    counted = await countInWindow(r.store, limit, who, r.clock());
  } catch (err) {
    c.get("log")?.error({ err, limit: limit.name }, "rate limit store failed; request served unlimited");
    return null;
  }
  const remaining = Math.max(0, limit.max - counted.count);
  c.header("RateLimit-Policy", `"hourly";q=${limit.max};w=${limit.windowSeconds}`);
  c.header("RateLimit", `"hourly";r=${remaining};t=${counted.retryAfterSeconds}`);
  if (counted.allowed) return null;
  c.get("log")?.warn({ limit: limit.name, who }, "rate limited");
  return problemResponse(c, 429, "RATE_LIMITED", limit.message, {
    headers: { "Retry-After": String(counted.retryAfterSeconds) },
  });
}

/** A 403 insufficient_scope answer unless the credential carries `scope`; null when it does. */
export function missingScope(c: Context<V1Bindings>, scope: ApiScope) {
  if (c.get("credential").scopes.includes(scope)) return null;
  return problem(
    c,
    403,
    `This credential lacks the ${scope} scope.`,
    `Bearer error="insufficient_scope", scope="${scope}"`,
    { error: "insufficient_scope", scope },
  );
}
