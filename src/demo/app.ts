// The in-browser app of the static demo build: the server's own module routes and use cases
// (src/server/api-routes.ts) behind a stubbed session. Sign-in, password reset, password update and
// profile update are refused here as the spec says (the screens say so too); everything else runs
// as on a server, over PGlite in IndexedDB (docs/decisions/082-demo-in-the-browser.md).
import { Hono } from "hono";
import { mountApiRoutes } from "#server/api-routes.ts";
import type { AppDeps } from "#server/deps.ts";
import { onError } from "#server/http/on-error.ts";
import { rateLimiting } from "#server/http/rate-limit.ts";
import { reply } from "#server/http/reply.ts";
import type { AppBindings, SessionUser } from "#server/http/types.ts";
import { betterAuthSession } from "#shared/contracts/auth.ts";
import { DEMO_MODE_DISABLED_MESSAGE } from "#shared/domain/demo-mode.ts";
import { AppError } from "#shared/errors/app-error.ts";

export const DEMO_SESSION_ID = "demo-session";

/** Calls that need a real account: answered with a 403 naming demo mode, nothing changed. */
const DISABLED = [
  { method: "PATCH", path: "/api/profile" },
  { method: "POST", path: "/api/account/delete" },
] as const;

export function createDemoApp(
  deps: AppDeps,
  person: SessionUser,
  actions: { resetData: () => Promise<void> },
) {
  const app = new Hono<AppBindings>();
  app.use("*", async (c, next) => {
    c.set("requestId", crypto.randomUUID?.() ?? String(Date.now()));
    c.set("log", deps.logger);
    c.set("clientIp", null);
    await next();
  });
  app.use("/api/*", rateLimiting({ store: deps.rateLimitStore, clock: deps.clock, enabled: false }));

  // Better Auth's calls: the stubbed session, a sign-out that changes nothing, and the rest disabled.
  const session = () => ({
    user: { ...person, twoFactorEnabled: false },
    session: { id: DEMO_SESSION_ID, expiresAt: new Date(deps.clock().getTime() + 86_400_000).toISOString() },
  });
  // Through the schema the web parses get-session with, so the stub cannot drift from it.
  app.get("/api/auth/get-session", (c) => reply(c, betterAuthSession, session()));
  app.post("/api/auth/sign-out", (c) => c.json({ success: true }));
  app.all("/api/auth/*", () => {
    throw new AppError("FORBIDDEN", DEMO_MODE_DISABLED_MESSAGE);
  });
  for (const { method, path } of DISABLED) {
    app.on(method, path, () => {
      throw new AppError("FORBIDDEN", DEMO_MODE_DISABLED_MESSAGE);
    });
  }
  // "Reset demo data": the browser database is deleted; the page reloads and seeds it afresh.
  app.post("/api/demo-mode/reset", async (c) => {
    await actions.resetData();
    return c.json({ reset: true });
  });

  app.use("/api/*", async (c, next) => {
    c.set("user", person);
    c.set("sessionId", DEMO_SESSION_ID);
    await next();
  });
  mountApiRoutes(app, deps);
  app.onError(onError);
  return app;
}
