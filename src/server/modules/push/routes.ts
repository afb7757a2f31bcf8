// /api/push: the VAPID public key, the person's browser subscriptions, and a test notification
// (Settings > Notifications: "Send a test notification").
import { Hono } from "hono";
import {
  pushSubscribeBody,
  pushSubscriptionDto,
  pushSubscriptionListResponse,
  pushTestResponse,
  vapidPublicKeyResponse,
} from "#shared/contracts/push.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requestHeader } from "../../http/request-header.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { listPushSubscriptions, removePushSubscription, subscribePush } from "./subscriptions.ts";

export function pushRoutes(deps: Pick<AppDeps, "database" | "clock" | "push" | "pushEndpoints">) {
  const db = deps.database.db;
  return new Hono<AppBindings>()
    .get("/vapid-public-key", (c) => {
      requireUser(c);
      return reply(c, vapidPublicKeyResponse, { publicKey: deps.push.publicKey });
    })
    .get("/subscriptions", async (c) => {
      const person = requireUser(c);
      return reply(c, pushSubscriptionListResponse, {
        subscriptions: await listPushSubscriptions(db, person.id),
      });
    })
    .post("/subscriptions", async (c) => {
      const person = requireUser(c);
      const body = await readJson(c, pushSubscribeBody);
      const { subscription, created } = await subscribePush({
        db,
        clock: deps.clock,
        policy: deps.pushEndpoints,
        personId: person.id,
        body,
        userAgent: requestHeader(c, "user-agent") ?? "",
      });
      return reply(c, pushSubscriptionDto, subscription, created ? 201 : 200);
    })
    .delete("/subscriptions/:id", async (c) => {
      const person = requireUser(c);
      await removePushSubscription(db, person.id, idParam(c, "id", "Push subscription"));
      return c.body(null, 204);
    })
    .post("/test", async (c) => {
      const person = requireUser(c);
      const queued = await deps.push.notify(
        person.id,
        {
          id: `test-${crypto.randomUUID()}`,
          kind: "test",
          title: "Notifications are on",
          body: "Kairo's reminders will appear here, even with no Kairo tab open.",
          url: "/settings",
        },
        { ttlSeconds: 300, urgency: "normal" },
      );
      return reply(c, pushTestResponse, { queued }, 202);
    });
}
