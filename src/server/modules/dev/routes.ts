import { Hono } from "hono";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppDeps } from "../../deps.ts";
import type { AppBindings } from "../../http/types.ts";

/** GET /api/dev/mail: the development outbox, newest first. Exists only outside production. */
export function devRoutes(deps: Pick<AppDeps, "mailer" | "nodeEnv">) {
  const app = new Hono<AppBindings>();
  app.get("/mail", (c) => {
    const mailer = deps.mailer;
    if (mailer.kind !== "outbox" || deps.nodeEnv === "production" || !("list" in mailer)) {
      throw new AppError("NOT_FOUND", "No such API route.");
    }
    return c.json((mailer as { list(): unknown[] }).list());
  });
  return app;
}
