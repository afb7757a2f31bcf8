// The Team Workspace behind a load balancer: two instances on one PostgreSQL and one Redis, with the
// product's own presence timings. Members on different instances see each other's presence, typing
// and activity; when one instance is killed (SIGKILL: no goodbye), its members turn offline on the
// other within 30 seconds. PostgreSQL only: two processes cannot share an embedded database.
import type { ChildProcess } from "node:child_process";
import type { Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import type { ActivityEventDto, SocketAck, TeamSnapshot } from "#shared/contracts/team-workspace.ts";
import type { MemberPresence } from "#shared/domain/presence.ts";
import { freePort, startChildServer, stopChildServer } from "../support/child-server.ts";
import { connectSocket, request, waitFor } from "../support/socket-client.ts";
import { createTeam } from "../support/team-factory.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const onPostgres = process.env.KAIRO_TEST_DB === "postgres";
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const SECRET = "test-secret-test-secret-test-secret-0123456789";

type Diff = { changed: MemberPresence[]; gone: string[] };
type JoinAck = SocketAck<{ snapshot: TeamSnapshot }>;

let a: TestServer | undefined;
let b: ChildProcess | undefined;
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.close();
  if (b) await stopChildServer(b, "SIGKILL");
  await a?.close();
});

async function join(s: Socket) {
  const ack = await request<JoinAck>(s, "team:join");
  if (!ack.ok) throw new Error(`join refused: ${ack.error.code}`);
  return ack.snapshot;
}

describe.runIf(onPostgres)("two instances on one PostgreSQL and one Redis", () => {
  it("carry presence, typing and activity across, and a killed instance's members go offline within 30 s", {
    timeout: 90_000,
  }, async () => {
    // The second instance is `main.ts` itself, on the product's default channel prefix.
    a = await startTestServer({ REDIS_URL }, { adapterKey: "socket.io" });
    const port = await freePort();
    const bUrl = `http://127.0.0.1:${port}`;
    b = await startChildServer(port, {
      DATABASE_URL: a.testDb.url!,
      REDIS_URL,
      BETTER_AUTH_SECRET: SECRET,
      PUBLIC_URL: bUrl,
      KAIRO_DATA_DIR: "/tmp/kairo-test-data-b",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
    });
    const { owner, members } = await createTeam(a, 1);
    const ann = members[0]!;
    const annId = (await ann.client.get<{ id: string }>("/api/me")).body.id;
    const oliviaId = (await owner.client.get<{ id: string }>("/api/me")).body.id;

    // Olivia is on instance A, Ann (signed in on A, the same session) on instance B.
    const olivia = await connectSocket(a.baseUrl, owner.client.cookieHeader(), {
      auth: { page: "/team-workspace" },
    });
    sockets.push(olivia);
    await join(olivia);
    const annOnline = waitFor<Diff>(olivia, "presence:diff", (d) =>
      d.changed.some((m) => m.userId === annId),
    );
    const annSocket = await connectSocket(bUrl, ann.client.cookieHeader(), { auth: { page: "/dashboard" } });
    sockets.push(annSocket);
    const annView = await join(annSocket);
    expect((await annOnline).changed[0]).toMatchObject({
      userId: annId,
      status: "online",
      page: "/dashboard",
    });
    // B reads Olivia's presence, written by A, from Redis.
    expect(annView.members.map((m) => m.userId).sort()).toEqual([oliviaId, annId].sort());

    const busy = waitFor<Diff>(olivia, "presence:diff", (d) => d.changed.some((m) => m.status === "busy"));
    await request(annSocket, "presence:update", { status: "busy", page: "/team-workspace" });
    expect((await busy).changed[0]).toMatchObject({ userId: annId, page: "/team-workspace" });

    const typing = waitFor(olivia, "typing:update");
    await request(annSocket, "typing:set", { isTyping: true });
    expect(await typing).toEqual({ userId: annId, isTyping: true });

    const toAnn = waitFor<ActivityEventDto>(annSocket, "activity:new");
    await request(olivia, "activity:broadcast");
    expect(await toAnn).toMatchObject({ userEmail: owner.email, action: "test.broadcast" });
    const toOlivia = waitFor<ActivityEventDto>(olivia, "activity:new");
    await request(annSocket, "activity:broadcast");
    expect(await toOlivia).toMatchObject({ userEmail: ann.email, action: "test.broadcast" });

    // B dies without a word: Ann's socket is cut, nothing removes her record but its expiry.
    const offline = waitFor<Diff>(olivia, "presence:diff", (d) => d.gone.includes(annId), 30_000);
    const killedAt = Date.now();
    await stopChildServer(b, "SIGKILL");
    await offline;
    const took = Date.now() - killedAt;
    expect(took).toBeLessThan(30_000);
    expect((await join(olivia)).members.map((m) => m.userId)).toEqual([oliviaId]);
  });
});
