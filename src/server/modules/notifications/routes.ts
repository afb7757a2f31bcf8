// GET /api/notifications and POST /api/notifications/read: the bell in the top bar.
import { Hono } from "hono";
import {
  notificationListQuery,
  notificationListResponse,
  notificationReadBody,
  notificationReadResponse,
} from "#shared/contracts/notifications.ts";
import type { AppDeps } from "../../deps.ts";
import { readQuery } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { listNotifications, markNotificationsRead } from "./notifications.ts";

export function notificationRoutes(deps: Pick<AppDeps, "database" | "clock" | "events">) {
  const db = deps.database.db;
  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const person = requireUser(c);
      const { limit } = readQuery(c, notificationListQuery);
      return reply(c, notificationListResponse, await listNotifications(db, person.id, limit));
    })
    .post("/read", async (c) => {
      const personId = requireUser(c).id;
      const body = await readJson(c, notificationReadBody);
      const { events, clock } = deps;
      return reply(
        c,
        notificationReadResponse,
        await markNotificationsRead({ db, events, personId, ids: body.ids ?? "all", clock }),
      );
    });
}
