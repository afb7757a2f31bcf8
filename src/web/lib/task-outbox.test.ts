// @vitest-environment happy-dom
// The offline capture queue (decision 282): kept per person in this browser, sent oldest first with
// each item's Idempotency-Key, an item removed once created (or refused for good), and the pass
// stopped, everything kept, at a failure worth retrying.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TaskDto } from "#shared/contracts/tasks.ts";
import { setApiTransport } from "./api-client.ts";
import { forgetQueues, newIdempotencyKey, queuedTasks, queueTask, sendQueued } from "./task-outbox.ts";

const task = (title: string): TaskDto => ({
  id: "5f0c2a8e-8c1b-4d0a-9e55-2b1f0c3d4e5a",
  title,
  description: null,
  estimatedMinutes: 30,
  actualMinutes: 0,
  category: "General",
  priority: "medium",
  status: "todo",
  completed: false,
  completedAt: null,
  deadline: null,
  isActive: false,
  activeStartTime: null,
  priorityScore: 50,
  createdAt: "2026-11-27T09:00:00.000Z",
  updatedAt: "2026-11-27T09:00:00.000Z",
  projectId: null,
  milestoneId: null,
  assigneeId: null,
  createdBy: "user-ann",
  updatedBy: "user-ann",
  version: 1,
  subtasksTotal: 0,
  subtasksDone: 0,
  subtasksOpenMinutes: 0,
});

type Sent = { key: string | null; title: string };
let sent: Sent[] = [];

/** Answers each POST with `answer(title)`; records what was sent with which key. */
function server(answer: (title: string) => Response | "network") {
  setApiTransport(async (_path, init) => {
    const title = (JSON.parse(String(init.body)) as { title: string }).title;
    sent.push({ key: new Headers(init.headers).get("idempotency-key"), title });
    const res = answer(title);
    if (res === "network") throw new TypeError("Failed to fetch");
    return res;
  });
}

const hooks = () => ({ onSent: vi.fn(), onRefused: vi.fn() });

beforeEach(() => {
  localStorage.clear();
  sent = [];
});
afterEach(() => setApiTransport((path, init) => fetch(path, init)));

describe("task outbox", () => {
  it("keeps each person's queue apart, and a fresh key for each task", () => {
    const k1 = newIdempotencyKey();
    const k2 = newIdempotencyKey();
    expect(k1).toMatch(/^[0-9a-f]{32}$/);
    expect(k2).not.toBe(k1);
    queueTask("user-ann", { title: "Buy stamps" }, k1);
    queueTask("user-bob", { title: "Bob's" }, k2);
    expect(queuedTasks("user-ann").map((q) => q.body.title)).toEqual(["Buy stamps"]);
    expect(queuedTasks("user-bob").map((q) => q.key)).toEqual([k2]);
    expect(queuedTasks(null)).toEqual([]);
    forgetQueues("user-ann");
    expect(queuedTasks("user-bob")).toEqual([]);
    expect(queuedTasks("user-ann")).toHaveLength(1);
  });

  it("sends oldest first with each key, and empties the queue", async () => {
    queueTask("user-ann", { title: "First" }, "key-1");
    queueTask("user-ann", { title: "Second" }, "key-2");
    server((title) => Response.json(task(title), { status: 201 }));
    const h = hooks();
    await sendQueued("user-ann", h);
    expect(sent).toEqual([
      { key: "key-1", title: "First" },
      { key: "key-2", title: "Second" },
    ]);
    expect(h.onSent).toHaveBeenCalledTimes(2);
    expect(queuedTasks("user-ann")).toEqual([]);
  });

  it("stops at a network failure, a 5xx or a key in use, keeping the rest for later", async () => {
    const failures: (Response | "network")[] = [
      "network",
      new Response(null, { status: 503 }),
      Response.json({}, { status: 409 }),
    ];
    for (const failure of failures) {
      localStorage.clear();
      sent = [];
      queueTask("user-ann", { title: "First" }, "key-1");
      queueTask("user-ann", { title: "Second" }, "key-2");
      server(() => (failure instanceof Response ? failure.clone() : failure));
      const h = hooks();
      await sendQueued("user-ann", h);
      expect(sent).toHaveLength(1);
      expect(queuedTasks("user-ann").map((q) => q.key)).toEqual(["key-1", "key-2"]);
      expect(h.onSent).not.toHaveBeenCalled();
      expect(h.onRefused).not.toHaveBeenCalled();
    }
  });

  it("drops a task the server refuses for good, says so, and goes on with the next", async () => {
    queueTask("user-ann", { title: "Refused" }, "key-1");
    queueTask("user-ann", { title: "Fine" }, "key-2");
    server((title) =>
      title === "Refused"
        ? Response.json({ error: { code: "IDEMPOTENCY_KEY_REUSED", message: "Used." } }, { status: 422 })
        : Response.json(task(title), { status: 201 }),
    );
    const h = hooks();
    await sendQueued("user-ann", h);
    expect(h.onRefused).toHaveBeenCalledWith(expect.objectContaining({ key: "key-1" }), expect.anything());
    expect(h.onSent).toHaveBeenCalledTimes(1);
    expect(queuedTasks("user-ann")).toEqual([]);
  });
});
