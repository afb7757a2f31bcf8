// The Team Workspace over the real socket: members of one team see each other's presence, page and
// typing and the team's activity; nobody outside the team hears any of it; bad and flooding
// messages are refused with an acknowledgement and reach nobody.
import { and, count, eq, type SQL } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "#server/db/schema/billing.ts";
import { teamActivity } from "#server/db/schema/team.ts";
import type {
  ActivityEventDto,
  SocketAck,
  TeamActivityResponse,
  TeamSnapshot,
} from "#shared/contracts/team-workspace.ts";
import type { MemberPresence } from "#shared/domain/presence.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { collect, connectSocket, request, waitFor } from "../support/socket-client.ts";
import { createTeam } from "../support/team-factory.ts";
import type { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const userIdOf = async (client: TestClient) => (await client.get<{ id: string }>("/api/me")).body.id;

async function activityRows(...where: SQL[]) {
  const [row] = await server.kairo.deps.database.db
    .select({ n: count() })
    .from(teamActivity)
    .where(and(...where));
  return Number(row?.n ?? 0);
}

type Diff = { changed: MemberPresence[]; gone: string[] };
type JoinAck = SocketAck<{ snapshot: TeamSnapshot }>;

let server: TestServer;
const open: Socket[] = [];
// One team of three (Olivia owns it; Ann and Ben are members), another team, and a person with none.
let teamA: Awaited<ReturnType<typeof createTeam>>;
let teamB: Awaited<ReturnType<typeof createTeam>>;
let outsider: Awaited<ReturnType<typeof createVerifiedUser>>;
let ids: { olivia: string; ann: string; ben: string };
beforeAll(async () => {
  server = await startTestServer({}, { presenceTimings: { heartbeatMs: 300, expiryMs: 1000, sweepMs: 200 } });
  teamA = await createTeam(server, 2);
  teamB = await createTeam(server, 0);
  outsider = await createVerifiedUser(server);
  ids = {
    olivia: await userIdOf(teamA.owner.client),
    ann: await userIdOf(teamA.members[0]!.client),
    ben: await userIdOf(teamA.members[1]!.client),
  };
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => server?.close());

async function connect(cookie: string, auth: Record<string, unknown> = { page: "/dashboard" }) {
  const s = await connectSocket(server.baseUrl, cookie, { auth });
  open.push(s);
  return s;
}

async function join(s: Socket): Promise<TeamSnapshot> {
  const ack = await request<JoinAck>(s, "team:join");
  if (!ack.ok) throw new Error(`join refused: ${ack.error.code}`);
  return ack.snapshot;
}

const memberIn = (userId: string) => (d: Diff) => d.changed.some((m) => m.userId === userId);

describe("presence, page and typing", () => {
  it("two members see each other online with their page, as busy, typing, and gone when the last tab closes", async () => {
    const { owner } = teamA;
    const ann = teamA.members[0]!;
    const [ownerId, annId] = [ids.olivia, ids.ann];

    const olivia = await connect(owner.client.cookieHeader(), { page: "/team-workspace" });
    const first = await join(olivia);
    expect(first.members).toEqual([
      expect.objectContaining({
        userId: ownerId,
        email: owner.email,
        name: "Olivia Owner",
        status: "online",
        page: "/team-workspace",
      }),
    ]);

    // Ann opens the dashboard in one tab: Olivia sees her online there.
    const seenOnline = waitFor<Diff>(olivia, "presence:diff", memberIn(annId));
    const annTab1 = await connect(ann.client.cookieHeader(), { page: "/dashboard?section=tasks" });
    expect((await seenOnline).changed).toEqual([
      expect.objectContaining({
        userId: annId,
        email: ann.email,
        name: ann.name,
        status: "online",
        page: "/dashboard?section=tasks",
      }),
    ]);

    // A second tab is the same member, not another one; the page follows the tab used last.
    const annTab2 = await connect(ann.client.cookieHeader(), { page: "/settings" });
    const snapshot = await join(annTab2);
    expect(snapshot.members.filter((m) => m.userId === annId)).toHaveLength(1);
    expect(snapshot.members.map((m) => m.userId).sort()).toEqual([ownerId, annId].sort());

    // Her Pomodoro focus starts in the first tab: busy, on the page she navigated to.
    const seenBusy = waitFor<Diff>(olivia, "presence:diff", (d) =>
      d.changed.some((m) => m.userId === annId && m.status === "busy"),
    );
    expect(await request(annTab1, "presence:update", { status: "busy", page: "/ai-insights" })).toEqual({
      ok: true,
    });
    expect((await seenBusy).changed[0]).toMatchObject({ status: "busy", page: "/ai-insights" });

    // Typing reaches Olivia, and so does its end.
    const typing = waitFor(olivia, "typing:update", (p: { isTyping: boolean }) => p.isTyping);
    await request(annTab2, "typing:set", { isTyping: true });
    expect(await typing).toEqual({ userId: annId, isTyping: true });
    const stopped = waitFor(olivia, "typing:update", (p: { isTyping: boolean }) => !p.isTyping);
    await request(annTab2, "typing:set", { isTyping: false });
    expect(await stopped).toEqual({ userId: annId, isTyping: false });

    // One tab closes: still present. The last one closes: offline for Olivia.
    annTab1.close();
    const still = await waitFor<Diff>(olivia, "presence:diff", memberIn(annId));
    expect(still.changed[0]).toMatchObject({ userId: annId, page: "/settings" });
    const gone = waitFor<Diff>(olivia, "presence:diff", (d) => d.gone.includes(annId));
    annTab2.close();
    await gone;
    expect((await join(olivia)).members.map((m) => m.userId)).toEqual([ownerId]);
  });

  it("turns a member away when their tab says so, and back online on activity", async () => {
    const { owner, members } = teamA;
    const annId = ids.ann;
    const olivia = await connect(owner.client.cookieHeader());
    await join(olivia);
    const ann = await connect(members[0]!.client.cookieHeader());
    await waitFor<Diff>(olivia, "presence:diff", memberIn(annId));
    const away = waitFor<Diff>(olivia, "presence:diff", (d) => d.changed.some((m) => m.status === "away"));
    await request(ann, "presence:update", { status: "away", page: "/dashboard" });
    await away;
    const back = waitFor<Diff>(olivia, "presence:diff", (d) => d.changed.some((m) => m.status === "online"));
    await request(ann, "presence:update", { status: "online", page: "/dashboard" });
    await back;
  });
});

describe("activity", () => {
  it("is stored, reaches the team live, survives a reload and lists the last 10", async () => {
    const { owner } = teamA;
    const ann = teamA.members[0]!;
    const olivia = await connect(owner.client.cookieHeader());
    await join(olivia);
    const annSocket = await connect(ann.client.cookieHeader());
    await join(annSocket);

    const live = waitFor<ActivityEventDto>(olivia, "activity:new");
    const ack = await request<SocketAck<{ event: ActivityEventDto }>>(annSocket, "activity:broadcast", {
      note: "  Stand-up in 5 ",
    });
    expect(ack).toMatchObject({
      ok: true,
      event: { userEmail: ann.email, action: "test.broadcast", target: "Stand-up in 5" },
    });
    expect(await live).toEqual(ack.ok ? ack.event : null);

    // Eleven more from both of them (each person may send 10 a minute).
    for (let i = 0; i < 5; i += 1) await request(annSocket, "activity:broadcast");
    for (let i = 0; i < 6; i += 1) await request(olivia, "activity:broadcast");
    const res = await owner.client.get<TeamActivityResponse>("/api/team/activity");
    expect(res.status).toBe(200);
    expect(res.body.activity).toHaveLength(10);
    const times = res.body.activity.map((a) => a.timestamp);
    expect([...times].sort().reverse()).toEqual(times);

    // A member who arrives later sees the same list on joining.
    annSocket.close();
    const later = await connect(ann.client.cookieHeader());
    expect((await join(later)).activity).toEqual(res.body.activity);
  });
});

describe("activity from real events", () => {
  it("a completed task, a workflow, a calendar connected and joins are written and reach the team live", async () => {
    const { owner } = teamA;
    const ann = teamA.members[0]!;
    const olivia = await connect(owner.client.cookieHeader());
    await join(olivia);
    const heard = collect<ActivityEventDto>(olivia, "activity:new");

    const created = await ann.client.post<{ id: string }>("/api/tasks", {
      title: "Private title",
      category: "Design",
    });
    expect(created.status).toBe(201);
    const taskDone = waitFor<ActivityEventDto>(olivia, "activity:new", (a) => a.action === "task.completed");
    expect((await ann.client.patch(`/api/tasks/${created.body.id}`, { completed: true })).status).toBe(200);
    // The kind and the category reach the team, never the task's title.
    expect(await taskDone).toMatchObject({
      userEmail: ann.email,
      action: "task.completed",
      target: "Design",
    });

    const events = server.kairo.deps.events;
    events.emit({ type: "calendar.connected", connectionId: "c1", personId: ids.ann, provider: "google" });
    events.emit({ type: "workflow.created", workflowId: "w1", personId: ids.olivia });
    events.emit({
      type: "workflow.run",
      workflowId: "w1",
      personId: ids.olivia,
      executionId: "e1",
      status: "completed",
    });
    await events.idle();
    await expect
      .poll(() => heard.map((a) => `${a.action}:${a.target ?? ""}`))
      .toEqual(
        expect.arrayContaining(["calendar.connected:Google Calendar", "workflow.created:", "workflow.run:"]),
      );
    const stored = await owner.client.get<TeamActivityResponse>("/api/team/activity");
    expect(stored.body.activity.slice(0, 4).map((a) => a.action)).toEqual(
      expect.arrayContaining(["task.completed", "calendar.connected", "workflow.created", "workflow.run"]),
    );
    // Ann and Ben joining were written when they accepted their invitations.
    expect(
      await activityRows(eq(teamActivity.teamId, teamA.team.id), eq(teamActivity.action, "member.joined")),
    ).toBe(2);

    // Someone without a team completing a task writes nothing anywhere.
    const own = await outsider.client.post<{ id: string }>("/api/tasks", { title: "Mine" });
    await outsider.client.patch(`/api/tasks/${own.body.id}`, { completed: true });
    await events.idle();
    expect(await activityRows(eq(teamActivity.userId, await userIdOf(outsider.client)))).toBe(0);
  });
});

describe("only the team", () => {
  it("a non-member and a person of another team receive nothing and cannot join", async () => {
    const [a, b] = [teamA, teamB];

    const olivia = await connect(a.owner.client.cookieHeader());
    await join(olivia);
    const other = await connect(b.owner.client.cookieHeader());
    await join(other);
    const stranger = await connect(outsider.client.cookieHeader());
    const refused = await request<JoinAck>(stranger, "team:join");
    expect(refused).toMatchObject({ ok: false, error: { code: "no_team" } });
    expect(await request(stranger, "activity:broadcast")).toMatchObject({
      ok: false,
      error: { code: "no_team" },
    });
    expect(await request(stranger, "typing:set", { isTyping: true })).toMatchObject({ ok: false });

    const heard = [other, stranger].flatMap((s) =>
      ["presence:diff", "typing:update", "activity:new"].map((e) => collect(s, e)),
    );
    const ann = await connect(a.members[0]!.client.cookieHeader());
    await join(ann);
    const oliviaHears = waitFor(olivia, "activity:new");
    await request(ann, "typing:set", { isTyping: true });
    await request(ann, "activity:broadcast");
    await oliviaHears;
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.flat()).toEqual([]);

    // Their REST reads: the other team sees only its own (empty) list, the outsider is refused.
    expect((await b.owner.client.get<TeamActivityResponse>("/api/team/activity")).body.activity).toEqual([]);
    expect((await outsider.client.get("/api/team/activity")).status).toBe(403);
  });

  it("refuses a socket opened from another site", async () => {
    const { owner } = teamB;
    await expect(
      connectSocket(server.baseUrl, owner.client.cookieHeader(), { origin: "https://evil.example" }),
    ).rejects.toThrow();
    const same = await connectSocket(server.baseUrl, owner.client.cookieHeader(), { origin: server.baseUrl });
    open.push(same);
    expect(same.connected).toBe(true);
  });
});

describe("bad input", () => {
  it("refuses malformed, oversized, foreign-team and unknown messages with an acknowledgement, and floods", async () => {
    const { owner, members } = teamA;
    const olivia = await connect(owner.client.cookieHeader());
    await join(olivia);
    const annHere = waitFor<Diff>(olivia, "presence:diff", memberIn(ids.ann));
    const ann = await connect(members[0]!.client.cookieHeader());
    await join(ann);
    await annHere;
    const heard = ["presence:diff", "typing:update", "activity:new"].map((e) => collect(olivia, e));
    const code = (ack: unknown) => (ack as { error?: { code: string } }).error?.code;

    expect(code(await request(ann, "presence:update", { status: "asleep", page: "/dashboard" }))).toBe(
      "invalid_payload",
    );
    expect(
      code(await request(ann, "presence:update", { status: "online", page: "https://evil.example/" })),
    ).toBe("invalid_payload");
    expect(code(await request(ann, "typing:set", { isTyping: true, teamId: "another-team" }))).toBe(
      "invalid_payload",
    );
    expect(code(await request(ann, "typing:set", "yes"))).toBe("invalid_payload");
    expect(code(await request(ann, "activity:broadcast", { note: "n".repeat(121) }))).toBe("invalid_payload");
    expect(code(await request(ann, "typing:set", { isTyping: true, pad: "x".repeat(5000) }))).toBe(
      "too_large",
    );
    expect(code(await request(ann, "admin:promote", {}))).toBe("unknown_event");
    const told = waitFor<{ code: string }>(ann, "socket:error");
    ann.emit("no-such-event", {});
    expect(await told).toMatchObject({ event: "no-such-event", code: "unknown_event" });
    await new Promise((r) => setTimeout(r, 150));
    expect(heard.flat()).toEqual([]);

    // A flood: the burst passes, the rest is refused and fanned out to nobody.
    await new Promise((r) => setTimeout(r, 2100));
    const acks = await Promise.all(
      Array.from({ length: 40 }, () => request(ann, "typing:set", { isTyping: true })),
    );
    const limited = acks.filter((a) => code(a) === "rate_limited").length;
    expect(limited).toBeGreaterThanOrEqual(15);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard[1]!.length).toBe(40 - limited);
    // The instance is fine and the person can go on after a pause.
    await new Promise((r) => setTimeout(r, 1100));
    expect(await request(ann, "typing:set", { isTyping: false })).toEqual({ ok: true });
    expect((await server.kairo.app.request("/api/health")).status).toBe(200);
  });
});

describe("leaving the team", () => {
  it("a removed member's sockets (Ben's, last: he stays removed) leave the team and hear nothing more", async () => {
    const { owner, team } = teamA;
    const ann = teamA.members[1]!;
    const annId = ids.ben;
    const olivia = await connect(owner.client.cookieHeader());
    await join(olivia);
    const annSocket = await connect(ann.client.cookieHeader());
    await join(annSocket);
    const left = waitFor(annSocket, "team:left");
    const gone = waitFor<Diff>(olivia, "presence:diff", (d) => d.gone.includes(annId));
    const memberId = team.members.find((m) => m.email === ann.email)!.id;
    expect((await owner.client.delete(`/api/team/members/${memberId}`)).status).toBe(200);
    expect(await left).toEqual({ reason: "removed" });
    await gone;
    await expect
      .poll(async () => (await owner.client.get<TeamActivityResponse>("/api/team/activity")).body.activity[0])
      .toMatchObject({
        userEmail: ann.email,
        action: "member.left",
      });
    const heard = collect(annSocket, "activity:new");
    await request(olivia, "activity:broadcast");
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual([]);
    expect(await request(annSocket, "team:join")).toMatchObject({ ok: false, error: { code: "no_team" } });
  });
});

describe("when the Team plan ends", () => {
  it("the team's sockets leave the room within a heartbeat, and joining again is refused", async () => {
    const { owner } = teamB;
    const olivia = await connect(owner.client.cookieHeader());
    await join(olivia);
    const left = waitFor(olivia, "team:left");
    // The subscription ends as the payment provider reports it: cancelled, its period over.
    await server.kairo.deps.database.db
      .update(subscriptions)
      .set({ status: "canceled", currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.organizationId, teamB.team.id));
    expect(await left).toEqual({ reason: "no_access" });
    expect(await request(olivia, "team:join")).toMatchObject({ ok: false, error: { code: "no_team" } });
  });
});

describe("when a member signs out", () => {
  it("their sockets are closed within a heartbeat and they are offline for the team", async () => {
    const { owner } = teamA;
    const ann = teamA.members[0]!;
    const olivia = await connect(owner.client.cookieHeader());
    await join(olivia);
    const annHere = waitFor<Diff>(olivia, "presence:diff", memberIn(ids.ann));
    const annSocket = await connect(ann.client.cookieHeader());
    await join(annSocket);
    await annHere;
    const closed = new Promise((resolve) => annSocket.once("disconnect", resolve));
    const gone = waitFor<Diff>(olivia, "presence:diff", (d) => d.gone.includes(ids.ann));
    expect((await ann.client.post("/api/auth/sign-out", {})).status).toBe(200);
    expect(await closed).toBe("io server disconnect");
    await gone;
  });
});

/** 30 seconds into a minute a little ahead: a fresh window for the per-person budgets. */
const midMinute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000 + 90_000);

// Last: their rows are dated a minute ahead, so they would come first in any later test's feed.
describe("per-person budgets", () => {
  // A team of their own: Ann's and Ben's counts stay out of the other tests.
  let teamC: Awaited<ReturnType<typeof createTeam>>;
  let cam: { id: string; client: TestClient };
  beforeAll(async () => {
    teamC = await createTeam(server, 1);
    const client = teamC.members[0]!.client;
    cam = { id: await userIdOf(client), client };
  });

  it("takes 10 test broadcasts a minute from one person, then refuses with the wait; others still send", async () => {
    const olivia = await connect(teamC.owner.client.cookieHeader());
    await join(olivia);
    const camSocket = await connect(cam.client.cookieHeader());
    await join(camSocket);
    server.clock.set(midMinute());
    try {
      const before = await activityRows(eq(teamActivity.userId, cam.id));
      for (let i = 0; i < 10; i += 1) {
        expect(await request(camSocket, "activity:broadcast", { note: `n${i}` })).toMatchObject({ ok: true });
      }
      const heard = collect<ActivityEventDto>(olivia, "activity:new");
      expect(await request(camSocket, "activity:broadcast", { note: "one too many" })).toEqual({
        ok: false,
        error: {
          code: "rate_limited",
          message: "You can send 10 test actions a minute. Please wait a moment and try again.",
          retryAfterSeconds: 30,
        },
      });
      expect(await activityRows(eq(teamActivity.userId, cam.id))).toBe(before + 10);
      expect(await request(olivia, "activity:broadcast")).toMatchObject({ ok: true });
      await expect.poll(() => heard.map((a) => a.userEmail)).toEqual([teamC.owner.email]);
      // The next minute opens the budget again.
      server.clock.advance(60_000);
      expect(await request(camSocket, "activity:broadcast")).toMatchObject({ ok: true });
    } finally {
      server.clock.reset();
    }
  });

  it("records 30 activity rows a minute per person from real events; past that the change stands unannounced", async () => {
    server.clock.set(midMinute());
    try {
      const completed = () =>
        activityRows(eq(teamActivity.userId, cam.id), eq(teamActivity.action, "task.completed"));
      const before = await completed();
      for (let i = 0; i < 31; i += 1) {
        const task = await cam.client.post<{ id: string }>("/api/tasks", { title: `Chore ${i}` });
        expect((await cam.client.patch(`/api/tasks/${task.body.id}`, { completed: true })).status).toBe(200);
      }
      await server.kairo.deps.events.idle();
      expect(await completed()).toBe(before + 30);
      const tasks = await cam.client.get<{ tasks: { title: string; completed: boolean }[] }>(
        "/api/tasks?limit=100",
      );
      expect(tasks.body.tasks.filter((t) => t.title.startsWith("Chore ") && t.completed)).toHaveLength(31);
    } finally {
      server.clock.reset();
    }
  });
});
