// Kairo as a platform (issue 26): OAuth apps, the consent calls, personal API keys and Connected
// apps. The same schemas validate the web forms and the server.
import { z } from "zod";
import { API_KEY_EXPIRY_DAYS, API_SCOPES } from "../domain/api-scopes.ts";
import { projectDto, projectListQuery } from "./projects.ts";
import { taskListQuery, taskListResponse } from "./tasks.ts";

const scopeList = z
  .array(z.enum(API_SCOPES, { error: "Unknown scope." }))
  .min(1, "Choose at least one scope.")
  .max(API_SCOPES.length)
  .transform((s) => [...new Set(s)]);

/** An exact redirect address: https, or http on a loopback host for local tools; no fragment. */
export const redirectUriField = z
  .string()
  .trim()
  .max(500, "A redirect URI is at most 500 characters.")
  .refine((value) => {
    try {
      const url = new URL(value);
      if (url.hash) return false;
      if (url.protocol === "https:") return true;
      return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    } catch {
      return false;
    }
  }, "A redirect URI must be a full https address (http only for localhost), without a #fragment.");

export const createAppBody = z.strictObject({
  name: z.string().trim().min(1, "Name is required.").max(80, "A name is at most 80 characters."),
  redirectUris: z.array(redirectUriField).min(1, "Add at least one redirect URI.").max(10),
  scopes: scopeList,
});
export type CreateAppBody = z.input<typeof createAppBody>;

export const appDto = z.object({
  id: z.string(),
  name: z.string(),
  clientId: z.string(),
  redirectUris: z.array(z.string()),
  scopes: z.array(z.string()),
  createdAt: z.string(),
});
export type AppDto = z.infer<typeof appDto>;

export const appListResponse = z.object({
  /** Whether this person may register apps (a team owner or admin on the Team plan). */
  canManage: z.boolean(),
  teamName: z.string().nullable(),
  limit: z.number(),
  apps: z.array(appDto),
});
export type AppListResponse = z.infer<typeof appListResponse>;

/** The answer to a registration: the only time the client secret is shown. */
export const createdAppResponse = z.object({ app: appDto, clientSecret: z.string() });
export type CreatedAppResponse = z.infer<typeof createdAppResponse>;

export const createApiKeyBody = z.strictObject({
  name: z.string().trim().min(1, "Name is required.").max(80, "A name is at most 80 characters."),
  scopes: scopeList,
  expiresInDays: z.union(
    API_KEY_EXPIRY_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<7>, ...z.ZodLiteral<number>[]],
    {
      error: "Choose an expiry of 7, 30, 90 or 365 days.",
    },
  ),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

export const apiKeyDto = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeyDto>;
export const apiKeyListResponse = z.object({ keys: z.array(apiKeyDto) });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponse>;
export const createdApiKeyResponse = z.object({ key: apiKeyDto, secret: z.string() });
export type CreatedApiKeyResponse = z.infer<typeof createdApiKeyResponse>;

/** GET /oauth/authorizations/{id}: what the consent page shows. */
export const authorizationDto = z.object({
  id: z.string(),
  /** owner: the registering team; null for a client that registered itself (decision 294). */
  app: z.object({ name: z.string(), owner: z.string().nullable() }),
  redirectOrigin: z.string(),
  scopes: z.array(z.object({ scope: z.string(), description: z.string() })),
  status: z.string(),
});
export type AuthorizationDto = z.infer<typeof authorizationDto>;

export const consentBody = z.strictObject({ action: z.enum(["approve", "deny"]) });
export type ConsentBody = z.infer<typeof consentBody>;
export const consentResponse = z.object({ redirectTo: z.string() });

export const connectedAppDto = z.object({
  id: z.string(),
  appName: z.string(),
  /** Null: the app registered itself (decision 294); no team vouches for it. */
  owner: z.string().nullable(),
  scopes: z.array(z.object({ scope: z.string(), description: z.string() })),
  grantedAt: z.string(),
  recentActions: z.array(
    z.object({ method: z.string(), path: z.string(), status: z.string(), at: z.string() }),
  ),
});
export type ConnectedAppDto = z.infer<typeof connectedAppDto>;
export const connectedAppsResponse = z.object({ apps: z.array(connectedAppDto) });
export type ConnectedAppsResponse = z.infer<typeof connectedAppsResponse>;

// -- /api/v1 (decisions 255 to 259)

/** An RFC 9457 problem details document: every /api/v1 error, with our error code as `code`. */
export const problemDocument = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .catchall(z.unknown());
export type ProblemDocument = z.infer<typeof problemDocument>;

/** Who /api/v1/me says the credential belongs to. */
export const v1MeResponse = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  credential: z.enum(["session", "api_key", "oauth"]),
  scopes: z.array(z.string()),
});

/** A page by id order: at most `limit` items after the item whose id is `cursor`. */
export const v1PageQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.uuid({ error: "cursor must be an id from nextCursor" }).optional(),
});

/** GET /api/v1/projects: the projects' filters and a page by id order. */
export const v1ProjectListQuery = projectListQuery.extend(v1PageQuery.shape);
export const v1ProjectListResponse = z.object({
  projects: z.array(projectDto),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});

/** GET /api/v1/pomodoro-sessions: today's sessions in the given IANA time zone (UTC without one). */
export const v1PomodoroQuery = z.strictObject({ tz: z.string().max(64).optional() });

/**
 * GET /api/v1/tasks: the app's filters, paged by `cursor` (an opaque text from `nextCursor`, a place
 * in the list's order: decision 310) or, as the app pages, by `offset`; not both.
 */
export const v1TaskListQuery = taskListQuery
  .extend({
    cursor: z
      .string({ error: "cursor must be a nextCursor from an earlier answer" })
      .min(1, "cursor must be a nextCursor from an earlier answer")
      .max(400, "cursor must be a nextCursor from an earlier answer")
      .optional(),
  })
  .refine((q) => !(q.cursor && q.offset > 0), {
    message: "Send either cursor or offset, not both.",
    path: ["cursor"],
  });
export const v1TaskListResponse = taskListResponse.extend({
  /** Pass as `cursor` for the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});

/** The planner's calls on /api/v1: the IANA time zone to plan in until Settings → Planning has one. */
export const v1PlannerQuery = z.strictObject({ tz: z.string().max(64).optional() });
