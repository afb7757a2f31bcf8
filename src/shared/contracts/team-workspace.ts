// The Team Workspace's realtime protocol (spec section 7: presence, typing, collaboration-events) and
// its activity feed. Payloads a browser sends are parsed with these schemas on the server; a payload
// never names a team: the server uses the team the socket was admitted to.
import { z } from "zod";
import type { MemberPresence, PresenceStatus } from "../domain/presence.ts";

/** A socket payload larger than this (as JSON) is refused with an error acknowledgement. */
export const SOCKET_PAYLOAD_MAX_BYTES = 1024;
/** Per socket: at most this many events in a burst, refilled at EVENTS_PER_SECOND. */
export const SOCKET_EVENT_BURST = 20;
export const SOCKET_EVENTS_PER_SECOND = 10;

/** A page path as the browser reports it: its path and, on the dashboard, its section. */
export const pagePath = z
  .string()
  .max(120)
  .regex(/^\/[A-Za-z0-9\-/]*(\?section=[a-z]{1,20})?$/, "Not a page of Kairo.");

export const presenceUpdateBody = z.strictObject({
  status: z.enum(["online", "away", "busy"]) satisfies z.ZodType<PresenceStatus>,
  page: pagePath,
});
export type PresenceUpdateBody = z.infer<typeof presenceUpdateBody>;

export const typingBody = z.strictObject({ isTyping: z.boolean() });
export type TypingBody = z.infer<typeof typingBody>;

/** Join and leave the workspace's live view carry nothing. */
export const emptyBody = z.strictObject({}).nullish();

/** The test broadcast may carry the text of the workspace's field as its target. */
export const ACTIVITY_NOTE_MAX = 120;
export const broadcastBody = z
  .strictObject({ note: z.string().trim().max(ACTIVITY_NOTE_MAX).optional() })
  .nullish();

/** What people did, as stored in team_activity. The web words each one. */
export const ACTIVITY_ACTIONS = [
  "test.broadcast",
  "task.completed",
  "workflow.created",
  "workflow.run",
  "member.joined",
  "member.left",
  "calendar.connected",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** An activity event (spec section 3): id, user_id, user_email, action, target, timestamp. */
export const activityEventDto = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  target: z.string().nullable(),
  timestamp: z.string(),
});
export type ActivityEventDto = z.infer<typeof activityEventDto>;

/** GET /api/team/activity: the team's last 10 events, newest first. */
export const teamActivityResponse = z.object({ activity: z.array(activityEventDto) });
export type TeamActivityResponse = z.infer<typeof teamActivityResponse>;

export type SocketErrorCode = "invalid_payload" | "too_large" | "rate_limited" | "unknown_event" | "no_team";

export type SocketAck<T = Record<string, never>> =
  | ({ ok: true } & T)
  | {
      ok: false;
      /** With rate_limited from a per-person budget: the seconds until it opens again. */
      error: { code: SocketErrorCode; message: string; retryAfterSeconds?: number };
    };

/** The answer to team:join: who is here now, and the recent activity. */
export type TeamSnapshot = {
  teamId: string;
  members: MemberPresence[];
  activity: ActivityEventDto[];
};

export type TeamWorkspaceServerEvents = {
  /** Members whose presence changed (full entries) and people who went offline (ids). */
  "presence:diff": (payload: { changed: MemberPresence[]; gone: string[] }) => void;
  "typing:update": (payload: { userId: string; isTyping: boolean }) => void;
  "activity:new": (payload: ActivityEventDto) => void;
  /** The person left the team's room: removed by the owner, or the Team plan ended. */
  "team:left": (payload: { reason: "removed" | "no_access" }) => void;
  /** A refused event that carried no acknowledgement callback. */
  "socket:error": (payload: { event: string; code: SocketErrorCode; message: string }) => void;
};

export type TeamWorkspaceClientEvents = {
  "presence:update": (payload: PresenceUpdateBody, ack?: (a: SocketAck) => void) => void;
  "typing:set": (payload: TypingBody, ack?: (a: SocketAck) => void) => void;
  "team:join": (payload: unknown, ack: (a: SocketAck<{ snapshot: TeamSnapshot }>) => void) => void;
  "team:leave": (payload: unknown, ack?: (a: SocketAck) => void) => void;
  "activity:broadcast": (payload: unknown, ack?: (a: SocketAck<{ event: ActivityEventDto }>) => void) => void;
};
