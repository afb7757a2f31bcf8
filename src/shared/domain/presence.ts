// Presence and typing in the Team Workspace (spec sections 4 and 9), as pure rules on an injected
// clock. The browser runs the per-tab machine (activity, idle, focus); the server keeps one record
// per connection and merges a person's connections into the one member the team sees.

/** Away after 5 minutes without pointer or key activity (spec section 9). */
export const PRESENCE_AWAY_AFTER_MS = 5 * 60_000;
/** The typing flag clears 3 seconds after the last keystroke (spec section 9). */
export const TYPING_CLEAR_MS = 3_000;
/** While keys keep coming, "typing" is re-sent at most this often, so receivers' expiry never lapses. */
export const TYPING_REFRESH_MS = 1_000;
/** Recent Activity lists this many entries (spec section 9). */
export const RECENT_ACTIVITY_LIMIT = 10;
/**
 * Each instance refreshes its connections' presence records this often, and a record not refreshed
 * for PRESENCE_EXPIRY_MS is gone: a killed instance's members turn offline on the others within
 * PRESENCE_EXPIRY_MS + PRESENCE_SWEEP_MS (docs/decisions/070-team-presence.md).
 */
export const PRESENCE_HEARTBEAT_MS = 10_000;
export const PRESENCE_EXPIRY_MS = 25_000;
export const PRESENCE_SWEEP_MS = 2_500;
/** Presence changes of one team are sent as one diff at most this often. */
export const PRESENCE_DIFF_THROTTLE_MS = 100;

export type PresenceStatus = "online" | "away" | "busy";
export type MemberStatus = PresenceStatus | "offline";

/** One tab's own presence, as the browser keeps it. */
export type TabPresence = {
  /** The last pointer, key or navigation activity (ms since the epoch). */
  lastActiveAt: number;
  /** True while this person's Pomodoro focus phase is running. */
  focus: boolean;
  page: string;
};

export function initialTabPresence(now: number, page: string, focus = false): TabPresence {
  return { lastActiveAt: now, focus, page };
}

/** Pointer or key activity: online again. */
export function onActivity(state: TabPresence, now: number): TabPresence {
  return { ...state, lastActiveAt: now };
}

/** Navigation counts as activity and moves the current page. */
export function onNavigate(state: TabPresence, now: number, page: string): TabPresence {
  return { ...state, lastActiveAt: now, page };
}

export function onFocusChange(state: TabPresence, focus: boolean): TabPresence {
  return state.focus === focus ? state : { ...state, focus };
}

/** Busy while focus runs (it outranks idleness: a person in focus is not away), else away after 5 minutes idle. */
export function tabStatus(state: TabPresence, now: number): PresenceStatus {
  if (state.focus) return "busy";
  return now - state.lastActiveAt >= PRESENCE_AWAY_AFTER_MS ? "away" : "online";
}

/** When the status will change by itself (away after idling), or null when only activity changes it. */
export function nextStatusChangeAt(state: TabPresence, now: number): number | null {
  if (state.focus) return null;
  const at = state.lastActiveAt + PRESENCE_AWAY_AFTER_MS;
  return at > now ? at : null;
}

/** One connection's record as the server holds it (in memory or in Redis). */
export type ConnectionPresence = {
  connectionId: string;
  userId: string;
  email: string;
  /** The person's name as their team sees it on the member list; "" when none (older records lack it). */
  name?: string;
  status: PresenceStatus;
  page: string;
  /** When this connection last reported activity or changed status (ms). */
  changedAt: number;
  /** Refreshed by the owning instance's heartbeat (ms); the record expires without it. */
  seenAt: number;
};

/** One member as the team sees them. */
export type MemberPresence = {
  userId: string;
  email: string;
  /** The name to show, "" when the person has none (then show the email). */
  name: string;
  status: MemberStatus;
  page: string | null;
  /** When the member was last seen by any instance (ISO). */
  lastSeen: string;
};

const RANK: Record<PresenceStatus, number> = { busy: 3, online: 2, away: 1 };

export const isExpired = (c: ConnectionPresence, now: number, expiryMs = PRESENCE_EXPIRY_MS) =>
  now - c.seenAt > expiryMs;

/**
 * A person's live connections merged into one member: two tabs are one member. The most present
 * status wins (busy, then online, then away); the page is that of the connection active last.
 * No live connection: offline.
 */
export function mergeMember(
  userId: string,
  connections: readonly ConnectionPresence[],
  now: number,
  expiryMs = PRESENCE_EXPIRY_MS,
): MemberPresence | null {
  const live = connections.filter((c) => c.userId === userId && !isExpired(c, now, expiryMs));
  if (live.length === 0) return null;
  let best = live[0]!;
  let latest = live[0]!;
  let seen = 0;
  for (const c of live) {
    if (RANK[c.status] > RANK[best.status]) best = c;
    if (c.changedAt > latest.changedAt) latest = c;
    seen = Math.max(seen, c.seenAt);
  }
  return {
    userId,
    email: latest.email,
    name: latest.name ?? "",
    status: best.status,
    page: latest.page,
    lastSeen: new Date(seen).toISOString(),
  };
}

/** Every member with a live connection, one entry per person. */
export function mergeTeam(
  connections: readonly ConnectionPresence[],
  now: number,
  expiryMs = PRESENCE_EXPIRY_MS,
): MemberPresence[] {
  const people = [...new Set(connections.map((c) => c.userId))];
  return people.flatMap((id) => mergeMember(id, connections, now, expiryMs) ?? []);
}

/** The sender's side of the typing rule: what to tell the team after each event of the text field. */
export type TypingSender = { typing: boolean; lastKeyAt: number; lastSentAt: number };

export const initialTypingSender = (): TypingSender => ({ typing: false, lastKeyAt: 0, lastSentAt: 0 });

/**
 * A keystroke with the field's new value. An empty field means not typing at once; otherwise
 * "typing" is sent when it starts and refreshed at most every TYPING_REFRESH_MS.
 */
export function onKeystroke(
  s: TypingSender,
  value: string,
  now: number,
): { state: TypingSender; send: boolean | null } {
  if (value === "") return stopTyping(s);
  const send = !s.typing || now - s.lastSentAt >= TYPING_REFRESH_MS;
  return {
    state: { typing: true, lastKeyAt: now, lastSentAt: send ? now : s.lastSentAt },
    send: send ? true : null,
  };
}

/** Sent or cleared: not typing, at once. */
export function stopTyping(s: TypingSender): { state: TypingSender; send: boolean | null } {
  return { state: { ...s, typing: false }, send: s.typing ? false : null };
}

/** When the sender's flag clears by itself, or null when it is not typing. */
export function typingClearsAt(s: TypingSender): number | null {
  return s.typing ? s.lastKeyAt + TYPING_CLEAR_MS : null;
}

/** A clock tick: 3 seconds after the last keystroke the flag clears. */
export function onTypingTick(s: TypingSender, now: number): { state: TypingSender; send: boolean | null } {
  const at = typingClearsAt(s);
  return at !== null && now >= at ? stopTyping(s) : { state: s, send: null };
}

/**
 * The receiver's side: a "typing" heard at `heardAt` shows until "not typing" arrives, or (if that
 * is lost with the sender) until the sender's own rule would have cleared it.
 */
export const typingShownUntil = (heardAt: number) => heardAt + TYPING_CLEAR_MS + TYPING_REFRESH_MS;
