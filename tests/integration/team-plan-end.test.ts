// When a Team plan ends through a use case (here the local billing portal's switch to Pro), the
// team's sockets leave its rooms at once — through the `plan.changed` domain event, not the presence
// heartbeat, which these servers run only every ten minutes — and hear none of the team's events
// after. On PostgreSQL with Redis, the same across two instances: the plan changes through
// instance A while the member's socket is on instance B.
import type { Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import type { ActivityEventDto, SocketAck, TeamSnapshot } from "#shared/contracts/team-workspace.ts";
import { collect, connectSocket, request, waitFor } from "../support/socket-client.ts";
import { createTeam } from "../support/team-factory.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const onPostgres = process.env.KAIRO_TEST_DB === "postgres";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
/** No heartbeat can pass during a test: only the event can take a socket out of its team. */
const NO_HEARTBEAT = { presenceTimings: { heartbeatMs: 600_000, expiryMs: 1_200_000 } };
/** Well under a heartbeat of the product (10 s): what "at once" has to beat. */
const AT_ONCE_MS = 3000;

type JoinAck = SocketAck<{ snapshot: TeamSnapshot }>;

const servers: TestServer[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const server of servers.reverse()) await server.close();
});

async function joined(baseUrl: string, cookie: string) {
  const s = await connectSocket(baseUrl, cookie, { auth: { page: "/team-workspace" } });
  sockets.push(s);
  const ack = await request<JoinAck>(s, "team:join");
  if (!ack.ok) throw new Error(`join refused: ${ack.error.code}`);
  return s;
}

let n = 0;
/** A team event as the hub announces it (a stored Recent Activity row), sent on `server`. */
async function announce(server: TestServer, teamId: string) {
  n += 1;
  const activity: ActivityEventDto = {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    userId: "someone",
    userEmail: "someone@example.com",
    action: "test.broadcast",
    target: `event ${n}`,
    timestamp: new Date().toISOString(),
  };
  server.kairo.deps.events.emit({ type: "team.activity", teamId, activity });
  await server.kairo.deps.events.idle();
  return activity;
}

/** The owner switches from Team to Pro in the billing portal: the Team plan ends now. */
async function endTeamPlan(owner: Awaited<ReturnType<typeof createTeam>>["owner"]) {
  const res = await owner.client.post("/api/billing/local/subscription", {
    action: "switch_plan",
    plan: "pro",
  });
  expect(res.status).toBe(200);
}

describe("when the Team plan ends", () => {
  it("the owner's and the member's sockets leave the team at once, hear no team event after, and cannot rejoin", {
    timeout: 30_000,
  }, async () => {
    const server = await startTestServer({}, NO_HEARTBEAT);
    servers.push(server);
    const { owner, members, team } = await createTeam(server, 1);
    const ann = members[0]!;
    const olivia = await joined(server.baseUrl, owner.client.cookieHeader());
    const annSocket = await joined(server.baseUrl, ann.client.cookieHeader());

    // While the plan is live the team's events reach Ann.
    const before = waitFor<ActivityEventDto>(annSocket, "activity:new");
    const sent = await announce(server, team.id);
    expect(await before).toEqual(sent);

    const started = Date.now();
    const oliviaLeft = waitFor(olivia, "team:left", undefined, AT_ONCE_MS);
    const annLeft = waitFor(annSocket, "team:left", undefined, AT_ONCE_MS);
    await endTeamPlan(owner);
    expect(await oliviaLeft).toEqual({ reason: "no_access" });
    expect(await annLeft).toEqual({ reason: "no_access" });
    expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);

    const annHeard = collect(annSocket, "activity:new");
    const oliviaHeard = collect(olivia, "activity:new");
    await announce(server, team.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(annHeard).toEqual([]);
    expect(oliviaHeard).toEqual([]);
    expect(await request(annSocket, "team:join")).toMatchObject({ ok: false, error: { code: "no_team" } });
  });
});

describe.runIf(onPostgres)("when the Team plan ends, across two instances on one Redis", () => {
  it("the member's socket on instance B leaves the team at once when the plan changes through instance A", {
    timeout: 30_000,
  }, async () => {
    const a = await startTestServer({ REDIS_URL }, NO_HEARTBEAT);
    servers.push(a);
    const b = await startTestServer({ REDIS_URL }, { ...NO_HEARTBEAT, shareDatabaseWith: a });
    servers.push(b);
    const { owner, members, team } = await createTeam(a, 1);
    const ann = members[0]!;
    await joined(a.baseUrl, owner.client.cookieHeader());
    const annOnB = await joined(b.baseUrl, ann.client.cookieHeader());

    // A team event announced on A reaches Ann on B while the plan is live.
    const before = waitFor<ActivityEventDto>(annOnB, "activity:new");
    const sent = await announce(a, team.id);
    expect(await before).toEqual(sent);

    const started = Date.now();
    const left = waitFor(annOnB, "team:left", undefined, AT_ONCE_MS);
    await endTeamPlan(owner);
    expect(await left).toEqual({ reason: "no_access" });
    expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);

    const heard = collect(annOnB, "activity:new");
    await announce(a, team.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toEqual([]);
    expect(await request(annOnB, "team:join")).toMatchObject({ ok: false, error: { code: "no_team" } });
  });
});
