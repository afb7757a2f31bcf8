import { describe, expect, it } from "vitest";
import {
  advance,
  checkPomodoroEndTime,
  deserialize,
  focusRunning,
  formatRemaining,
  initialPomodoro,
  isBreakOption,
  isWorkOption,
  POMODORO_BREAK_DEFAULT,
  POMODORO_BREAK_OPTIONS,
  POMODORO_WORK_DEFAULT,
  POMODORO_WORK_OPTIONS,
  type PomodoroState,
  pause,
  phaseLengthMs,
  remainingMs,
  reset,
  serialize,
  setDurations,
  start,
  startCreatesSession,
  withSessionId,
} from "./pomodoro.ts";

const MIN = 60_000;
// A fixed local wall clock (Wednesday 18 November 2026, 10:00 in the test machine's zone).
const T0 = new Date(2026, 10, 18, 10, 0).getTime();

function running(now = T0, opts?: { workMinutes?: number; breakMinutes?: number }): PomodoroState {
  return withSessionId(start(initialPomodoro(now, opts), now), "s1");
}

describe("options", () => {
  it("offers the spec's work and break lengths with their defaults", () => {
    expect(POMODORO_WORK_OPTIONS).toEqual([15, 25, 30, 45, 60]);
    expect(POMODORO_WORK_DEFAULT).toBe(25);
    expect(POMODORO_BREAK_OPTIONS).toEqual([5, 10, 15, 20]);
    expect(POMODORO_BREAK_DEFAULT).toBe(5);
  });

  it.each([
    [25, true, false],
    [15, true, true],
    [5, false, true],
    [20, false, true],
    [60, true, false],
    [26, false, false],
    ["25", false, false],
    [Number.NaN, false, false],
  ])("%o is a work option: %o, a break option: %o", (value, work, brk) => {
    expect(isWorkOption(value)).toBe(work);
    expect(isBreakOption(value)).toBe(brk);
  });
});

describe("initialPomodoro", () => {
  it("starts idle in focus with the defaults and today's date", () => {
    expect(initialPomodoro(T0)).toEqual({
      phase: "focus",
      status: "idle",
      workMinutes: 25,
      breakMinutes: 5,
      startedAt: null,
      elapsedMs: 0,
      sessionId: null,
      completedToday: 0,
      day: "2026-11-18",
    });
    expect(remainingMs(initialPomodoro(T0), T0 + 10 * MIN)).toBe(25 * MIN);
  });

  it.each([
    [{ workMinutes: 45, breakMinutes: 15 }, 45, 15],
    [{ workMinutes: 45 }, 45, 5],
    [{ workMinutes: 17, breakMinutes: 3 }, 25, 5],
  ])("takes valid options %o", (opts, work, brk) => {
    const s = initialPomodoro(T0, opts);
    expect([s.workMinutes, s.breakMinutes]).toEqual([work, brk]);
  });
});

describe("a full cycle", () => {
  it("runs focus, counts it, runs the break automatically, then stops in focus", () => {
    let s = initialPomodoro(T0);
    expect(startCreatesSession(s)).toBe(true);
    s = start(s, T0);
    expect(startCreatesSession(s)).toBe(false);
    s = withSessionId(s, "abc");
    expect(s).toMatchObject({ phase: "focus", status: "running", startedAt: T0, sessionId: "abc" });

    const ticks: Array<[number, number]> = [
      [T0 + 1000, 25 * MIN - 1000],
      [T0 + 24 * MIN, MIN],
      [T0 + 25 * MIN - 1, 1],
    ];
    for (const [now, left] of ticks) {
      const r = advance(s, now);
      expect(r.events).toEqual([]);
      expect(r.state).toBe(s);
      expect(remainingMs(s, now)).toBe(left);
    }

    const focusEnd = advance(s, T0 + 25 * MIN);
    expect(focusEnd.events).toEqual([{ type: "focusCompleted", sessionId: "abc", endedAt: T0 + 25 * MIN }]);
    s = focusEnd.state;
    expect(s).toMatchObject({
      phase: "break",
      status: "running",
      startedAt: T0 + 25 * MIN,
      completedToday: 1,
    });
    expect(remainingMs(s, T0 + 27 * MIN)).toBe(3 * MIN);

    const breakEnd = advance(s, T0 + 30 * MIN + 500);
    expect(breakEnd.events).toEqual([{ type: "breakCompleted", endedAt: T0 + 30 * MIN }]);
    s = breakEnd.state;
    expect(s).toMatchObject({
      phase: "focus",
      status: "idle",
      startedAt: null,
      elapsedMs: 0,
      sessionId: null,
      completedToday: 1,
    });
    expect(remainingMs(s, T0 + 31 * MIN)).toBe(25 * MIN);
    expect(startCreatesSession(s)).toBe(true);
  });

  it("does nothing to idle or paused timers", () => {
    const idle = initialPomodoro(T0);
    expect(advance(idle, T0 + 600 * MIN)).toEqual({ state: idle, events: [] });
    const paused = pause(running(), T0 + MIN);
    expect(advance(paused, T0 + 999 * MIN).events).toEqual([]);
    expect(remainingMs(paused, T0 + 999 * MIN)).toBe(24 * MIN);
  });
});

describe("pause and resume", () => {
  it("accounts only for running time across several pauses", () => {
    let s = running();
    s = pause(s, T0 + 5 * MIN);
    expect(s).toMatchObject({ status: "paused", startedAt: null, elapsedMs: 5 * MIN, sessionId: "s1" });
    expect(startCreatesSession(s)).toBe(false);
    s = start(s, T0 + 60 * MIN);
    expect(s).toMatchObject({ status: "running", startedAt: T0 + 60 * MIN, sessionId: "s1" });
    expect(remainingMs(s, T0 + 62 * MIN)).toBe(18 * MIN);
    s = pause(s, T0 + 70 * MIN);
    expect(s.elapsedMs).toBe(15 * MIN);
    s = start(s, T0 + 100 * MIN);
    expect(advance(s, T0 + 109 * MIN).events).toEqual([]);
    const done = advance(s, T0 + 110 * MIN);
    expect(done.events).toEqual([{ type: "focusCompleted", sessionId: "s1", endedAt: T0 + 110 * MIN }]);
  });

  it("ignores pausing what is not running and starting what already runs", () => {
    const idle = initialPomodoro(T0);
    expect(pause(idle, T0 + MIN)).toBe(idle);
    const paused = pause(running(), T0 + MIN);
    expect(pause(paused, T0 + 2 * MIN)).toBe(paused);
    const run = running();
    expect(start(run, T0 + MIN)).toBe(run);
  });

  it("refuses to pause once the phase is over, so the completion is still reported", () => {
    const s = running();
    expect(pause(s, T0 + 26 * MIN)).toBe(s);
    expect(advance(s, T0 + 26 * MIN).events).toHaveLength(1);
  });

  it("pauses and resumes the break too", () => {
    let s = advance(running(), T0 + 25 * MIN).state;
    s = pause(s, T0 + 27 * MIN);
    expect(s).toMatchObject({ phase: "break", status: "paused", elapsedMs: 2 * MIN });
    s = start(s, T0 + 40 * MIN);
    expect(advance(s, T0 + 43 * MIN).events).toEqual([{ type: "breakCompleted", endedAt: T0 + 43 * MIN }]);
  });
});

describe("a background tab that slept", () => {
  it.each([
    ["through the focus only", 27, ["focusCompleted"], { phase: "break", status: "running" }, 3],
    [
      "through focus and break",
      31,
      ["focusCompleted", "breakCompleted"],
      { phase: "focus", status: "idle" },
      25,
    ],
    ["for hours", 600, ["focusCompleted", "breakCompleted"], { phase: "focus", status: "idle" }, 25],
  ] as const)(
    "%s emits the events in order at their exact times",
    (_name, wakeMin, types, shape, leftMin) => {
      const wake = T0 + wakeMin * MIN;
      const { state, events } = advance(running(), wake);
      expect(events.map((e) => e.type)).toEqual(types);
      expect(events[0]).toEqual({ type: "focusCompleted", sessionId: "s1", endedAt: T0 + 25 * MIN });
      if (events[1]) expect(events[1]).toEqual({ type: "breakCompleted", endedAt: T0 + 30 * MIN });
      expect(state).toMatchObject({ ...shape, completedToday: 1 });
      expect(remainingMs(state, wake)).toBe(leftMin * MIN);
    },
  );

  it("is not disturbed by irregular, throttled ticks", () => {
    let s = running(T0, { workMinutes: 15, breakMinutes: 10 });
    const seen: string[] = [];
    for (const t of [0.4, 3, 14.99, 15.5, 16, 24.98, 25, 25.01, 40]) {
      const r = advance(s, T0 + t * MIN);
      s = r.state;
      seen.push(...r.events.map((e) => `${e.type}@${(e.endedAt - T0) / MIN}`));
    }
    expect(seen).toEqual(["focusCompleted@15", "breakCompleted@25"]);
  });
});

describe("days", () => {
  it("resets the count on a new local day and keeps it within the day", () => {
    const lateEvening = new Date(2026, 10, 18, 23, 0).getTime();
    let s = { ...initialPomodoro(lateEvening), completedToday: 4 };
    s = start(s, lateEvening);
    const done = advance(s, lateEvening + 25 * MIN);
    expect(done.state).toMatchObject({ completedToday: 5, day: "2026-11-18" });
    const nextMorning = new Date(2026, 10, 19, 8, 0).getTime();
    const later = advance(done.state, nextMorning);
    expect(later.events.map((e) => e.type)).toEqual(["breakCompleted"]);
    expect(later.state).toMatchObject({ completedToday: 0, day: "2026-11-19" });
  });

  it("counts a focus that ends after midnight on the new day", () => {
    const beforeMidnight = new Date(2026, 10, 18, 23, 50).getTime();
    const s = { ...running(beforeMidnight), completedToday: 3 };
    const { state, events } = advance(s, new Date(2026, 10, 19, 0, 16).getTime());
    expect(events).toHaveLength(1);
    expect(state).toMatchObject({ phase: "break", completedToday: 1, day: "2026-11-19" });
  });

  it("counts a focus that ended before midnight on the old day, then rolls over", () => {
    const s = { ...running(new Date(2026, 10, 18, 23, 0).getTime()), completedToday: 3 };
    const { state, events } = advance(s, new Date(2026, 10, 19, 9, 0).getTime());
    expect(events.map((e) => e.type)).toEqual(["focusCompleted", "breakCompleted"]);
    expect(state).toMatchObject({ completedToday: 0, day: "2026-11-19" });
  });

  it("rolls over when a timer is started on a later day", () => {
    const s = { ...initialPomodoro(T0), completedToday: 6 };
    const tomorrow = new Date(2026, 10, 19, 9, 0).getTime();
    expect(start(s, tomorrow)).toMatchObject({ completedToday: 0, day: "2026-11-19" });
    expect(advance(s, tomorrow).state).toMatchObject({ completedToday: 0, day: "2026-11-19" });
    expect(advance(s, T0 + 60 * MIN).state).toBe(s);
  });
});

describe("reset", () => {
  it.each([
    ["while focus runs", (s: PomodoroState) => s],
    ["while focus is paused", (s: PomodoroState) => pause(s, T0 + 3 * MIN)],
    ["during the break", (s: PomodoroState) => advance(s, T0 + 27 * MIN).state],
    ["during a paused break", (s: PomodoroState) => pause(advance(s, T0 + 27 * MIN).state, T0 + 28 * MIN)],
  ])("%s stops and restores the focus length, keeping today's count", (_name, prepare) => {
    const before = prepare({ ...running(), completedToday: 2 });
    const after = reset(before);
    expect(after).toEqual({
      ...before,
      phase: "focus",
      status: "idle",
      startedAt: null,
      elapsedMs: 0,
      sessionId: null,
    });
    expect(after.completedToday).toBe(before.completedToday);
    expect(remainingMs(after, T0 + 99 * MIN)).toBe(25 * MIN);
    expect(advance(after, T0 + 99 * MIN).events).toEqual([]);
  });
});

describe("setDurations", () => {
  it.each([
    [45, 15, true],
    [15, 20, true],
    [60, 5, true],
    [20, 5, false],
    [25, 7, false],
    [0, 0, false],
    [-25, 5, false],
    [25.5, 5, false],
    [Number.NaN, 5, false],
  ])("idle: work %d, break %d accepted: %o", (work, brk, ok) => {
    const s = initialPomodoro(T0);
    const next = setDurations(s, work, brk);
    if (ok) {
      expect(next).toMatchObject({ workMinutes: work, breakMinutes: brk, status: "idle" });
      expect(remainingMs(next, T0)).toBe(work * MIN);
      expect(phaseLengthMs(next)).toBe(work * MIN);
    } else {
      expect(next).toBe(s);
    }
  });

  it("is refused while running or paused", () => {
    const run = running();
    expect(setDurations(run, 45, 15)).toBe(run);
    const paused = pause(run, T0 + MIN);
    expect(setDurations(paused, 45, 15)).toBe(paused);
  });

  it("uses the chosen break length for the automatic break", () => {
    const s = setDurations(initialPomodoro(T0), 15, 20);
    const r = advance(withSessionId(start(s, T0), "x"), T0 + 15 * MIN);
    expect(remainingMs(r.state, T0 + 15 * MIN)).toBe(20 * MIN);
  });
});

describe("withSessionId", () => {
  it("attaches to a running or paused focus run only", () => {
    const run = start(initialPomodoro(T0), T0);
    expect(withSessionId(run, "a").sessionId).toBe("a");
    expect(withSessionId(pause(run, T0 + MIN), "b").sessionId).toBe("b");
    const idle = initialPomodoro(T0);
    expect(withSessionId(idle, "c")).toBe(idle);
    const brk = advance(run, T0 + 26 * MIN).state;
    expect(withSessionId(brk, "d")).toBe(brk);
  });

  it("is cleared when a new focus run starts but kept on resume", () => {
    const afterCycle = advance(running(), T0 + 40 * MIN).state;
    expect(start(afterCycle, T0 + 41 * MIN).sessionId).toBeNull();
    const paused = pause(running(), T0 + MIN);
    expect(start(paused, T0 + 2 * MIN).sessionId).toBe("s1");
  });
});

describe("formatRemaining", () => {
  it.each([
    [25 * MIN, "25:00"],
    [25 * MIN - 1, "25:00"],
    [24 * MIN + 59_001, "25:00"],
    [24 * MIN + 59_000, "24:59"],
    [1, "00:01"],
    [0, "00:00"],
    [-5, "00:00"],
    [60 * MIN, "60:00"],
  ])("%d ms reads %s", (ms, expected) => {
    expect(formatRemaining(ms)).toBe(expected);
  });
});

describe("serialize and deserialize", () => {
  it.each([
    ["idle", initialPomodoro(T0)],
    ["running focus", running()],
    ["paused focus", pause(running(), T0 + 7 * MIN)],
    ["running break", advance(running(), T0 + 26 * MIN).state],
    ["custom lengths", setDurations(initialPomodoro(T0), 60, 20)],
  ])("round-trips a %s timer", (_name, state) => {
    const text = serialize(state);
    expect(typeof text).toBe("string");
    expect(deserialize(text, T0 + 99 * MIN)).toEqual(state);
  });

  it("resumes exactly after a reload", () => {
    const saved = serialize(running());
    const restored = deserialize(saved, T0 + 40 * MIN);
    expect(advance(restored, T0 + 40 * MIN).events.map((e) => e.type)).toEqual([
      "focusCompleted",
      "breakCompleted",
    ]);
  });

  const good = JSON.parse(serialize(running())) as { v: number; state: Record<string, unknown> };
  const withField = (field: string, value: unknown) =>
    JSON.stringify({ ...good, state: { ...good.state, [field]: value } });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["empty", ""],
    ["not JSON", "{oops"],
    ["a number", "42"],
    ["an array", "[]"],
    ["the bare state", JSON.stringify(good.state)],
    ["another version", JSON.stringify({ ...good, v: 2 })],
    ["bad phase", withField("phase", "nap")],
    ["bad status", withField("status", "stopped")],
    ["work not an option", withField("workMinutes", 26)],
    ["break not an option", withField("breakMinutes", "5")],
    ["negative elapsed", withField("elapsedMs", -1)],
    ["fractional count", withField("completedToday", 1.5)],
    ["numeric session id", withField("sessionId", 7)],
    ["bad day", withField("day", "18/11/2026")],
    ["running without a start", withField("startedAt", null)],
    ["missing field", withField("day", undefined)],
    ["idle with a start", JSON.stringify({ ...good, state: { ...good.state, status: "idle" } })],
  ])("falls back to a fresh timer on %s", (_name, raw) => {
    expect(deserialize(raw, T0)).toEqual(initialPomodoro(T0));
  });
});

describe("checkPomodoroEndTime", () => {
  const startTime = new Date("2026-05-04T09:00:00.000Z");
  const session = { startTime, durationMinutes: 25 };
  const at = (iso: string) => new Date(iso);
  const NOW = at("2026-05-04T11:00:00.000Z");

  it("without a claimed time takes the server's now", () => {
    expect(checkPomodoroEndTime(session, null, NOW)).toEqual({ ok: true, endTime: NOW });
  });

  it.each([
    ["exactly start + focus length", "2026-05-04T09:25:00.000Z", "2026-05-04T09:25:00.000Z"],
    ["within the tolerance before it", "2026-05-04T09:24:00.000Z", "2026-05-04T09:24:00.000Z"],
    ["later, after a pause or a sleeping laptop", "2026-05-04T10:40:00.000Z", "2026-05-04T10:40:00.000Z"],
    ["exactly now", "2026-05-04T11:00:00.000Z", "2026-05-04T11:00:00.000Z"],
    [
      "a few seconds ahead of the server (stored as now)",
      "2026-05-04T11:00:30.000Z",
      "2026-05-04T11:00:00.000Z",
    ],
    ["the tolerance ahead (stored as now)", "2026-05-04T11:01:00.000Z", "2026-05-04T11:00:00.000Z"],
  ])("accepts a claim %s", (_name, claimed, stored) => {
    expect(checkPomodoroEndTime(session, at(claimed), NOW)).toEqual({ ok: true, endTime: at(stored) });
  });

  it.each([
    ["more than the tolerance in the future", "2026-05-04T11:01:00.001Z", /in the future/],
    ["a day in the future", "2026-05-05T11:00:00.000Z", /in the future/],
    ["before the focus could have run", "2026-05-04T09:23:59.999Z", /before the 25-minute focus has run/],
    ["before the session started", "2026-05-04T08:00:00.000Z", /before the 25-minute focus has run/],
  ])("refuses a claim %s", (_name, claimed, message) => {
    const res = checkPomodoroEndTime(session, at(claimed), NOW);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.message).toMatch(message);
  });

  it("refuses an invalid date", () => {
    expect(checkPomodoroEndTime(session, new Date(Number.NaN), NOW).ok).toBe(false);
  });
});

describe("focusRunning", () => {
  it("is true only while a focus phase runs with time left", () => {
    const r = running();
    expect(focusRunning(r, T0 + MIN)).toBe(true);
    expect(focusRunning(r, T0 + 25 * MIN)).toBe(false);
    expect(focusRunning(pause(r, T0 + MIN), T0 + MIN)).toBe(false);
    expect(focusRunning(initialPomodoro(T0), T0)).toBe(false);
    expect(focusRunning(reset(r), T0 + MIN)).toBe(false);
  });
});
