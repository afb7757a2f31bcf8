// The credential seam of /api/v1 (issue 26): `Authorization: Bearer <api key | access token>`
// resolves to the person and the scopes the credential carries; a cookie session is the person with
// every scope. Errors are RFC 9457 problem details with RFC 6750's WWW-Authenticate. Each call made
// with a key or an app's token leaves an audit row (Connected apps shows them), written behind the
// answer (decision 300): a key's call costs the server what a cookie's does.
import { and, eq, isNull } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { API_SCOPES, type ApiScope } from "#shared/domain/api-scopes.ts";
import type { Auth } from "../../auth/auth.ts";
import type { Db } from "../../db/client.ts";
import { param } from "../../db/prepared.ts";
import { user } from "../../db/schema/auth.ts";
import { apiAudit, apiKeys } from "../../db/schema/platform.ts";
import type { Clock } from "../../db/transaction.ts";
import { countInWindow, rateLimitingOf, type WindowCount } from "../../http/rate-limit.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import type { AppBindings } from "../../http/types.ts";
import type { Logger } from "../../logger.ts";
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

type AuditRow = typeof apiAudit.$inferInsert;

/** How long audit rows wait to be written together (decision 300). */
export const AUDIT_FLUSH_MS = 1000;
/** The most rows one insert takes. */
const AUDIT_BATCH = 1000;

/**
 * Writes audit rows and keys' last use behind the answers (decision 300): a call queues its row and
 * is answered at once; the rows of the next AUDIT_FLUSH_MS go in one insert, so a key's call costs
 * the database a share of one commit instead of a commit of its own. `drain` writes what is queued
 * now and resolves once it is written (on close, and in tests before they read the rows).
 */
export function backgroundWriter(db: Db, logger: Pick<Logger, "error">) {
  const rows: AuditRow[] = [];
  let lastUsed = new Map<string, Date>();
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = async () => {
    while (rows.length > 0 || lastUsed.size > 0) {
      const batch = rows.splice(0, AUDIT_BATCH);
      const used = lastUsed;
      lastUsed = new Map();
      try {
        if (batch.length > 0) await db.insert(apiAudit).values(batch);
        for (const [id, at] of used)
          await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
      } catch (err) {
        logger.error({ err, rows: batch.length }, "API audit rows could not be written");
      }
    }
    running = null;
  };
  const run = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    running ??= Promise.resolve().then(flush);
  };
  const later = () => {
    if (running || timer) return; // a running flush takes what arrives meanwhile
    timer = setTimeout(run, AUDIT_FLUSH_MS);
    timer.unref?.();
  };
  return {
    audit(row: AuditRow) {
      rows.push(row);
      later();
    },
    keyUsed(id: string, at: Date) {
      lastUsed.set(id, at);
      later();
    },
    drain: async () => {
      if (timer || rows.length > 0 || lastUsed.size > 0) run();
      while (running) await running;
    },
  };
}
export type BackgroundWriter = ReturnType<typeof backgroundWriter>;

export function credentialMiddleware(o: {
  db: Db;
  auth: Auth;
  clock: Clock;
  resourceMetadata: string;
  writer: BackgroundWriter;
}): MiddlewareHandler<V1Bindings> {
  // A key and its person in one indexed, prepared query (as the session check reads a session and
  // its person): a key's call makes as many round trips as a cookie's.
  const keyQuery = o.db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      emailVerified: user.emailVerified,
      banned: user.banned,
    })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.userId))
    .where(and(eq(apiKeys.tokenHash, param("hash")), isNull(apiKeys.revokedAt)))
    .limit(1)
    .prepare("kairo_api_key_by_hash");
  /** Keys whose last use this instance has queued, and when: at most one write a minute per key. */
  const usedAt = new Map<string, number>();

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
    let person: {
      id: string;
      email: string;
      name: string;
      role: string | null;
      emailVerified: boolean;
    } | null;
    let credential: ApiCredential;
    if (token.startsWith(PREFIX.apiKey)) {
      const [key] = await keyQuery.execute({ hash: hashSecret(token) });
      if (!key || key.expiresAt <= now) return invalid(c, "The API key is unknown, expired or revoked.");
      person = key.banned ? null : { ...key, id: key.userId };
      credential = { kind: "api_key", scopes: key.scopes, apiKeyId: key.id, grantId: null };
      const last = Math.max(key.lastUsedAt?.getTime() ?? 0, usedAt.get(key.id) ?? 0);
      if (now.getTime() - last >= LAST_USED_EVERY_MS) {
        if (usedAt.size > 10_000) usedAt.clear();
        usedAt.set(key.id, now.getTime());
        o.writer.keyUsed(key.id, now);
      }
    } else {
      const verified = await o.auth.api.verifyJWT({ body: { token } }).catch(() => null);
      const payload = verified?.payload as { sub?: string; gid?: string; scope?: string } | null | undefined;
      if (!payload?.sub || typeof payload.gid !== "string")
        return invalid(c, "The access token is not valid.");
      const grant = await liveGrant(o.db, payload.gid);
      if (!grant || grant.userId !== payload.sub) return invalid(c, "The access token was revoked.");
      const tokenScopes = (payload.scope ?? "").split(" ");
      credential = {
        kind: "oauth",
        scopes: grant.scopes.filter((s) => tokenScopes.includes(s)),
        apiKeyId: null,
        grantId: grant.id,
      };
      person = await personById(grant.userId);
    }
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
      audit(c, person.id, credential, limited.status);
      return limited;
    }
    await next();
    audit(c, person.id, credential, c.res.status);
  };

  function audit(c: Context, userId: string, credential: ApiCredential, status: number) {
    o.writer.audit({
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
