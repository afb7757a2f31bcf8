import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMilestones, listProjects } from "#server/modules/projects/projects.ts";
import { SAMPLE_TEAM_PROJECT } from "#server/modules/projects/sample-project.ts";
import type { MilestoneListResponse, ProjectListResponse } from "#shared/contracts/projects.ts";
import type { TaskListResponse } from "#shared/contracts/tasks.ts";
import { seedDemoData } from "../../src/demo/seed.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { expectError } from "../support/integration.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Demo = {
  active: boolean;
  plan: string | null;
  expiresAt: string | null;
  msLeft: number;
  previewsLeft: number;
};

describe("demo preview", () => {
  it("grants 30 minutes, is idempotent while live, and expires on the server", async () => {
    const { client } = await createVerifiedUser(server);
    const start = new Date("2026-11-22T09:00:00Z");
    server.clock.set(start);
    try {
      const before = await client.get<{ demo: Demo }>("/api/subscription");
      expect(before.body.demo).toEqual({
        active: false,
        plan: null,
        expiresAt: null,
        msLeft: 0,
        previewsLeft: 3,
      });

      const started = await client.post<Demo>("/api/demo");
      expect(started.status).toBe(201);
      expect(started.body).toEqual({
        active: true,
        plan: "team",
        expiresAt: "2026-11-22T09:30:00.000Z",
        msLeft: 30 * 60_000,
        previewsLeft: 2,
      });

      server.clock.advance(10 * 60_000);
      const again = await client.post<Demo>("/api/demo");
      expect(again.body.expiresAt).toBe("2026-11-22T09:30:00.000Z");
      expect(again.body.previewsLeft).toBe(2);
      expect(again.body.msLeft).toBe(20 * 60_000);

      server.clock.set(new Date("2026-11-22T09:29:59Z"));
      expect((await client.get<{ demo: Demo }>("/api/subscription")).body.demo.active).toBe(true);
      server.clock.set(new Date("2026-11-22T09:30:00Z"));
      expect((await client.get<{ demo: Demo }>("/api/subscription")).body.demo).toMatchObject({
        active: false,
        expiresAt: null,
      });
    } finally {
      server.clock.reset();
    }
  });

  it("allows 3 previews per account, then refuses with a readable message", async () => {
    const { client } = await createVerifiedUser(server);
    let at = Date.parse("2026-11-22T09:00:00Z");
    try {
      for (let i = 0; i < 3; i++) {
        server.clock.set(new Date(at));
        expect((await client.post("/api/demo")).status).toBe(201);
        at += 31 * 60_000;
      }
      server.clock.set(new Date(at));
      const refused = await client.post<{ error: { code: string; message: string } }>("/api/demo");
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(
        "You have used all 3 demo previews. Upgrade to keep using Pro and Team features.",
      );
      expect((await client.get<{ demo: Demo }>("/api/subscription")).body.demo).toMatchObject({
        active: false,
        previewsLeft: 0,
      });
    } finally {
      server.clock.reset();
    }
  });

  it("opens the team gate to a free person while the grant lives, and closes it again once it ends", async () => {
    const { client } = await createVerifiedUser(server);
    // Eight days on: the trial is over, the person is on free.
    const start = new Date(Date.now() + 8 * 86_400_000);
    server.clock.set(start);
    try {
      expect((await client.get<{ plan: string }>("/api/subscription")).body.plan).toBe("free");
      const refused = {
        code: "PLAN_REQUIRED",
        message: "Team Collaboration is part of the Team plan. Upgrade to Team to use it.",
        requiredPlan: "team",
      };
      const before = await client.get<{ error: unknown }>("/api/team");
      expect(before.status).toBe(403);
      expect(before.body.error).toEqual(refused);

      expect((await client.post("/api/demo")).status).toBe(201);
      const during = await client.get<{ team: unknown }>("/api/team");
      expect(during.status).toBe(200);
      expect(during.body).toEqual({ team: null });
      server.clock.set(new Date(start.getTime() + 30 * 60_000 - 1000));
      expect((await client.get("/api/team")).status).toBe(200);

      // The grant's 30 minutes are up on the server's clock: the gate refuses again.
      server.clock.set(new Date(start.getTime() + 30 * 60_000));
      const after = await client.get<{ error: unknown }>("/api/team");
      expect(after.status).toBe(403);
      expect(after.body.error).toEqual(refused);
    } finally {
      server.clock.reset();
    }
  });

  it("keeps one person's preview to that person, and needs a session", async () => {
    const alice = await createVerifiedUser(server);
    const bob = await createVerifiedUser(server);
    await alice.client.post("/api/demo");
    expect((await bob.client.get<{ demo: Demo }>("/api/subscription")).body.demo.active).toBe(false);
    expect((await new TestClient(server.baseUrl).post("/api/demo")).status).toBe(401);
  });
});

describe("the preview's sample team project", () => {
  it("is the person's to work in while the preview lives, and goes once it has ended", async () => {
    const { client } = await createVerifiedUser(server);
    const start = new Date("2026-11-23T09:00:00Z");
    server.clock.set(start);
    try {
      expect((await client.post("/api/demo")).status).toBe(201);
      const list = await client.get<ProjectListResponse>("/api/projects");
      const sample = list.body.projects.find((p) => p.name === SAMPLE_TEAM_PROJECT)!;
      expect(sample).toMatchObject({ kind: "team", readOnly: false, taskCount: 5, can: { editTasks: true } });
      const stones = await client.get<MilestoneListResponse>(`/api/projects/${sample.id}/milestones`);
      expect(stones.body.milestones.map((m) => m.progress)).toEqual(["2 of 3", "0 of 2"]);
      const mine = await client.get<TaskListResponse>("/api/tasks?assignee=me");
      const open = mine.body.tasks.find((t) => !t.completed)!;
      expect((await client.patch(`/api/tasks/${open.id}`, { completed: true })).status).toBe(200);
      // Asking again while it lives writes no second sample.
      await client.post("/api/demo");
      const again = (await client.get<ProjectListResponse>("/api/projects")).body.projects;
      expect(again.filter((p) => p.name === SAMPLE_TEAM_PROJECT)).toHaveLength(1);

      server.clock.set(new Date(start.getTime() + 31 * 60_000));
      expect((await client.get<{ demo: Demo }>("/api/subscription")).body.demo.active).toBe(false);
      const after = (await client.get<ProjectListResponse>("/api/projects")).body.projects;
      expect(after.map((p) => p.name)).not.toContain(SAMPLE_TEAM_PROJECT);
      expectError(await client.get(`/api/projects/${sample.id}`), 404);
    } finally {
      server.clock.reset();
    }
  });
});

describe("the static demo's sample data", () => {
  it("shares a team project with milestones and assigned tasks, which the demo person may edit", async () => {
    const person = { id: randomUUID(), name: "Demo Person", email: `demo-${randomUUID()}@example.com` };
    const db = server.kairo.deps.database.db;
    await seedDemoData(db, person as Parameters<typeof seedDemoData>[1], new Date());
    const o = { db, gate: server.kairo.deps.entitlements, clock: () => new Date(), personId: person.id };
    const list = await listProjects({ ...o, query: { archived: "false" } });
    const shared = list.find((p) => p.name === SAMPLE_TEAM_PROJECT);
    expect(shared).toMatchObject({ kind: "team", readOnly: false, taskCount: 5, can: { editTasks: true } });
    const stones = await listMilestones({ ...o, projectId: shared!.id });
    expect(stones.map((m) => [m.name, m.progress])).toEqual([
      ["Content ready", "2 of 3"],
      ["Launch", "0 of 2"],
    ]);
  });
});
