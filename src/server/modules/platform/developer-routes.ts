// Settings → Developer and Connected apps (issue 26): a team's OAuth apps, personal API keys, and
// the apps a person granted with their recent actions.
import { Hono } from "hono";
import {
  apiKeyListResponse,
  appListResponse,
  connectedAppsResponse,
  createApiKeyBody,
  createAppBody,
  createdApiKeyResponse,
  createdAppResponse,
} from "#shared/contracts/platform.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { createKey, listKeys, revokeKey } from "./api-keys.ts";
import { createApp, deleteApp, listApps } from "./apps.ts";
import { listConnectedApps, revokeConnectedApp } from "./connected-apps.ts";

type Deps = Pick<AppDeps, "database" | "clock" | "entitlements">;

export function developerRoutes(deps: Deps) {
  const db = deps.database.db;
  const o = { db, clock: deps.clock, entitlements: deps.entitlements };
  return new Hono<AppBindings>()
    .get("/apps", async (c) =>
      reply(c, appListResponse, await listApps({ ...o, personId: requireUser(c).id })),
    )
    .post("/apps", async (c) => {
      const personId = requireUser(c).id;
      const body = await readJson(c, createAppBody);
      return reply(c, createdAppResponse, await createApp({ ...o, personId, body }), 201);
    })
    .delete("/apps/:id", async (c) => {
      await deleteApp({ ...o, personId: requireUser(c).id, appId: idParam(c, "id", "App") });
      return c.body(null, 204);
    })
    .get("/keys", async (c) =>
      reply(c, apiKeyListResponse, await listKeys({ db, personId: requireUser(c).id })),
    )
    .post("/keys", async (c) => {
      const personId = requireUser(c).id;
      const body = await readJson(c, createApiKeyBody);
      return reply(c, createdApiKeyResponse, await createKey({ ...o, personId, body }), 201);
    })
    .delete("/keys/:id", async (c) => {
      await revokeKey({
        db,
        clock: deps.clock,
        personId: requireUser(c).id,
        keyId: idParam(c, "id", "API key"),
      });
      return c.body(null, 204);
    });
}

export function connectedAppsRoutes(deps: Deps) {
  const db = deps.database.db;
  return new Hono<AppBindings>()
    .get("/", async (c) =>
      reply(c, connectedAppsResponse, await listConnectedApps({ db, personId: requireUser(c).id })),
    )
    .delete("/:id", async (c) => {
      await revokeConnectedApp({
        db,
        clock: deps.clock,
        personId: requireUser(c).id,
        grantId: idParam(c, "id", "Connected app"),
      });
      return c.body(null, 204);
    });
}
