// Dynamic client registration (RFC 7591, decision 294): how an AI assistant given only Kairo's MCP
// address becomes an OAuth client. Every client registered here is public (no secret: PKCE is its
// proof, as OAuth 2.1 allows native and browser apps), belongs to no team, may ask only for the
// MCP server as its resource, and is named "not verified" on the consent page. Errors are RFC
// 7591's { error, error_description } so any client library reads them.
import { API_SCOPES, isApiScope, sortScopes } from "#shared/domain/api-scopes.ts";
import type { Db } from "../../db/client.ts";
import { oauthApps } from "../../db/schema/platform.ts";
import type { Clock } from "../../db/transaction.ts";
import { newSecret, PREFIX } from "./secrets.ts";

export class RegistrationError extends Error {
  readonly error: "invalid_client_metadata" | "invalid_redirect_uri";
  constructor(error: "invalid_client_metadata" | "invalid_redirect_uri", description: string) {
    super(description);
    this.error = error;
  }
}

const MAX_REDIRECT_URIS = 5;
const MAX_URI_LENGTH = 2000;
const MAX_NAME_LENGTH = 100;
/** Schemes that can never be a client's callback: they run or read something in the browser. */
const REFUSED_SCHEMES = new Set(["javascript:", "data:", "file:", "vbscript:", "about:", "blob:", "ftp:"]);
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A callback an assistant may register: https anywhere; http only on this computer (a desktop app's
 * loopback listener, RFC 8252 section 7.3); or a private-use scheme of an installed app (section
 * 7.1, e.g. cursor://…). Never a fragment, never credentials in the address.
 */
export function redirectUriProblem(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_URI_LENGTH)
    return "Each redirect URI must be a text of 1 to 2000 characters.";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${value.slice(0, 100)} is not an absolute URI.`;
  }
  if (url.hash || value.includes("#")) return "A redirect URI may not have a fragment (#).";
  if (url.username || url.password) return "A redirect URI may not carry a user name or password.";
  if (REFUSED_SCHEMES.has(url.protocol)) return `The ${url.protocol} scheme cannot be a redirect URI.`;
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname))
    return "A redirect URI must use https, except on this computer (localhost, 127.0.0.1 or [::1]).";
  if (url.protocol === "https:" && !url.hostname) return "A https redirect URI needs a host.";
  return null;
}

type Metadata = Record<string, unknown>;

function stringList(m: Metadata, key: string): string[] | undefined {
  const v = m[key];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string"))
    throw new RegistrationError("invalid_client_metadata", `${key} must be a list of texts.`);
  return v;
}

/** POST /oauth/register: checks the client's metadata, stores it, answers its registration. */
export async function registerClient(o: { db: Db; clock: Clock; metadata: unknown }) {
  const m = o.metadata;
  if (typeof m !== "object" || m === null || Array.isArray(m))
    throw new RegistrationError(
      "invalid_client_metadata",
      "The body must be a JSON object of client metadata.",
    );
  const meta = m as Metadata;

  const redirectUris = stringList(meta, "redirect_uris");
  if (!redirectUris || redirectUris.length === 0)
    throw new RegistrationError("invalid_redirect_uri", "redirect_uris must list at least one address.");
  if (redirectUris.length > MAX_REDIRECT_URIS)
    throw new RegistrationError("invalid_redirect_uri", `At most ${MAX_REDIRECT_URIS} redirect URIs.`);
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new RegistrationError("invalid_redirect_uri", problem);
  }

  const grantTypes = stringList(meta, "grant_types") ?? ["authorization_code", "refresh_token"];
  if (!grantTypes.every((g) => g === "authorization_code" || g === "refresh_token"))
    throw new RegistrationError(
      "invalid_client_metadata",
      "Only the authorization_code and refresh_token grant types are supported.",
    );
  const responseTypes = stringList(meta, "response_types") ?? ["code"];
  if (!responseTypes.every((r) => r === "code"))
    throw new RegistrationError("invalid_client_metadata", "Only the code response type is supported.");

  // Whatever method the client asks for, it is registered public: no secret is ever issued here
  // (RFC 7591 section 3.2.1 lets the server choose; the answer says which).
  const authMethod = meta.token_endpoint_auth_method;
  if (authMethod !== undefined && typeof authMethod !== "string")
    throw new RegistrationError("invalid_client_metadata", "token_endpoint_auth_method must be a text.");

  const rawName = meta.client_name;
  if (rawName !== undefined && typeof rawName !== "string")
    throw new RegistrationError("invalid_client_metadata", "client_name must be a text.");
  const name = (rawName ?? "").replace(/\p{Cc}/gu, "").trim() || "AI assistant";
  if (name.length > MAX_NAME_LENGTH)
    throw new RegistrationError(
      "invalid_client_metadata",
      `client_name is longer than ${MAX_NAME_LENGTH} characters.`,
    );

  const rawScope = meta.scope;
  if (rawScope !== undefined && typeof rawScope !== "string")
    throw new RegistrationError("invalid_client_metadata", "scope must be a space-separated text.");
  const asked = (rawScope ?? "").split(" ").filter(Boolean);
  const unknown = asked.find((s) => !isApiScope(s));
  if (unknown)
    throw new RegistrationError("invalid_client_metadata", `Unknown scope: ${unknown.slice(0, 50)}.`);
  const scopes = asked.length > 0 ? sortScopes(asked) : [...API_SCOPES];

  const now = o.clock();
  const [row] = await o.db
    .insert(oauthApps)
    .values({
      organizationId: null,
      registration: "dynamic",
      name,
      clientId: newSecret(PREFIX.clientId, 16),
      clientSecretHash: null,
      redirectUris: [...new Set(redirectUris)],
      scopes,
      createdAt: now,
    })
    .returning();
  return {
    client_id: row!.clientId,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: row!.name,
    redirect_uris: row!.redirectUris,
    grant_types: grantTypes.includes("refresh_token")
      ? ["authorization_code", "refresh_token"]
      : ["authorization_code"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    scope: row!.scopes.join(" "),
  };
}
