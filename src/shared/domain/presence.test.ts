import { describe, expect, it } from "vitest";
import {
  type ConnectionPresence,
  initialTabPresence,
  initialTypingSender,
  mergeMember,
  mergeTeam,
  nextStatusChangeAt,
  onActivity,
  onFocusChange,
  onKeystroke,
  onNavigate,
  onTypingTick,
  PRESENCE_AWAY_AFTER_MS,
  PRESENCE_EXPIRY_MS,
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_SWEEP_MS,
  RECENT_ACTIVITY_LIMIT,
  stopTyping,
  TYPING_CLEAR_MS,
  tabStatus,
  typingClearsAt,
  typingShownUntil,
} from "./presence.ts";

const T0 = Date.UTC(2026, 10, 23, 9, 0);
const MIN = 60_000;

describe("the spec's constants", () => {
  it("are away after 5 minutes, typing for 3 seconds, 10 recent entries", () => {
    expect(PRESENCE_AWAY_AFTER_MS).toBe(5 * MIN);
    expect(TYPING_CLEAR_MS).toBe(3000);
    expect(RECENT_ACTIVITY_LIMIT).toBe(10);
  });

  it("turn a dead instance's members offline within 30 seconds, surviving one late heartbeat", () => {
    expect(PRESENCE_EXPIRY_MS + PRESENCE_SWEEP_MS).toBeLessThanOrEqual(30_000);
    expect(PRESENCE_EXPIRY_MS).toBeGreaterThan(2 * PRESENCE_HEARTBEAT_MS);
  });
});

describe("one tab's status", () => {
  it("is online on opening, away after 5 idle minutes, online again on any activity", () => {
    let s = initialTabPresence(T0, "/dashboard");
    expect(tabStatus(s, T0)).toBe("online");
    expect(tabStatus(s, T0 + 5 * MIN - 1)).toBe("online");
    expect(nextStatusChangeAt(s, T0)).toBe(T0 + 5 * MIN);
    expect(tabStatus(s, T0 + 5 * MIN)).toBe("away");
    expect(nextStatusChangeAt(s, T0 + 5 * MIN)).toBeNull();
    s = onActivity(s, T0 + 6 * MIN);
    expect(tabStatus(s, T0 + 6 * MIN)).toBe("online");
    expect(tabStatus(s, T0 + 11 * MIN)).toBe("away");
  });

  it("navigation is activity and moves the page", () => {
    let s = initialTabPresence(T0, "/dashboard");
    s = onNavigate(s, T0 + 7 * MIN, "/team-workspace");
    expect(s.page).toBe("/team-workspace");
    expect(tabStatus(s, T0 + 7 * MIN)).toBe("online");
  });

  it("is busy while focus runs, even when idle, and back to the idle rule when it stops", () => {
    let s = onFocusChange(initialTabPresence(T0, "/dashboard"), true);
    expect(tabStatus(s, T0)).toBe("busy");
    expect(tabStatus(s, T0 + 30 * MIN)).toBe("busy");
    expect(nextStatusChangeAt(s, T0)).toBeNull();
    s = onFocusChange(s, false);
    expect(tabStatus(s, T0 + 30 * MIN)).toBe("away");
    expect(tabStatus(onActivity(s, T0 + 30 * MIN), T0 + 30 * MIN)).toBe("online");
  });
});

function conn(over: Partial<ConnectionPresence>): ConnectionPresence {
  return {
    connectionId: "c1",
    userId: "u1",
    email: "ann@example.com",
    name: "Ann Archer",
    status: "online",
    page: "/dashboard",
    changedAt: T0,
    seenAt: T0,
    ...over,
  };
}

describe("merging connections into members", () => {
  it("two tabs of one person are one member with the most present status and the latest page", () => {
    const tabs = [
      conn({ connectionId: "a", status: "away", page: "/settings", changedAt: T0 }),
      conn({ connectionId: "b", status: "online", page: "/team-workspace", changedAt: T0 + 1000 }),
    ];
    expect(mergeTeam(tabs, T0 + 2000)).toEqual([
      {
        userId: "u1",
        email: "ann@example.com",
        name: "Ann Archer",
        status: "online",
        page: "/team-workspace",
        lastSeen: new Date(T0).toISOString(),
      },
    ]);
    expect(mergeMember("u1", [...tabs, conn({ connectionId: "c", status: "busy" })], T0)?.status).toBe(
      "busy",
    );
  });

  it("is offline (absent) when the last connection is gone or expired", () => {
    expect(mergeMember("u1", [], T0)).toBeNull();
    const stale = conn({ seenAt: T0 });
    expect(mergeMember("u1", [stale], T0 + PRESENCE_EXPIRY_MS)?.status).toBe("online");
    expect(mergeMember("u1", [stale], T0 + PRESENCE_EXPIRY_MS + 1)).toBeNull();
    expect(mergeTeam([stale, conn({ userId: "u2", seenAt: T0 + 20_000 })], T0 + 30_000)).toHaveLength(1);
  });
});

describe("typing", () => {
  it("starts on a keystroke, refreshes at most every second, and clears 3 seconds after the last key", () => {
    let r = onKeystroke(initialTypingSender(), "h", T0);
    expect(r.send).toBe(true);
    r = onKeystroke(r.state, "he", T0 + 500);
    expect(r.send).toBeNull();
    r = onKeystroke(r.state, "hel", T0 + 1000);
    expect(r.send).toBe(true);
    expect(typingClearsAt(r.state)).toBe(T0 + 1000 + TYPING_CLEAR_MS);
    expect(onTypingTick(r.state, T0 + 3999).send).toBeNull();
    const cleared = onTypingTick(r.state, T0 + 4000);
    expect(cleared.send).toBe(false);
    expect(cleared.state.typing).toBe(false);
    expect(onTypingTick(cleared.state, T0 + 9000).send).toBeNull();
  });

  it("clears at once when the field is emptied or the text is sent", () => {
    const typing = onKeystroke(initialTypingSender(), "x", T0).state;
    const emptied = onKeystroke(typing, "", T0 + 10);
    expect(emptied.send).toBe(false);
    expect(emptied.state.typing).toBe(false);
    expect(stopTyping(typing).send).toBe(false);
    expect(stopTyping(initialTypingSender()).send).toBeNull();
  });

  it("shows a heard flag no longer than the sender's own rule allows when its 'stop' is lost", () => {
    expect(typingShownUntil(T0)).toBe(T0 + 4000);
  });
});
