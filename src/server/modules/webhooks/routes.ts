// /api/webhooks: the person's webhook endpoints (Settings → Webhooks), their secrets, delivery log
// and Redeliver. Thin: validate, call the use case, shape the answer.
import { Hono } from "hono";
import {
  webhookCreateBody,
  webhookCreatedResponse,
  webhookDeliveryListResponse,
  webhookEndpointDto,
  webhookListResponse,
  webhookSecretResponse,
  webhookUpdateBody,
} from "#shared/contracts/webhooks.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  revealWebhookSecret,
  updateWebhook,
} from "./endpoints.ts";

const WHAT = "Webhook";

export function webhookRoutes(
  deps: Pick<AppDeps, "database" | "clock" | "secretBox" | "entitlements" | "webhooks">,
) {
  const db = deps.database.db;
  const use = {
    db,
    clock: deps.clock,
    secretBox: deps.secretBox,
    entitlements: deps.entitlements,
    checkUrl: deps.webhooks.checkUrl,
  };
  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const person = requireUser(c);
      return reply(c, webhookListResponse, { endpoints: await listWebhooks(db, person.id) });
    })
    .post("/", async (c) => {
      const person = requireUser(c);
      const body = await readJson(c, webhookCreateBody);
      const created = await createWebhook({ ...use, personId: person.id, body });
      c.header("cache-control", "no-store");
      return reply(c, webhookCreatedResponse, created, 201);
    })
    .patch("/:id", async (c) => {
      const person = requireUser(c);
      const id = idParam(c, "id", WHAT);
      const body = await readJson(c, webhookUpdateBody);
      const endpoint = await updateWebhook({ ...use, personId: person.id, id, body });
      if (body.enabled) deps.webhooks.delivery.kick();
      return reply(c, webhookEndpointDto, endpoint);
    })
    .delete("/:id", async (c) => {
      const person = requireUser(c);
      await deleteWebhook(db, person.id, idParam(c, "id", WHAT));
      return c.body(null, 204);
    })
    .post("/:id/secret", async (c) => {
      const person = requireUser(c);
      const secret = await revealWebhookSecret({ ...use, personId: person.id, id: idParam(c, "id", WHAT) });
      c.header("cache-control", "no-store");
      return reply(c, webhookSecretResponse, { secret });
    })
    .get("/:id/deliveries", async (c) => {
      const person = requireUser(c);
      const deliveries = await listWebhookDeliveries(db, person.id, idParam(c, "id", WHAT));
      return reply(c, webhookDeliveryListResponse, { deliveries });
    })
    .post("/:id/deliveries/:deliveryId/redeliver", async (c) => {
      const person = requireUser(c);
      await redeliverWebhook({
        ...use,
        personId: person.id,
        id: idParam(c, "id", WHAT),
        deliveryId: idParam(c, "deliveryId", "Delivery"),
      });
      deps.webhooks.delivery.kick();
      return c.body(null, 202);
    });
}
