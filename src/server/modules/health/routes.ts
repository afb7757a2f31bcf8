import { Hono } from "hono";
import type { AppDeps } from "../../deps.ts";
import type { AppBindings } from "../../http/types.ts";

/** GET /api/health: {status, database, version}; 503 when the database does not answer. */
export function healthRoutes(deps: Pick<AppDeps, "database" | "version">) {
  return new Hono<AppBindings>().get("/", async (c) => {
    const ok = await deps.database.ping().catch(() => false);
    return c.json(
      { status: ok ? "ok" : "degraded", database: deps.database.kind, version: deps.version },
      ok ? 200 : 503,
    );
  });
}
