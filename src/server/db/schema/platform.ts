// Kairo as a platform (issue 26): Better Auth's jwt plugin's signing keys, OAuth apps a team
// registers, the authorizations people give them, refresh tokens, personal API keys and the audit
// of what each credential did. Every secret is stored as a SHA-256 hash (it is random and long, so a
// slow hash adds nothing), never as itself; the one exception, the signing keys' private half, is
// encrypted by Better Auth with the server secret.
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organization, user } from "./auth.ts";

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Better Auth's jwt plugin: its key pairs (property names are the ones its adapter expects). */
export const jwks = pgTable("jwks", {
  id: text("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: tstz("created_at").notNull(),
  expiresAt: tstz("expires_at"),
  alg: text("alg"),
  crv: text("crv"),
});

/**
 * An OAuth client: one a team's owner or admin registered (confidential, with a secret), or one an
 * AI assistant registered itself through dynamic client registration (decision 294: public, no
 * secret, no team, the MCP server its only resource). Deleting one ends every grant it holds.
 */
export const oauthApps = pgTable(
  "oauth_apps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The registering team; null for a dynamically registered client. */
    organizationId: text("organization_id").references(() => organization.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /** team: registered in Settings → Developer; dynamic: by RFC 7591 at /oauth/register. */
    registration: text("registration").notNull().default("team"),
    name: text("name").notNull(),
    clientId: text("client_id").notNull(),
    /** Null for a public client (token_endpoint_auth_method none: PKCE is its only proof). */
    clientSecretHash: text("client_secret_hash"),
    redirectUris: jsonb("redirect_uris").$type<string[]>().notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("oauth_apps_client_id_idx").on(t.clientId),
    index("oauth_apps_org_idx").on(t.organizationId),
  ],
);

/**
 * One authorization request, from the consent page to the code it ends in. Its id is the spec's
 * `/oauth/authorizations/{id}`. The code (hash) is single-use: a second use revokes the grant.
 */
export const oauthAuthorizations = pgTable(
  "oauth_authorizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => oauthApps.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    redirectUri: text("redirect_uri").notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    state: text("state"),
    codeChallenge: text("code_challenge").notNull(),
    /** The resource the token is for (RFC 8707): api (/api/v1) or mcp (/mcp); its audience. */
    resource: text("resource").notNull().default("api"),
    /** pending, approved (a code was issued), denied, used (the code was exchanged). */
    status: text("status").notNull().default("pending"),
    codeHash: text("code_hash"),
    grantId: uuid("grant_id"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("oauth_authorizations_code_idx").on(t.codeHash),
    index("oauth_authorizations_user_idx").on(t.userId),
  ],
);

/** What a person allowed one app; revoking it ends its refresh and access tokens at once. */
export const oauthGrants = pgTable(
  "oauth_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => oauthApps.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    /** The resource its access tokens are for: api or mcp (as the authorization that made it). */
    resource: text("resource").notNull().default("api"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    revokedAt: tstz("revoked_at"),
  },
  (t) => [index("oauth_grants_user_idx").on(t.userId, t.createdAt)],
);

/** Refresh tokens: each use rotates it (usedAt set, a new one issued); reuse of a used one revokes the grant. */
export const oauthRefreshTokens = pgTable(
  "oauth_refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    grantId: uuid("grant_id")
      .notNull()
      .references(() => oauthGrants.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
  },
  (t) => [
    uniqueIndex("oauth_refresh_tokens_hash_idx").on(t.tokenHash),
    index("oauth_refresh_tokens_grant_idx").on(t.grantId),
  ],
);

/** Personal API keys: shown once, stored hashed; `prefix` is the part a person sees again. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    tokenHash: text("token_hash").notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    expiresAt: tstz("expires_at").notNull(),
    lastUsedAt: tstz("last_used_at"),
    createdAt: tstz("created_at").notNull().defaultNow(),
    revokedAt: tstz("revoked_at"),
  },
  (t) => [
    uniqueIndex("api_keys_token_hash_idx").on(t.tokenHash),
    index("api_keys_user_idx").on(t.userId, t.createdAt),
  ],
);

/** What a credential did through /api/v1: written by the credential seam, shown under Connected apps. */
export const apiAudit = pgTable(
  "api_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    grantId: uuid("grant_id").references(() => oauthGrants.id, { onDelete: "cascade" }),
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: text("status").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("api_audit_grant_idx").on(t.grantId, t.createdAt),
    index("api_audit_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * /api/v1's `Idempotency-Key` (decision 257): one row per person and key, holding the request's
 * hash and, once the call has answered, its status and body; a repeat within 24 hours gets that
 * answer again. `status` null: the first call is still running.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    operation: text("operation").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    body: jsonb("body"),
    createdAt: tstz("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("api_idempotency_keys_user_key_idx").on(t.userId, t.operation, t.key),
    index("api_idempotency_keys_created_idx").on(t.createdAt),
  ],
);
