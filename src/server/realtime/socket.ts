// Socket.IO on the same HTTP server. Only signed-in people connect, from the app's own origin (the
// one rule of http/origin-policy.ts), at most SOCKETS_PER_PERSON each across instances
// (socket-quota.ts); a socket remembers its session, and ends when that session does
// (session-sockets.ts). Each
// joins a room of their own, and members of a live team the team's rooms (team-workspace.ts).
// With REDIS_URL the Redis adapter fans events out across instances and presence lives in Redis.
import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import { createClient } from "redis";
import { Server } from "socket.io";
import { SOCKET_LIMIT_MESSAGE } from "#shared/contracts/realtime.ts";
import { PRESENCE_EXPIRY_MS } from "#shared/domain/presence.ts";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import type { DomainEvents } from "../events/domain-events.ts";
import { nodeHeaders, type OriginPolicy } from "../http/origin-policy.ts";
import { countInWindow } from "../http/rate-limit.ts";
import { PERSON_BUDGETS, SOCKETS_PER_PERSON } from "../http/route-limits.ts";
import type { CounterStore } from "../http/types.ts";
import type { Logger } from "../logger.ts";
import type { Entitlements } from "../modules/entitlements/entitlements.ts";
import {
  liveTeamMembers,
  liveTeamOf,
  peopleOnPlanOf,
  recentActivity,
  recordActivity,
  stillLiveSessions,
} from "../modules/team-activity/activity.ts";
import { deliverEventsToSockets, userRoom } from "./deliver-events.ts";
import { liveSessionIds } from "./live-sessions.ts";
import { memoryPresenceStore, type PresenceStore, redisPresenceStore } from "./presence-store.ts";
import { endSocketsWithSessions } from "./session-sockets.ts";
import { memorySocketQuota, redisSocketQuota, type SocketPlace } from "./socket-quota.ts";
import { attachTeamWorkspace, type TeamWorkspaceTimings } from "./team-workspace.ts";

export type RealtimeOptions = {
  auth: Auth;
  logger: Logger;
  db: Db;
  entitlements: Entitlements;
  /** Stored activity and departures from the team reach the sockets from here. */
  events: Pick<DomainEvents, "on">;
  clock: () => Date;
  /** The one origin rule (http/origin-policy.ts), as for every HTTP route and Better Auth call. */
  originPolicy: OriginPolicy;
  redisUrl?: string;
  /** The Redis channels' prefix: instances of one deployment share it (tests keep theirs apart). */
  adapterKey?: string;
  /** Shorter heartbeat and expiry for tests. */
  presenceTimings?: Partial<TeamWorkspaceTimings>;
  /**
   * The per-person budgets' counters (the rate limits' store: Redis across instances) and switch:
   * RATE_LIMIT_DISABLED turns off the socket cap and the broadcast budget with the other limits.
   */
  limits: { store: CounterStore; enabled: boolean };
};

/** Each instance refreshes its sockets' places this often; a place lapses after three misses. */
const SOCKET_PLACE_HEARTBEAT_MS = 30_000;
const SOCKET_PLACE_EXPIRY_MS = 3 * SOCKET_PLACE_HEARTBEAT_MS;

/** Bytes of one socket message before the connection is dropped; our events are checked far lower. */
const MAX_MESSAGE_BYTES = 16 * 1024;

export async function attachRealtime(server: HttpServer, o: RealtimeOptions) {
  const io = new Server(server, {
    path: "/socket.io",
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    // Every handshake request of both transports (polling and the WebSocket upgrade). Browsers
    // always send Origin there; a script without one holds its own cookie (decision 018).
    allowRequest: (req, done) => {
      const allowed = o.originPolicy.judge(nodeHeaders(req.headers)) === "allow";
      if (!allowed) o.logger.warn({ origin: req.headers.origin }, "cross-site socket refused");
      done(allowed ? null : "Cross-site socket refused", allowed);
    },
  });
  const clients: Array<{ quit(): Promise<unknown> }> = [];
  const quotaOptions = { max: SOCKETS_PER_PERSON, expiryMs: SOCKET_PLACE_EXPIRY_MS };
  const quota = o.redisUrl
    ? await redisSocketQuota(o.redisUrl, quotaOptions)
    : memorySocketQuota(quotaOptions);
  let store: PresenceStore;
  if (o.redisUrl) {
    const pub = createClient({ url: o.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: o.adapterKey ?? "socket.io" }));
    clients.push(pub, sub);
    const expiry = o.presenceTimings?.expiryMs ?? PRESENCE_EXPIRY_MS;
    store = await redisPresenceStore(o.redisUrl, expiry * 4);
  } else {
    store = memoryPresenceStore();
  }
  io.use(async (socket, next) => {
    const headers = new Headers();
    const cookie = socket.request.headers.cookie;
    if (cookie) headers.set("cookie", cookie);
    const session = await o.auth.api.getSession({ headers }).catch(() => null);
    if (!session) return next(new Error("Unauthorized"));
    socket.data.userId = session.user.id;
    socket.data.sessionId = session.session.id;
    socket.data.email = session.user.email;
    // Shown to the person's team only (as on its member list); empty when they gave none.
    socket.data.name = session.user.name ?? "";
    if (o.limits.enabled) {
      const place = { userId: session.user.id, socketId: socket.id };
      const admitted = await quota.claim(place, Date.now()).catch((err) => {
        // A broken store must not shut everyone out: admit, and say so loudly.
        o.logger.error({ err }, "socket quota store failed; socket admitted uncounted");
        return true;
      });
      if (!admitted) {
        o.logger.warn({ userId: session.user.id }, "socket refused: too many open for this person");
        return next(new Error(SOCKET_LIMIT_MESSAGE));
      }
      socket.data.place = place;
    }
    next();
  });
  // This instance's counted sockets, refreshed by the heartbeat below.
  const places = new Map<string, SocketPlace>();
  io.on("connection", (socket) => {
    socket.join(userRoom(socket.data.userId));
    const place = socket.data.place as SocketPlace | undefined;
    if (!place) return;
    places.set(socket.id, place);
    socket.on("disconnect", () => {
      places.delete(socket.id);
      void quota.release(place).catch((err) => o.logger.error({ err }, "socket quota release failed"));
    });
  });
  const placeHeartbeat = setInterval(() => {
    void quota
      .refresh([...places.values()], Date.now())
      .catch((err) => o.logger.error({ err }, "socket quota heartbeat failed"));
  }, SOCKET_PLACE_HEARTBEAT_MS);
  placeHeartbeat.unref();
  const now = () => o.clock();
  const workspace = attachTeamWorkspace(io, {
    store,
    logger: o.logger,
    now: () => now().getTime(),
    // The Team plan's feature (the entitlements service) and a live team to be present in.
    teamOf: async (userId) =>
      (await o.entitlements.forPerson(userId)).can("team_collaboration")
        ? liveTeamOf(o.db, userId, now())
        : null,
    membersOf: (teamId) => liveTeamMembers(o.db, teamId, now()),
    liveSessions: (ids) => stillLiveSessions(o.db, ids, now()),
    recentActivity: (teamId) => recentActivity(o.db, teamId),
    broadcastBudget: (userId) =>
      o.limits.enabled
        ? countInWindow(o.limits.store, PERSON_BUDGETS.activityBroadcast, `u:${userId}`, now())
        : null,
    recordTestAction: (teamId, who, note) =>
      recordActivity(
        o.db,
        { teamId, userId: who.userId, userEmail: who.email, action: "test.broadcast", target: note },
        now(),
      ),
    timings: o.presenceTimings,
  });
  let closing = false;
  const offs = [
    // Tasks' changes to their people's rooms; a session that ends closes its sockets everywhere.
    deliverEventsToSockets(o.events, io),
    endSocketsWithSessions(o.events, io, liveSessionIds(o.db), () => closing),
    o.events.on("team.activity", (e) => workspace.publishActivity(e.teamId, e.activity)),
    o.events.on("team.member_left", (e) => workspace.memberLeft(e.teamId, e.personId)),
    // A plan that ended takes its people out of the team's rooms on every instance, not a heartbeat later.
    o.events.on("plan.changed", async (e) => workspace.accessChanged(await peopleOnPlanOf(o.db, e.personId))),
  ];
  return {
    io,
    workspace,
    async close() {
      closing = true;
      for (const off of offs) off();
      clearInterval(placeHeartbeat);
      await workspace.close();
      await io.close();
      await store.close();
      await quota.close();
      await Promise.all(clients.map((c) => c.quit().catch(() => {})));
    },
  };
}
