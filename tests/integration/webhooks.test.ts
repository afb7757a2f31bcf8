// Webhooks (issue 26, point 4) through the real HTTP app and the real sender, against a local
// receiver that checks every request with the `standardwebhooks` library (the specification's own),
// on 127.0.0.1, which WEBHOOK_ALLOWED_HOSTS lets the sender reach.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "#server/db/schema/webhooks.ts";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import type {
  WebhookCreatedResponse,
  WebhookDeliveryListResponse,
  WebhookEndpointDto,
  WebhookListResponse,
} from "#shared/contracts/webhooks.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { dbFingerprint } from "../support/db-fingerprint.ts";
import { buyPlan, createVerifiedUser } from "../support/factories.ts";
import type { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { waitFor } from "../support/wait-for.ts";

type Received = { path: string; headers: IncomingHttpHeaders; body: string };
type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

/** The local receiver: records every request, answers as its path is told to. */
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
const answers = new Map<string, Answer>();

let server: TestServer;
let owner: Awaited<ReturnType<typeof createVerifiedUser>>;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body });
      const answer = answers.get(path) ?? { status: 200, body: "ok" };
      setTimeout(() => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? "");
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
  owner = await createVerifiedUser(server);
  await buyPlan(server, owner.client, "team", 2);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const db = () => server.kairo.deps.database.db;
const delivery = () => server.kairo.deps.webhooks.delivery;
/** Waits until the events of the last calls were handled and the passes they started ended. */
async function settle() {
  await server.kairo.deps.events.idle();
  await delivery().idle();
}
const at = (path: string) => received.filter((r) => r.path === path);

async function createHook(client: TestClient, path: string, eventTypes: string[] = ["task.created"]) {
  const res = await client.post<WebhookCreatedResponse>("/api/webhooks", {
    url: `${receiverUrl}${path}`,
    description: `hook ${path}`,
    eventTypes,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function createTask(client: TestClient, title: string) {
  const res = await client.post<TaskDto>("/api/tasks", { title, estimatedMinutes: 30 });
  expect(res.status).toBe(201);
  return res.body;
}

const deliveries = async (client: TestClient, id: string) =>
  (await client.get<WebhookDeliveryListResponse>(`/api/webhooks/${id}/deliveries`)).body.deliveries;

describe("signed deliveries", () => {
  it("sends each subscribed event, signed as Standard Webhooks says, and logs the answer", async () => {
    answers.set("/signed", { status: 200, body: "thanks" });
    const { endpoint, secret } = await createHook(owner.client, "/signed", [
      "task.created",
      "task.completed",
      "timer.stopped",
      "task.deleted",
    ]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The list never carries the secret.
    const list = await owner.client.get<WebhookListResponse>("/api/webhooks");
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6));
    expect(list.body.endpoints.map((e) => e.id)).toContain(endpoint.id);

    const task = await createTask(owner.client, "Hooked task");
    await settle();
    await waitFor(
      async () => at("/signed").length,
      (n) => n >= 1,
      { what: "the first delivery" },
    );
    const first = at("/signed")[0]!;
    // The outside library verifies signature and timestamp, and returns the body.
    const body = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as {
      type: string;
      timestamp: string;
      data: TaskDto;
    };
    expect(body.type).toBe("task.created");
    expect(body.data).toMatchObject({ id: task.id, title: "Hooked task" });
    expect(first.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(first.headers["content-type"]).toBe("application/json");
    // A wrong secret does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(
        first.body,
        first.headers as Record<string, string>,
      ),
    ).toThrow();

    // Timer, completion, deletion: each its own event.
    expect((await owner.client.post(`/api/tasks/${task.id}/timer/start`)).status).toBe(200);
    expect((await owner.client.post(`/api/tasks/${task.id}/timer/stop`)).status).toBe(200);
    expect((await owner.client.patch(`/api/tasks/${task.id}`, { status: "completed" })).status).toBe(200);
    expect((await owner.client.delete(`/api/tasks/${task.id}`)).status).toBe(204);
    await settle();
    const all = await waitFor(
      async () => at("/signed"),
      (r) => r.length >= 4,
      { what: "four deliveries" },
    );
    const types = all.map((r) => {
      const verified = new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
        type: string;
      };
      return verified.type;
    });
    expect(types).toEqual(["task.created", "timer.stopped", "task.completed", "task.deleted"]);

    const log = await deliveries(owner.client, endpoint.id);
    expect(log).toHaveLength(4);
    for (const d of log) {
      expect(d).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200 });
      expect(d.log[0]).toMatchObject({ attempt: 1, statusCode: 200, responseExcerpt: "thanks", error: null });
      expect(d.log[0]!.durationMs).toBeGreaterThanOrEqual(0);
    }

    // The owner may see the secret again.
    const revealed = await owner.client.post<{ secret: string }>(`/api/webhooks/${endpoint.id}/secret`);
    expect(revealed.status).toBe(200);
    expect(revealed.body.secret).toBe(secret);
    expect(revealed.headers.get("cache-control")).toBe("no-store");
  });
});

describe("comments", () => {
  it("sends comment.created to the task owner's endpoints", async () => {
    answers.set("/comments", { status: 200 });
    const { secret } = await createHook(owner.client, "/comments", ["comment.created"]);
    const task = await createTask(owner.client, "Commented task");
    const comment = await owner.client.post<{ id: string }>(`/api/tasks/${task.id}/comments`, {
      body: "Looks good to me",
    });
    expect(comment.status).toBe(201);
    await settle();
    const [got] = await waitFor(
      async () => at("/comments"),
      (r) => r.length === 1,
      { what: "the comment's delivery" },
    );
    expect(new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>)).toMatchObject({
      type: "comment.created",
      data: { id: comment.body.id, taskId: task.id, body: "Looks good to me" },
    });
  });
});

describe("retries", () => {
  it("retries a 500 with growing waits, then delivers; Redeliver sends the same message again", async () => {
    answers.set("/flaky", { status: 500, body: "down" });
    const { endpoint, secret } = await createHook(owner.client, "/flaky");
    const start = new Date();
    server.clock.set(start);
    await createTask(owner.client, "Retried task");
    await settle();
    expect(at("/flaky")).toHaveLength(1);
    let [d] = await deliveries(owner.client, endpoint.id);
    expect(d).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(new Date(d!.nextAttemptAt!).getTime() - start.getTime()).toBe(10_000);
    expect(d!.log[0]).toMatchObject({
      statusCode: 500,
      error: "The endpoint answered 500.",
      responseExcerpt: "down",
    });

    // Not due yet: nothing is sent.
    server.clock.advance(9_000);
    await delivery().deliverDue();
    expect(at("/flaky")).toHaveLength(1);
    server.clock.advance(1_000);
    await delivery().deliverDue();
    expect(at("/flaky")).toHaveLength(2);
    [d] = await deliveries(owner.client, endpoint.id);
    // The second wait is three times the first.
    expect(new Date(d!.nextAttemptAt!).getTime() - server.clock.now().getTime()).toBe(30_000);

    answers.set("/flaky", { status: 204 });
    server.clock.advance(30_000);
    await delivery().deliverDue();
    const tries = at("/flaky");
    expect(tries).toHaveLength(3);
    // One message: the same webhook-id on every attempt, a fresh timestamp each time.
    expect(new Set(tries.map((t) => t.headers["webhook-id"])).size).toBe(1);
    expect(new Set(tries.map((t) => t.headers["webhook-timestamp"])).size).toBe(3);
    [d] = await deliveries(owner.client, endpoint.id);
    expect(d).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 204 });
    expect(d!.log.map((l) => l.statusCode)).toEqual([204, 500, 500]);

    // Redeliver: the same message, signed afresh (at the real time, so the library's freshness check passes).
    server.clock.reset();
    const redelivered = await owner.client.post(`/api/webhooks/${endpoint.id}/deliveries/${d!.id}/redeliver`);
    expect(redelivered.status).toBe(202);
    await settle();
    const again = await waitFor(
      async () => at("/flaky"),
      (r) => r.length === 4,
      { what: "the redelivery" },
    );
    expect(again[3]!.headers["webhook-id"]).toBe(tries[0]!.headers["webhook-id"]);
    new Webhook(secret).verify(again[3]!.body, again[3]!.headers as Record<string, string>);
    [d] = await deliveries(owner.client, endpoint.id);
    expect(d).toMatchObject({ status: "delivered", attempts: 4 });
  });

  it("makes one attempt at a time however many passes run at once", async () => {
    answers.set("/slow", { status: 200, delayMs: 400 });
    const { endpoint } = await createHook(owner.client, "/slow");
    server.clock.set(new Date());
    // Queued with the task, but no pass has run: the clock stands still and the kick finds it due,
    // so wait for that pass to end before racing three more.
    await createTask(owner.client, "Raced task");
    await Promise.all([delivery().deliverDue(), delivery().deliverDue(), delivery().deliverDue()]);
    await settle();
    expect(at("/slow")).toHaveLength(1);
    const [d] = await deliveries(owner.client, endpoint.id);
    expect(d).toMatchObject({ status: "delivered", attempts: 1 });
  });
});

describe("disabling", () => {
  it("disables an endpoint failing for 24 hours, emails its owner, and can be re-enabled", async () => {
    const person = await createVerifiedUser(server);
    await buyPlan(server, person.client, "team", 2);
    answers.set("/dead", { status: 503, body: "gone fishing" });
    const { endpoint } = await createHook(person.client, "/dead");
    const start = new Date();
    server.clock.set(start);
    await createTask(person.client, "Never delivered");
    await settle();
    // Follow the retries: each time to the next attempt, until Kairo gives up.
    let hook: WebhookEndpointDto | undefined;
    for (let i = 0; i < 20; i++) {
      const [d] = await deliveries(person.client, endpoint.id);
      if (d!.status !== "pending") break;
      server.clock.set(d!.nextAttemptAt!);
      await delivery().deliverDue();
    }
    const [d] = await deliveries(person.client, endpoint.id);
    expect(d!.status).toBe("failed");
    const elapsed = new Date(d!.log[0]!.at).getTime() - start.getTime();
    expect(elapsed).toBeLessThanOrEqual(24 * 3600_000);
    expect(elapsed).toBeGreaterThan(18 * 3600_000);
    expect(d!.attempts).toBe(11);
    // Retries ended inside the 24 hours; the endpoint is disabled at the next failure past them.
    hook = (await person.client.get<WebhookListResponse>("/api/webhooks")).body.endpoints[0];
    expect(hook!.enabled).toBe(true);
    server.clock.set(new Date(start.getTime() + 24 * 3600_000 + 60_000));
    await createTask(person.client, "The last straw");
    await settle();
    hook = (await person.client.get<WebhookListResponse>("/api/webhooks")).body.endpoints[0];
    expect(hook).toMatchObject({ enabled: false });
    expect(hook!.disabledReason).toMatch(/failed for 24 hours/);
    await server.kairo.deps.events.idle();
    const mail = await waitFor(
      async () => server.outbox.list().filter((m) => m.to === person.email && /webhook/i.test(m.subject)),
      (m) => m.length === 1,
      { what: "the owner's email" },
    );
    expect(mail[0]!.subject).toBe("Your Kairo webhook was disabled");
    expect(mail[0]!.text).toContain(`${receiverUrl}/dead`);
    // Nothing more is sent while disabled, and nothing is queued for it.
    const sent = at("/dead").length;
    await createTask(person.client, "While disabled");
    await settle();
    expect(at("/dead")).toHaveLength(sent);
    const log = await deliveries(person.client, endpoint.id);
    expect(log.every((x) => x.status !== "pending")).toBe(true);
    // A failed message cannot be redelivered while the endpoint is off.
    const refused = await person.client.post<ErrorBody>(
      `/api/webhooks/${endpoint.id}/deliveries/${log[0]!.id}/redeliver`,
    );
    expect(refused.status).toBe(409);

    answers.set("/dead", { status: 200 });
    const enabled = await person.client.patch<WebhookEndpointDto>(`/api/webhooks/${endpoint.id}`, {
      enabled: true,
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ enabled: true, disabledAt: null, failingSince: null });
    expect(
      (await person.client.post(`/api/webhooks/${endpoint.id}/deliveries/${log[0]!.id}/redeliver`)).status,
    ).toBe(202);
    await settle();
    expect((await deliveries(person.client, endpoint.id))[0]).toMatchObject({ status: "delivered" });
  });
});

describe("the safe sender", () => {
  it("follows no redirect and reads a bounded answer", async () => {
    answers.set("/moved", { status: 302, headers: { location: `${receiverUrl}/target` } });
    answers.set("/huge", { status: 200, body: "x".repeat(1_000_000) });
    const moved = await createHook(owner.client, "/moved");
    const huge = await createHook(owner.client, "/huge");
    server.clock.set(new Date());
    await createTask(owner.client, "Redirected task");
    await settle();
    const [m] = await deliveries(owner.client, moved.endpoint.id);
    expect(m!.log[0]).toMatchObject({ statusCode: 302 });
    expect(m!.log[0]!.error).toMatch(/Redirect to .*\/target not followed/);
    expect(m!.status).toBe("pending");
    expect(at("/target")).toHaveLength(0);
    const [h] = await deliveries(owner.client, huge.endpoint.id);
    expect(h).toMatchObject({ status: "delivered", lastStatusCode: 200 });
    expect(h!.log[0]!.responseExcerpt).toHaveLength(500);
    await owner.client.delete(`/api/webhooks/${moved.endpoint.id}`);
    await owner.client.delete(`/api/webhooks/${huge.endpoint.id}`);
  });

  it("refuses private addresses at the door", async () => {
    const before = await dbFingerprint(db(), ["session"]);
    for (const url of [
      "http://10.0.0.1/hook",
      "https://192.168.1.10/hook",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://[fd00:ec2::254]/hook",
      "https://127.0.0.2/hook",
      "https://localhost/hook",
      "https://metadata.google.internal/computeMetadata/v1/",
      "http://hooks.example.com/plain-http",
      "https://user:pass@hooks.example.com/creds",
    ]) {
      const res = await owner.client.post<ErrorBody>("/api/webhooks", { url, eventTypes: ["task.created"] });
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION");
    }
    expect(await dbFingerprint(db(), ["session"])).toEqual(before);
  });

  it("refuses at send time an address the rule forbids, sending nothing", async () => {
    // Written past the door (as a host whose DNS changed would be): the attempt checks again.
    const { endpoint } = await createHook(owner.client, "/never");
    const port = new URL(receiverUrl).port;
    await db()
      .update(webhookEndpoints)
      .set({ url: `http://127.0.0.2:${port}/never` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    server.clock.set(new Date());
    await createTask(owner.client, "Refused task");
    await settle();
    const [d] = await deliveries(owner.client, endpoint.id);
    expect(d!.log[0]).toMatchObject({ statusCode: null });
    expect(d!.log[0]!.error).toMatch(/127\.0\.0\.2 is a local or private address/);
    expect(at("/never")).toHaveLength(0);
    await owner.client.delete(`/api/webhooks/${endpoint.id}`);
  });
});

describe("bad input and the plan", () => {
  it("answers bad input with a 400 naming the problem and stores nothing", async () => {
    const before = await dbFingerprint(db(), ["session"]);
    const cases: [unknown, RegExp][] = [
      [{ url: "not a url", eventTypes: ["task.created"] }, /address/],
      [{ url: `${receiverUrl}/x`, eventTypes: [] }, /at least one event/],
      [{ url: `${receiverUrl}/x`, eventTypes: ["task.exploded"] }, /Unknown event type/],
      [{ url: `${receiverUrl}/x` }, /events/],
      [{ url: "ftp://example.com/x", eventTypes: ["task.created"] }, /address/],
      [{ url: `${receiverUrl}/x`, eventTypes: ["task.created"], secret: "mine" }, /./],
      [{ url: `${receiverUrl}/${"x".repeat(2100)}`, eventTypes: ["task.created"] }, /2,048/],
    ];
    for (const [body, message] of cases) {
      const res = await owner.client.post<ErrorBody>("/api/webhooks", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    const { endpoint } = await createHook(owner.client, "/bad-input");
    const mid = await dbFingerprint(db(), ["session"]);
    for (const body of [{}, { enabled: "yes" }, { eventTypes: [] }, { url: "http://10.0.0.1/" }]) {
      const res = await owner.client.patch<ErrorBody>(`/api/webhooks/${endpoint.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await dbFingerprint(db(), ["session"])).toEqual(mid);
    await owner.client.delete(`/api/webhooks/${endpoint.id}`);
    expect(await dbFingerprint(db(), ["session"])).toEqual(before);
    // A delivery id that is not one is a 404; one still waiting is a 409.
    expect((await owner.client.post(`/api/webhooks/${endpoint.id}/deliveries/nope/redeliver`)).status).toBe(
      404,
    );
  });

  it("is part of the Team plan: a Pro person is offered Team", async () => {
    const pro = await createVerifiedUser(server);
    await buyPlan(server, pro.client, "pro");
    const res = await pro.client.post<ErrorBody & { error: { requiredPlan?: string } }>("/api/webhooks", {
      url: `${receiverUrl}/pro`,
      eventTypes: ["task.created"],
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("PLAN_REQUIRED");
    expect((await pro.client.get<WebhookListResponse>("/api/webhooks")).body.endpoints).toEqual([]);
  });

  it("holds at most ten endpoints a person", async () => {
    const person = await createVerifiedUser(server);
    await buyPlan(server, person.client, "team", 2);
    for (let i = 0; i < 10; i++) await createHook(person.client, `/many-${i}`);
    const res = await person.client.post<ErrorBody>("/api/webhooks", {
      url: `${receiverUrl}/eleventh`,
      eventTypes: ["task.created"],
    });
    expect(res.status).toBe(409);
    const rows = await db().select().from(webhookDeliveries);
    expect(rows.every((r) => r.userId !== undefined)).toBe(true);
  });
});
