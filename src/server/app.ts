// Builds the Hono app: ordered middleware, module mounts and the single error handler.
// Everything it depends on arrives in `deps` from the composition root (main.ts or a test).
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { IMPORT_MAX_BODY_BYTES } from "#shared/contracts/import.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { mountApiRoutes } from "./api-routes.ts";
import { authRoutes } from "./auth/routes.ts";
import type { AppDeps } from "./deps.ts";
import { withClientIp } from "./http/client-ip.ts";
import { compression } from "./http/compression.ts";
import { everyResponse } from "./http/every-response.ts";
import { onError } from "./http/on-error.ts";
import { originCheck } from "./http/origin-check.ts";
import { requestHeader } from "./http/request-header.ts";
import { sessionMiddleware } from "./http/session.ts";
import { siteFiles } from "./http/site-files.ts";
import { staticWeb } from "./http/static-web.ts";
import { testClockMiddleware } from "./http/test-clock.ts";
import type { AppBindings } from "./http/types.ts";
import { MAX_JSON_BYTES } from "./http/validate.ts";
import { personWriteLimit } from "./http/write-limit.ts";
import { lastActiveMiddleware } from "./modules/account/last-active.ts";
import { icalFeedRoutes } from "./modules/calendar-integrations/ical-routes.ts";
import { mcpRoutes } from "./modules/mcp/routes.ts";
import { oauthRoutes } from "./modules/platform/oauth-routes.ts";
import { problemDetails } from "./modules/platform/problem.ts";

export function createApp(deps: AppDeps) {
  const app = new Hono<AppBindings>();

  // The request id, its logger, the security headers, HSTS and the API's Cache-Control: no-store,
  // in one pass (decision 115). API answers are personal: no browser or proxy keeps a copy.
  app.use("*", everyResponse({ logger: deps.logger, trustProxy: deps.trustProxy }));
  // Inside it, so it sees every answer as it leaves (decision 030).
  app.use("*", compression({ skip: (path) => path.startsWith("/api/auth/") }));
  // The public API answers its errors as RFC 9457 problem documents, whichever layer refused
  // (decision 255); the rest of /api keeps its own error shape.
  app.use("/api/v1/*", problemDetails());

  // One layer for what every API request needs before its route (fewer layers, less work each):
  // - the client's address: the first X-Forwarded-For hop behind a trusted proxy, else the socket's.
  //   Our limits read it from here; Better Auth reads it from one header we set ourselves, so only
  //   its own calls pay for a copy of the request (a copied Request costs more than an /api/me answer);
  // - the rate limits' store, clock and switch;
  // - cross-site mutations refused before anything reads their body, Better Auth's calls included
  //   (Better Auth then checks again with the same rule); the Stripe webhook is signed instead;
  // - the body limit. A GET or HEAD is neither checked for origin (decision 018: safe methods pass)
  //   nor has a body to limit (asking for it would build a whole web Request on Node).
  const limits = { store: deps.rateLimitStore, clock: deps.clock, enabled: deps.rateLimitEnabled };
  const checkOrigin = originCheck({
    policy: deps.originPolicy,
    exempt: (path) => path === "/api/billing/stripe/webhook",
  });
  const limitBody = bodyLimit({ maxSize: MAX_JSON_BYTES });
  // An import carries the whole file (decision 275): its own, larger limit.
  const limitImport = bodyLimit({ maxSize: IMPORT_MAX_BODY_BYTES });
  const clientContext = (c: Context<AppBindings>) => {
    const forwarded = deps.trustProxy
      ? requestHeader(c, "x-forwarded-for")?.split(",")[0]?.trim()
      : undefined;
    let ip = forwarded;
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address;
      } catch {
        ip = undefined;
      }
    }
    c.set("clientIp", ip ?? null);
    c.set("rateLimiting", limits);
  };
  // Outside /api, the two addresses that count calls: app registration (per address) and the MCP
  // server (per grant). They take no cookie, so no origin check; each limits its own body.
  for (const path of ["/oauth/register", "/mcp"]) {
    app.use(path, (c, next) => {
      clientContext(c);
      return next();
    });
  }
  app.use("/api/*", (c, next) => {
    clientContext(c);
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    // bodyLimit refuses by throwing (a 413); what it returns is only next()'s result.
    return checkOrigin(c, async () => {
      await (c.req.path.startsWith("/api/import/") ? limitImport : limitBody)(c, next);
    });
  });
  if (deps.nodeEnv === "test") app.use("/api/*", testClockMiddleware());
  app.use("/api/auth/*", async (c, next) => {
    c.req.raw = new Request(c.req.raw, { headers: withClientIp(c.req.raw.headers, c.get("clientIp")) });
    await next();
  });

  // -- team: /api/team is the one way to change a team (it enforces the paid seats); Better Auth's
  // own organization endpoints would bypass that, so they are closed.
  app.all("/api/auth/organization/*", () => {
    throw new AppError("NOT_FOUND", "No such API route.");
  });
  // -- admin: /api/admin is the one way to change roles, bans and plans (it keeps the last super
  // admin and writes the audit log); Better Auth's own admin endpoints would bypass that.
  app.all("/api/auth/admin/*", () => {
    throw new AppError("NOT_FOUND", "No such API route.");
  });
  // -- the jwt plugin's session-to-JWT call is not offered: access tokens come from /oauth/token only.
  app.all("/api/auth/token", () => {
    throw new AppError("NOT_FOUND", "No such API route.");
  });
  app.route("/api/auth", authRoutes(deps.auth));
  app.use("/api/*", sessionMiddleware(deps.auth, deps.database.db));
  // After the session check (it needs to know who) and before anything else takes a connection.
  app.use("/api/*", personWriteLimit());
  app.use("/api/*", lastActiveMiddleware({ db: deps.database.db, clock: deps.clock }));
  // Every module's routes, then a 404 for any other /api address.
  mountApiRoutes(app, deps);

  // Calendar apps subscribe here with no session: the secret in the address is the credential.
  app.route("/ical", icalFeedRoutes(deps));
  // The OAuth provider: discovery, signing keys, authorize, token and the spec's consent calls.
  app.route("/", oauthRoutes(deps));
  // The remote MCP server for AI assistants, protected by that provider (decision 293).
  app.route("/", mcpRoutes(deps));
  app.route("/", siteFiles(deps.publicUrl));
  if (deps.webRoot) app.route("/", staticWeb(deps.webRoot, { publicUrl: deps.publicUrl }));

  app.onError(onError);
  return app;
}

export type KairoApp = ReturnType<typeof createApp>;
