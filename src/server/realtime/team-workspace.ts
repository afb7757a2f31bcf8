// The Team Workspace over Socket.IO: presence, typing and activity, scoped to the person's team.
//
// Rooms: `team:<id>` holds every socket of the team's members (presence is tracked on every page),
// `team:<id>:watch` the sockets showing the workspace page (they receive presence diffs, typing and
// activity). A socket is admitted to a team on connection and again on every `team:join`; the team's
// member list is re-read on every heartbeat, and a removal or a plan change is announced to every
// instance at once.
// Presence records live in the PresenceStore (Redis across instances), never only in socket memory.
import type { Server, Socket } from "socket.io";
import type { z } from "zod";
import {
  type ActivityEventDto,
  broadcastBody,
  emptyBody,
  pagePath,
  presenceUpdateBody,
  SOCKET_EVENT_BURST,
  SOCKET_EVENTS_PER_SECOND,
  SOCKET_PAYLOAD_MAX_BYTES,
  type SocketAck,
  type SocketErrorCode,
  type TeamSnapshot,
  typingBody,
} from "#shared/contracts/team-workspace.ts";
import {
  type ConnectionPresence,
  type MemberPresence,
  mergeMember,
  mergeTeam,
  PRESENCE_DIFF_THROTTLE_MS,
  PRESENCE_EXPIRY_MS,
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_SWEEP_MS,
  type PresenceStatus,
} from "#shared/domain/presence.ts";
import type { WindowCount } from "../http/rate-limit.ts";
import { PERSON_BUDGETS } from "../http/route-limits.ts";
import type { Logger } from "../logger.ts";
import type { PresenceStore } from "./presence-store.ts";
import { fullBucket, type TokenBucket, take } from "./token-bucket.ts";

export type TeamWorkspaceTimings = {
  heartbeatMs: number;
  expiryMs: number;
  sweepMs: number;
  diffThrottleMs: number;
};

export const DEFAULT_TIMINGS: TeamWorkspaceTimings = {
  heartbeatMs: PRESENCE_HEARTBEAT_MS,
  expiryMs: PRESENCE_EXPIRY_MS,
  sweepMs: PRESENCE_SWEEP_MS,
  diffThrottleMs: PRESENCE_DIFF_THROTTLE_MS,
};

export type TeamWorkspaceDeps = {
  store: PresenceStore;
  logger: Logger;
  now: () => number;
  /** The team whose room the person may be in now (Team plan and membership), or null. */
  teamOf(userId: string): Promise<string | null>;
  /** Which of these sessions are still live (not signed out, revoked, expired or banned). */
  liveSessions(ids: string[]): Promise<Set<string>>;
  /** The people of the team while its plan is live (empty once it ended). */
  membersOf(teamId: string): Promise<Set<string>>;
  recentActivity(teamId: string): Promise<ActivityEventDto[]>;
  /**
   * Counts one Broadcast Test Action of the person against their budget (PERSON_BUDGETS, across
   * instances); null when limits are off.
   */
  broadcastBudget(userId: string): Promise<WindowCount> | null;
  /** Stores the test broadcast of the workspace's button. */
  recordTestAction(
    teamId: string,
    who: { userId: string; email: string },
    note: string | null,
  ): Promise<ActivityEventDto>;
  timings?: Partial<TeamWorkspaceTimings>;
};

type Local = {
  socket: Socket;
  userId: string;
  teamId: string;
  record: ConnectionPresence;
};

const teamRoom = (teamId: string) => `team:${teamId}`;
const watchRoom = (teamId: string) => `team:${teamId}:watch`;
const MEMBER_LEFT = "kairo:team-member-left";
const ACCESS_CHANGED = "kairo:team-access-changed";

const MESSAGES: Record<SocketErrorCode, string> = {
  invalid_payload: "That message was not understood.",
  too_large: "That message is too large.",
  rate_limited: "Too many messages. Please wait a moment and try again.",
  unknown_event: "Unknown event.",
  no_team: "You are not in a team with a live Team plan.",
};

class Refusal extends Error {
  readonly code: SocketErrorCode;
  readonly retryAfterSeconds: number | undefined;
  constructor(code: SocketErrorCode, o: { message?: string; retryAfterSeconds?: number } = {}) {
    super(o.message ?? MESSAGES[code]);
    this.code = code;
    this.retryAfterSeconds = o.retryAfterSeconds;
  }
}

const BROADCAST_LIMIT_MESSAGE = `You can send ${PERSON_BUDGETS.activityBroadcast.max} test actions a minute. Please wait a moment and try again.`;

type Handler = (s: Socket, payload: unknown) => Promise<Record<string, unknown> | undefined>;

export function attachTeamWorkspace(io: Server, deps: TeamWorkspaceDeps) {
  const t: TeamWorkspaceTimings = { ...DEFAULT_TIMINGS, ...deps.timings };
  const log = deps.logger.child({ module: "team-workspace" });
  // This instance's sockets by team; the heartbeat refreshes their records.
  const local = new Map<string, Map<string, Local>>();
  const pending = new Map<string, Set<string>>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const lastFlush = new Map<string, number>();
  let closed = false;

  const localOf = (s: Socket): Local | undefined => {
    const teamId = s.data.teamId as string | undefined;
    return teamId ? local.get(teamId)?.get(s.id) : undefined;
  };

  /** Sends the changed members of a team as one diff, at most every diffThrottleMs (the first at once). */
  const markChanged = (teamId: string, userId: string) => {
    if (closed) return;
    let set = pending.get(teamId);
    if (!set) {
      set = new Set();
      pending.set(teamId, set);
    }
    set.add(userId);
    if (timers.has(teamId)) return;
    const wait = Math.max(0, (lastFlush.get(teamId) ?? 0) + t.diffThrottleMs - Date.now());
    timers.set(
      teamId,
      setTimeout(() => void flush(teamId), wait),
    );
  };

  const flush = async (teamId: string) => {
    timers.delete(teamId);
    lastFlush.set(teamId, Date.now());
    const people = pending.get(teamId);
    pending.delete(teamId);
    if (!people || closed) return;
    try {
      const records = await deps.store.list(teamId);
      const now = deps.now();
      const changed: MemberPresence[] = [];
      const gone: string[] = [];
      for (const userId of people) {
        const m = mergeMember(userId, records, now, t.expiryMs);
        if (m) changed.push(m);
        else gone.push(userId);
      }
      io.to(watchRoom(teamId)).emit("presence:diff", { changed, gone });
    } catch (err) {
      log.error({ err, teamId }, "presence diff failed");
    }
  };

  const admit = async (s: Socket, teamId: string) => {
    const userId = s.data.userId as string;
    s.data.teamId = teamId;
    await s.join(teamRoom(teamId));
    const now = deps.now();
    const status: PresenceStatus = s.data.initialStatus ?? "online";
    const record: ConnectionPresence = {
      connectionId: s.id,
      userId,
      email: s.data.email as string,
      name: (s.data.name as string | undefined) ?? "",
      status,
      page: s.data.initialPage ?? "",
      changedAt: now,
      seenAt: now,
    };
    let team = local.get(teamId);
    if (!team) {
      team = new Map();
      local.set(teamId, team);
    }
    team.set(s.id, { socket: s, userId, teamId, record });
    await deps.store.put(teamId, [record]);
    markChanged(teamId, userId);
  };

  /** Takes the socket out of its team: rooms, local bookkeeping and its presence record. */
  const evict = async (s: Socket, reason: "removed" | "no_access" | null) => {
    const teamId = s.data.teamId as string | undefined;
    if (!teamId) return;
    s.data.teamId = undefined;
    s.leave(teamRoom(teamId));
    s.leave(watchRoom(teamId));
    const team = local.get(teamId);
    team?.delete(s.id);
    if (team?.size === 0) local.delete(teamId);
    await deps.store.remove(teamId, s.id).catch((err) => log.error({ err }, "presence remove failed"));
    markChanged(teamId, s.data.userId as string);
    if (reason) s.emit("team:left", { reason });
  };

  const requireTeam = (s: Socket): Local => {
    const l = localOf(s);
    if (!l) throw new Refusal("no_team");
    return l;
  };

  const parse = <T extends z.ZodType>(schema: T, payload: unknown): z.infer<T> => {
    const r = schema.safeParse(payload);
    if (!r.success) throw new Refusal("invalid_payload");
    return r.data;
  };

  const handlers: Record<string, Handler> = {
    "presence:update": async (s, payload) => {
      const body = parse(presenceUpdateBody, payload);
      const l = requireTeam(s);
      const now = deps.now();
      l.record = { ...l.record, status: body.status, page: body.page, changedAt: now, seenAt: now };
      await deps.store.put(l.teamId, [l.record]);
      markChanged(l.teamId, l.userId);
      return undefined;
    },
    "typing:set": async (s, payload) => {
      const { isTyping } = parse(typingBody, payload);
      const l = requireTeam(s);
      s.to(watchRoom(l.teamId)).emit("typing:update", { userId: l.userId, isTyping });
      return undefined;
    },
    "team:join": async (s, payload) => {
      parse(emptyBody, payload);
      // Checked again on every join: the plan may have ended or the person been removed.
      const teamId = await deps.teamOf(s.data.userId as string);
      const current = s.data.teamId as string | undefined;
      if (current && current !== teamId) await evict(s, "no_access");
      if (!teamId) throw new Refusal("no_team");
      if (current !== teamId) await admit(s, teamId);
      await s.join(watchRoom(teamId));
      const [records, activity] = await Promise.all([deps.store.list(teamId), deps.recentActivity(teamId)]);
      const snapshot: TeamSnapshot = {
        teamId,
        members: mergeTeam(records, deps.now(), t.expiryMs),
        activity,
      };
      return { snapshot };
    },
    "team:leave": async (s, payload) => {
      parse(emptyBody, payload);
      const l = requireTeam(s);
      s.leave(watchRoom(l.teamId));
      return undefined;
    },
    "activity:broadcast": async (s, payload) => {
      const body = parse(broadcastBody, payload);
      const l = requireTeam(s);
      const budget = await deps.broadcastBudget(l.userId)?.catch((err) => {
        // A broken counter store must not silence the team: send, and say so loudly.
        log.error({ err }, "broadcast budget store failed; broadcast sent uncounted");
        return null;
      });
      if (budget && !budget.allowed) {
        throw new Refusal("rate_limited", {
          message: BROADCAST_LIMIT_MESSAGE,
          retryAfterSeconds: budget.retryAfterSeconds,
        });
      }
      const who = { userId: l.userId, email: l.record.email };
      const event = await deps.recordTestAction(l.teamId, who, body?.note || null);
      io.to(watchRoom(l.teamId)).emit("activity:new", event);
      return { event };
    },
  };

  const refuse = (s: Socket, event: string, code: SocketErrorCode, ack: unknown, r?: Refusal) => {
    const error = {
      code,
      message: r?.message ?? MESSAGES[code],
      ...(r?.retryAfterSeconds !== undefined ? { retryAfterSeconds: r.retryAfterSeconds } : {}),
    };
    if (typeof ack === "function") (ack as (a: SocketAck) => void)({ ok: false, error });
    else s.emit("socket:error", { event, ...error });
  };

  const sizeOf = (payload: unknown) => {
    if (payload === undefined) return 0;
    try {
      return Buffer.byteLength(JSON.stringify(payload) ?? "");
    } catch {
      return Number.POSITIVE_INFINITY;
    }
  };

  io.on("connection", (s) => {
    s.data.bucket = fullBucket(SOCKET_EVENT_BURST, Date.now()) satisfies TokenBucket;
    const hs = s.handshake.auth as { page?: unknown; status?: unknown } | undefined;
    const page = pagePath.safeParse(hs?.page);
    if (page.success) s.data.initialPage = page.data;
    if (hs?.status === "away" || hs?.status === "busy" || hs?.status === "online")
      s.data.initialStatus = hs.status;

    const admitted = deps
      .teamOf(s.data.userId as string)
      .then((teamId) => (teamId && s.connected ? admit(s, teamId) : undefined))
      .catch((err) => log.error({ err }, "team admission failed"));

    s.onAny((event: string, ...args: unknown[]) => {
      const ack = args.length > 0 && typeof args.at(-1) === "function" ? args.at(-1) : undefined;
      const payload = ack ? (args.length > 1 ? args[0] : undefined) : args[0];
      const taken = take(
        s.data.bucket as TokenBucket,
        Date.now(),
        SOCKET_EVENT_BURST,
        SOCKET_EVENTS_PER_SECOND,
      );
      s.data.bucket = taken.bucket;
      if (!taken.allowed) return refuse(s, event, "rate_limited", ack);
      const handler = Object.hasOwn(handlers, event) ? handlers[event] : undefined;
      if (!handler) return refuse(s, event, "unknown_event", ack);
      if (sizeOf(payload) > SOCKET_PAYLOAD_MAX_BYTES) return refuse(s, event, "too_large", ack);
      void admitted
        .then(() => handler(s, payload))
        .then((extra) => {
          if (typeof ack === "function") ack({ ok: true, ...extra });
        })
        .catch((err) => {
          if (err instanceof Refusal) return refuse(s, event, err.code, ack, err);
          log.error({ err, event }, "socket event failed");
          refuse(s, event, "invalid_payload", ack);
        });
    });

    s.on("disconnect", () => {
      void admitted.then(() => evict(s, null));
    });
  });

  /** Takes a person's sockets on this instance out of a team. */
  const evictLocal = async (teamId: string, userId: string, reason: "removed" | "no_access") => {
    const team = local.get(teamId);
    if (!team) return;
    await Promise.all(
      [...team.values()].filter((l) => l.userId === userId).map((l) => evict(l.socket, reason)),
    );
  };
  io.on(MEMBER_LEFT, (teamId: string, userId: string) => void evictLocal(teamId, userId, "removed"));

  /** Takes a person's sockets on this instance out of every team but `allowed` (null: all). */
  const keepOnly = async (userId: string, allowed: string | null) => {
    const theirs = [...local.values()]
      .flatMap((team) => [...team.values()])
      .filter((l) => l.userId === userId && l.teamId !== allowed);
    await Promise.all(theirs.map((l) => evict(l.socket, "no_access")));
  };
  io.on(ACCESS_CHANGED, (userId: string, allowed: string | null) => void keepOnly(userId, allowed));

  const heartbeat = setInterval(() => {
    // A socket outlives nothing its session does not: signed out, revoked or banned, it is closed.
    const sockets = [...local.values()].flatMap((team) => [...team.values()].map((l) => l.socket));
    if (sockets.length > 0) {
      void deps
        .liveSessions([...new Set(sockets.map((s) => s.data.sessionId as string))])
        .then((live) => {
          for (const s of sockets) if (!live.has(s.data.sessionId as string)) s.disconnect(true);
        })
        .catch((err) => log.error({ err }, "session re-check failed"));
    }
    for (const [teamId, team] of local) {
      void (async () => {
        // The team's members as they are now: a person removed, or a plan ended, leaves at once.
        const members = await deps.membersOf(teamId);
        for (const l of [...team.values()]) {
          if (!members.has(l.userId)) await evict(l.socket, "no_access");
        }
        const now = deps.now();
        const records = [...team.values()].map((l) => {
          l.record = { ...l.record, seenAt: now };
          return l.record;
        });
        await deps.store.put(teamId, records);
      })().catch((err) => log.error({ err, teamId }, "presence heartbeat failed"));
    }
  }, t.heartbeatMs);

  const sweep = setInterval(() => {
    for (const teamId of local.keys()) {
      void deps.store
        .sweep(teamId, deps.now(), t.expiryMs)
        .then((gone) => {
          for (const r of gone) markChanged(teamId, r.userId);
        })
        .catch((err) => log.error({ err, teamId }, "presence sweep failed"));
    }
  }, t.sweepMs);
  heartbeat.unref();
  sweep.unref();

  return {
    /** A member left or was removed: every instance takes their sockets out of the team's rooms now. */
    async memberLeft(teamId: string, userId: string) {
      if (deps.store.kind === "redis") io.serverSideEmit(MEMBER_LEFT, teamId, userId);
      await evictLocal(teamId, userId, "removed");
    },
    /**
     * These people's plans changed: each one's team is decided afresh (entitlements and a live
     * team), and every instance takes their sockets out of any other team's rooms now.
     */
    async accessChanged(userIds: string[]) {
      for (const userId of userIds) {
        const allowed = await deps.teamOf(userId);
        if (deps.store.kind === "redis") io.serverSideEmit(ACCESS_CHANGED, userId, allowed);
        await keepOnly(userId, allowed);
      }
    },
    /** Delivers a stored activity event to the team's open workspaces on every instance. */
    publishActivity(teamId: string, event: ActivityEventDto) {
      io.to(watchRoom(teamId)).emit("activity:new", event);
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearInterval(sweep);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type TeamWorkspace = ReturnType<typeof attachTeamWorkspace>;
