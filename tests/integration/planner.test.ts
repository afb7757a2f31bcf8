// The planner's routes (issue 25): Settings → Planning on the server, Plan my week as a preview that
// changes nothing, Accept all / accept one / reject one, a drag that pins, the re-plan suggestion,
// the at-risk list, bad input refused with nothing written, and one person's plan out of another's
// reach. Every block is checked against working hours and busy time in the person's zone.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { member } from "#server/db/schema/auth.ts";
import { calendarConnections, syncedEvents } from "#server/db/schema/calendar.ts";
import { planBlocks, plannerState } from "#server/db/schema/planner.ts";
import { tasks } from "#server/db/schema/tasks.ts";
import type {
  AtRiskResponse,
  PlanBlockDto,
  PlanningPreferences,
  PlanningPreferencesResponse,
  PlanResponse,
} from "#shared/contracts/planner.ts";
import type { TeamResponse } from "#shared/contracts/team.ts";
import { DEFAULT_WORKING_PREFERENCES } from "#shared/domain/planner/defaults.ts";
import { buyPlan } from "../support/factories.ts";
import { expectError, type SignedInPerson, testServerForFile } from "../support/integration.ts";

const { server, db, person } = testServerForFile();
const ZONE = "Europe/Berlin";
// "Now": Monday 11 May 2026, 07:00 in Berlin (05:00 UTC).
const NOW = "2026-05-11T05:00:00.000Z";

const PREFS: PlanningPreferences = { timeZone: ZONE, ...DEFAULT_WORKING_PREFERENCES };

const local = (iso: string) => DateTime.fromISO(iso, { zone: ZONE });

function insideWorkingHours(b: PlanBlockDto) {
  const s = local(b.start);
  const e = local(b.end);
  expect(s.toISODate()).toBe(e.toISODate());
  expect(s.weekday).toBeLessThanOrEqual(5);
  const from = s.hour * 60 + s.minute;
  const to = e.hour * 60 + e.minute;
  expect(from).toBeGreaterThanOrEqual(9 * 60);
  expect(to).toBeLessThanOrEqual(17 * 60);
  expect(from >= 13 * 60 || to <= 12 * 60).toBe(true);
}

async function setUp(p: SignedInPerson) {
  const res = await p.client.put<PlanningPreferencesResponse>("/api/planner/preferences", PREFS);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function task(p: SignedInPerson, body: Record<string, unknown>) {
  const res = await p.client.post<{ id: string }>("/api/tasks", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

async function meeting(userId: string, title: string, start: string, end: string) {
  let [conn] = await db().select().from(calendarConnections).where(eq(calendarConnections.userId, userId));
  if (!conn)
    [conn] = await db()
      .insert(calendarConnections)
      .values({ userId, provider: "google", calendarEmail: `${userId}@example.com`, calendarName: "Work" })
      .returning();
  const [row] = await db()
    .insert(syncedEvents)
    .values({
      userId,
      connectionId: conn!.id,
      externalId: `${title}-${start}`,
      title,
      startTime: new Date(start),
      endTime: new Date(end),
      provider: "google",
    })
    .returning();
  return row!;
}

async function planWeek(p: SignedInPerson) {
  const res = await p.client.post<PlanResponse>("/api/planner/plan", { scope: "week" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const rowsOf = (userId: string) => db().select().from(planBlocks).where(eq(planBlocks.userId, userId));

describe("Settings → Planning", () => {
  it("starts with Monday to Friday 9:00-17:00 in the browser's zone, and saves a valid change", async () => {
    const p = await person();
    const first = await p.client.get<PlanningPreferencesResponse>(`/api/planner/preferences?tz=${ZONE}`);
    expect(first.status).toBe(200);
    expect(first.body.saved).toBe(false);
    expect(first.body.preferences.timeZone).toBe(ZONE);
    expect(first.body.preferences.workingHours[1]).toEqual([{ start: "09:00", end: "17:00" }]);
    expect(first.body.preferences.workingHours[6]).toBeUndefined();
    expect(first.body.preferences.minBlockMinutes).toBe(25);
    expect(first.body.preferences.maxBlockMinutes).toBe(120);
    expect(first.body.effectiveDailyCapMinutes).toBe(360);
    expect(first.body.strain?.level).toBe("low");
    expect(first.body.capNote).toBeNull();

    const saved = await p.client.put<PlanningPreferencesResponse>("/api/planner/preferences", {
      ...PREFS,
      dailyCapMinutes: 300,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toBe(true);
    expect(
      (await p.client.get<PlanningPreferencesResponse>("/api/planner/preferences")).body.preferences,
    ).toEqual({
      ...PREFS,
      dailyCapMinutes: 300,
    });
  });

  it("refuses bad preferences with a 400 and keeps what was saved", async () => {
    const p = await person();
    await setUp(p);
    const bad: unknown[] = [
      { ...PREFS, workingHours: {} },
      { ...PREFS, timeZone: "Mars/Olympus" },
      { ...PREFS, workingHours: { 1: [{ start: "17:00", end: "09:00" }] } },
      {
        ...PREFS,
        workingHours: {
          1: [
            { start: "09:00", end: "12:00" },
            { start: "11:00", end: "14:00" },
          ],
        },
      },
      { ...PREFS, minBlockMinutes: 200, maxBlockMinutes: 100 },
      { ...PREFS, bufferMinutes: -5 },
      { ...PREFS, lunch: { start: "noon", end: "13:00" } },
      { ...PREFS, extra: true },
    ];
    for (const body of bad) expectError(await p.client.put("/api/planner/preferences", body), 400);
    const [row] = await db().select().from(plannerState).where(eq(plannerState.userId, p.id));
    expect(row!.preferences).toEqual(PREFS);
  });
});

describe("Plan my week", () => {
  it("previews blocks inside working hours and around busy time, and changes nothing before acceptance", async () => {
    server.clock.set(NOW);
    const p = await person();
    await setUp(p);
    const report = await task(p, {
      title: "Quarterly report",
      estimatedMinutes: 240,
      priority: "high",
      deadline: "2026-05-14T15:00:00.000Z",
      category: "Research",
    });
    await task(p, { title: "Inbox zero", estimatedMinutes: 60, priority: "low" });
    await meeting(p.id, "Team sync", "2026-05-11T07:00:00.000Z", "2026-05-11T09:00:00.000Z");
    const tasksBefore = await db().select().from(tasks).where(eq(tasks.userId, p.id));

    const plan = await planWeek(p);
    expect(plan.proposal?.scope).toBe("week");
    expect(plan.blocks).toEqual([]);
    expect(plan.proposed.length).toBeGreaterThanOrEqual(3);
    for (const b of plan.proposed) {
      expect(b.state).toBe("proposed");
      expect(b.change).toBe("add");
      insideWorkingHours(b);
      // Never over the meeting (09:00-11:00 Berlin on Monday).
      expect(b.end <= "2026-05-11T07:00:00.000Z" || b.start >= "2026-05-11T09:00:00.000Z").toBe(true);
      expect(b.reason.length).toBeGreaterThan(5);
    }
    const reportBlocks = plan.proposed.filter((b) => b.taskId === report);
    expect(reportBlocks.reduce((s, b) => s + (Date.parse(b.end) - Date.parse(b.start)) / 60_000, 0)).toBe(
      240,
    );
    expect(reportBlocks[0]!.reason).toMatch(/due Thursday 17:00, high priority/);

    // Nothing changed but the proposal: no accepted block, the tasks as they were.
    expect((await rowsOf(p.id)).every((r) => r.state === "proposed")).toBe(true);
    expect(await db().select().from(tasks).where(eq(tasks.userId, p.id))).toEqual(tasksBefore);
    expect((await p.client.get<PlanResponse>("/api/planner/plan")).body.proposed).toEqual(plan.proposed);
  });

  it("Accept all writes the blocks; a second plan previews moves against it, not a reshuffle", async () => {
    server.clock.set(NOW);
    const p = await person();
    await setUp(p);
    const a = await task(p, { title: "Design review", estimatedMinutes: 90, priority: "high" });
    await task(p, { title: "Write docs", estimatedMinutes: 60 });
    const plan = await planWeek(p);
    const accepted = await p.client.post<{ accepted: number; removed: number }>("/api/planner/plan/accept");
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ accepted: plan.proposed.length, removed: 0 });
    const after = await p.client.get<PlanResponse>("/api/planner/plan");
    expect(after.body.proposal).toBeNull();
    expect(after.body.proposed).toEqual([]);
    expect(after.body.blocks.map((b) => [b.taskId, b.start, b.end])).toEqual(
      plan.proposed.map((b) => [b.taskId, b.start, b.end]),
    );
    expect(after.body.blocks.every((b) => b.state === "accepted")).toBe(true);
    expect(after.body.replanSuggested).toBeNull();
    expectError(await p.client.post("/api/planner/plan/accept"), 409);

    // A meeting lands over the first block: GET suggests a re-plan, and nothing moves by itself.
    const first = after.body.blocks.find((b) => b.taskId === a)!;
    await meeting(p.id, "Client call", first.start, first.end);
    const flagged = await p.client.get<PlanResponse>("/api/planner/plan");
    expect(flagged.body.replanSuggested?.why.join(" ")).toMatch(/Client call/);
    expect(flagged.body.blocks).toEqual(after.body.blocks.map((b) => ({ ...b })));

    const again = await planWeek(p);
    const moved = again.proposed.filter((b) => b.change === "move");
    expect(moved.length).toBeGreaterThanOrEqual(1);
    expect(moved.some((b) => b.previousId === first.id)).toBe(true);
    for (const b of again.proposed) {
      insideWorkingHours(b);
      expect(b.end <= first.start || b.start >= first.end).toBe(true);
    }
    // Untouched blocks are not in the preview at all.
    expect(again.proposed.length).toBeLessThan(after.body.blocks.length + 1);
    const ok = await p.client.post("/api/planner/plan/accept");
    expect(ok.status).toBe(200);
    const final = await p.client.get<PlanResponse>("/api/planner/plan");
    expect(final.body.blocks.some((b) => b.id === first.id)).toBe(false);
    for (const b of final.body.blocks) expect(b.end <= first.start || b.start >= first.end).toBe(true);
    expect(final.body.replanSuggested).toBeNull();
  });

  it("suggests a re-plan when a task is done early or a deadline moves, and moves nothing by itself", async () => {
    server.clock.set(NOW);
    const p = await person();
    await setUp(p);
    const early = await task(p, { title: "Expense report", estimatedMinutes: 60 });
    const due = await task(p, {
      title: "Pitch deck",
      estimatedMinutes: 60,
      deadline: "2026-05-15T15:00:00.000Z",
    });
    await planWeek(p);
    expect((await p.client.post("/api/planner/plan/accept")).status).toBe(200);
    const accepted = (await p.client.get<PlanResponse>("/api/planner/plan")).body;
    expect(accepted.replanSuggested).toBeNull();

    expect((await p.client.patch(`/api/tasks/${early}`, { completed: true })).status).toBe(200);
    expect((await p.client.patch(`/api/tasks/${due}`, { deadline: "2026-05-13T15:00:00.000Z" })).status).toBe(
      200,
    );
    const after = (await p.client.get<PlanResponse>("/api/planner/plan")).body;
    expect(after.replanSuggested?.why).toEqual([
      "Expense report is done early; its planned time is free for other work.",
      "The deadline of Pitch deck moved to Wednesday 17:00.",
    ]);
    expect(after.blocks).toEqual(accepted.blocks);
    expect(after.proposed).toEqual([]);
  });

  it("accepts one and rejects one block; rejecting keeps the block it would have moved", async () => {
    server.clock.set(NOW);
    const p = await person();
    await setUp(p);
    await task(p, { title: "One", estimatedMinutes: 60 });
    await task(p, { title: "Two", estimatedMinutes: 60 });
    const plan = await planWeek(p);
    expect(plan.proposed.length).toBe(2);
    const [x, y] = plan.proposed;
    const one = await p.client.post<PlanResponse>(`/api/planner/blocks/${x!.id}/accept`);
    expect(one.status).toBe(200);
    expect(one.body.blocks.map((b) => b.id)).toEqual([x!.id]);
    expect(one.body.proposed.map((b) => b.id)).toEqual([y!.id]);
    const two = await p.client.post<PlanResponse>(`/api/planner/blocks/${y!.id}/reject`);
    expect(two.status).toBe(200);
    expect(two.body.proposed).toEqual([]);
    expect(two.body.proposal).toBeNull();
    expect((await rowsOf(p.id)).map((r) => [r.id, r.state])).toEqual([[x!.id, "accepted"]]);
    expectError(await p.client.post(`/api/planner/blocks/${x!.id}/accept`), 409);
  });

  it("a dragged block is checked, then pinned, and the next plan keeps it there", async () => {
    server.clock.set(NOW);
    const p = await person();
    await setUp(p);
    const id = await task(p, { title: "Slides", estimatedMinutes: 60 });
    await meeting(p.id, "Board meeting", "2026-05-12T12:00:00.000Z", "2026-05-12T13:00:00.000Z");
    const plan = await planWeek(p);
    const b = plan.proposed[0]!;
    const rowsBefore = await rowsOf(p.id);
    // Outside working hours (Tuesday 18:00 Berlin), over lunch, over the board meeting, in the past.
    for (const [start, end, why] of [
      ["2026-05-12T16:00:00.000Z", "2026-05-12T17:00:00.000Z", /outside your working hours/],
      ["2026-05-12T10:00:00.000Z", "2026-05-12T11:00:00.000Z", /lunch/],
      ["2026-05-12T11:30:00.000Z", "2026-05-12T12:30:00.000Z", /busy time \("Board meeting"\)/],
      ["2026-05-04T08:00:00.000Z", "2026-05-04T09:00:00.000Z", /past/],
    ] as const)
      expectError(await p.client.patch(`/api/planner/blocks/${b.id}`, { start, end }), 400, why);
    expectError(
      await p.client.patch(`/api/planner/blocks/${b.id}`, {
        start: "2026-05-12T08:03:00.000Z",
        end: "2026-05-12T09:00:00.000Z",
      }),
      400,
    );
    expectError(await p.client.patch(`/api/planner/blocks/${b.id}`, { start: "soon" }), 400);
    expect(await rowsOf(p.id)).toEqual(rowsBefore);

    const dragged = await p.client.patch<PlanResponse>(`/api/planner/blocks/${b.id}`, {
      start: "2026-05-13T12:00:00.000Z",
      end: "2026-05-13T13:00:00.000Z",
    });
    expect(dragged.status, JSON.stringify(dragged.body)).toBe(200);
    expect(dragged.body.blocks).toEqual([
      expect.objectContaining({ id: b.id, taskId: id, state: "pinned", start: "2026-05-13T12:00:00.000Z" }),
    ]);
    expect(dragged.body.blocks[0]!.reason).toMatch(/pinned here by you/);
    const again = await planWeek(p);
    expect(again.proposed).toEqual([]);
    expect(again.blocks.map((x) => x.start)).toEqual(["2026-05-13T12:00:00.000Z"]);
  });

  it("lists what does not fit with the reason and the smallest change, and flags the deadline at risk", async () => {
    server.clock.set(NOW);
    const p = await person();
    await setUp(p);
    // Due Monday 15:00 Berlin with 6 hours of work: Monday has 5 hours before then, less a meeting.
    await task(p, {
      title: "Grant proposal",
      estimatedMinutes: 360,
      priority: "urgent",
      deadline: "2026-05-11T13:00:00.000Z",
    });
    await task(p, { title: "Big refactor", estimatedMinutes: 300 });
    const res = await p.client.post<PlanResponse>("/api/planner/plan", { scope: "day" });
    expect(res.status).toBe(200);
    const plan = res.body;
    expect(plan.proposal?.days).toBe(1);
    for (const b of plan.proposed) expect(local(b.start).toISODate()).toBe("2026-05-11");
    const line = plan.proposal!.unplaced.find((u) => u.title === "Big refactor");
    expect(line, JSON.stringify(plan.proposal)).toBeDefined();
    expect(line!.text).toMatch(/^Big refactor: .* not planned, no free time left in the day being planned/);
    expect(line!.reason.length).toBeGreaterThan(5);
    const risk = await p.client.get<AtRiskResponse>("/api/planner/at-risk");
    expect(risk.status).toBe(200);
    expect(risk.body.tasks.map((t) => t.title)).toContain("Grant proposal");
  });

  it("flags no deadline of a new account's few tasks, and the one that cannot fit (decision 273)", async () => {
    server.clock.set(NOW);
    const p = await person(); // no history, working hours never saved
    const day = 24 * 3_600_000;
    const at = (days: number) => new Date(Date.parse(NOW) + days * day).toISOString();
    await task(p, { title: "Call the plumber", estimatedMinutes: 30, deadline: at(1) });
    await task(p, { title: "Book flights", estimatedMinutes: 30, deadline: at(2) });
    await task(p, { title: "Tax return", estimatedMinutes: 120, deadline: at(3) });
    await task(p, { title: "Quarterly report", estimatedMinutes: 60, deadline: at(5) });
    await task(p, { title: "Read a book", estimatedMinutes: 60 });
    const calm = await p.client.get<AtRiskResponse>(`/api/planner/at-risk?tz=${ZONE}`);
    expect(calm.status).toBe(200);
    expect(calm.body.tasks).toEqual([]);
    // Ten hours due at noon today (Berlin): 9:00-12:00 is all the time there is.
    await task(p, { title: "Grant proposal", estimatedMinutes: 480, deadline: "2026-05-11T10:00:00.000Z" });
    const risk = await p.client.get<AtRiskResponse>(`/api/planner/at-risk?tz=${ZONE}`);
    expect(risk.body.tasks.map((t) => t.title)).toEqual(["Grant proposal"]);
    expect(risk.body.tasks[0]!.reason).toMatch(
      /^Grant proposal cannot be done before it is due Monday 12:00/,
    );
  });

  it("refuses a plan longer than 8 weeks, bad bodies, and days with no working hours, writing nothing", async () => {
    server.clock.set(NOW);
    const p = await person();
    await setUp(p);
    await task(p, { title: "Something", estimatedMinutes: 60 });
    expectError(
      await p.client.post("/api/planner/plan", { scope: "week", days: 60 }),
      400,
      /at most 56 days/,
    );
    expectError(await p.client.post("/api/planner/plan", { scope: "month" }), 400);
    expectError(await p.client.post("/api/planner/plan", { scope: "week", startDate: "tomorrow" }), 400);
    expectError(await p.client.post("/api/planner/plan", { scope: "week", extra: 1 }), 400);
    // Saturday alone has no working hours.
    expectError(
      await p.client.post("/api/planner/plan", { scope: "day", startDate: "2026-05-16" }),
      400,
      /no working hours/,
    );
    expect(await rowsOf(p.id)).toEqual([]);
    expectError(await p.client.post("/api/planner/blocks/not-a-uuid/accept"), 404);
  });
});

describe("Plan my week with a repeating task", () => {
  it("gives each occurrence in the week its own block and reason; completing one releases its blocks", async () => {
    server.clock.set(NOW);
    const p = await person();
    await setUp(p);
    // Every Tuesday and Thursday at 16:00 in Berlin: due 12 May (the open occurrence) and 14 May.
    const id = await task(p, {
      title: "Status report",
      estimatedMinutes: 60,
      priority: "high",
      recurrence: { rrule: "FREQ=WEEKLY;BYDAY=TU,TH", start: "2026-05-12T16:00", timeZone: ZONE },
    });
    const tuesday = "2026-05-12T14:00:00.000Z";
    const thursday = "2026-05-14T14:00:00.000Z";
    const plan = await planWeek(p);
    const mine = plan.proposed.filter((b) => b.taskId === id);
    expect(mine.map((b) => b.occurrenceDue)).toEqual([tuesday, thursday]);
    for (const b of mine) {
      insideWorkingHours(b);
      expect(b.end <= b.occurrenceDue!).toBe(true);
      expect(b.title).toBe("Status report");
    }
    // Thursday's work waits until Tuesday's occurrence is due.
    expect(mine[1]!.start >= tuesday).toBe(true);
    expect(mine[0]!.reason).toContain("this is the 12 May occurrence");
    expect(mine[1]!.reason).toContain(
      "repeats every Tuesday and Thursday at 16:00; this is the 14 May occurrence",
    );

    expect((await p.client.post("/api/planner/plan/accept")).status).toBe(200);
    const rows = await rowsOf(p.id);
    expect(rows.map((r) => [r.state, r.occurrenceDue?.toISOString()]).sort()).toEqual([
      ["accepted", tuesday],
      ["accepted", thursday],
    ]);

    // Tuesday's occurrence done on Monday: its block is released, Thursday's stays in the plan.
    const done = await p.client.post(`/api/tasks/${id}/occurrences/complete`, { due: tuesday });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const read = await p.client.get<PlanResponse>("/api/planner/plan");
    expect(read.body.replanSuggested?.why).toEqual([
      "Status report (12 May) is done early; its planned time is free for other work.",
    ]);
    const again = await planWeek(p);
    // Thursday's is now the open occurrence, free to start at once: its accepted block moves there,
    // and nothing is proposed for Tuesday's.
    const thursdayRow = rows.find((r) => r.occurrenceDue?.toISOString() === thursday)!;
    expect(again.proposed.map((b) => [b.occurrenceDue, b.change, b.previousId])).toEqual([
      [thursday, "move", thursdayRow.id],
    ]);
    expect(again.proposal?.removes).toEqual([]);
    expect(again.proposal?.unplaced).toEqual([]);
  });

  it("an occurrence that does not fit is listed by its date", async () => {
    server.clock.set(NOW);
    const p = await person();
    await setUp(p);
    // Four hours every day at 10:00: Sunday's occurrence has no working time since Saturday's.
    const id = await task(p, {
      title: "Daily review",
      estimatedMinutes: 240,
      recurrence: { rrule: "FREQ=DAILY", start: "2026-05-11T10:00", timeZone: ZONE },
    });
    const plan = await planWeek(p);
    const sunday = plan.proposal!.unplaced.find(
      (u) => u.taskId === id && u.occurrenceDue === "2026-05-17T08:00:00.000Z",
    );
    expect(sunday).toMatchObject({ title: "Daily review (17 May)", minutes: 240 });
    expect(sunday!.text).toContain("Daily review (17 May): 4 hours not planned");
    // The weekdays' occurrences each get their own blocks.
    const dates = new Set(plan.proposed.filter((b) => b.taskId === id).map((b) => b.occurrenceDue));
    expect(dates.size).toBeGreaterThanOrEqual(5);
  });
});

describe("one person's plan", () => {
  let me: SignedInPerson;
  let other: SignedInPerson;
  let mine: PlanResponse;
  beforeAll(async () => {
    me = await person();
    other = await person();
  });

  it("is out of another person's reach", async () => {
    server.clock.set(NOW);
    await setUp(me);
    await task(me, { title: "Private work", estimatedMinutes: 60 });
    mine = await planWeek(me);
    const block = mine.proposed[0]!;
    const theirs = await other.client.get<PlanResponse>("/api/planner/plan");
    expect(theirs.body.proposed).toEqual([]);
    expect(JSON.stringify(theirs.body)).not.toContain("Private work");
    expectError(await other.client.post(`/api/planner/blocks/${block.id}/accept`), 404);
    expectError(await other.client.post(`/api/planner/blocks/${block.id}/reject`), 404);
    expectError(
      await other.client.patch(`/api/planner/blocks/${block.id}`, {
        start: "2026-05-13T12:00:00.000Z",
        end: "2026-05-13T13:00:00.000Z",
      }),
      404,
    );
    // Their Accept all has nothing to accept and leaves my proposal alone.
    expectError(await other.client.post("/api/planner/plan/accept"), 409);
    const [row] = await db()
      .select()
      .from(planBlocks)
      .where(and(eq(planBlocks.id, block.id), eq(planBlocks.userId, me.id)));
    expect(row!.state).toBe("proposed");
    expect(row!.startTime.toISOString()).toBe(block.start);
    expect((await other.client.get<AtRiskResponse>("/api/planner/at-risk")).body.tasks).toEqual([]);
  });

  it("plans a team task for the member it is assigned to, not for the person who wrote it", async () => {
    server.clock.set(NOW);
    const owner = await person();
    const mate = await person();
    await buyPlan(server, owner.client, "team", 5);
    const teamId = (await owner.client.get<TeamResponse>("/api/team")).body.team!.id;
    await db()
      .insert(member)
      .values({ id: randomUUID(), organizationId: teamId, userId: mate.id, role: "member" });
    const project = await owner.client.post<{ id: string }>("/api/projects", { name: "Launch", teamId });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    await setUp(owner);
    await setUp(mate);
    const handed = await task(owner, {
      title: "Pricing page copy",
      estimatedMinutes: 90,
      deadline: "2026-05-13T15:00:00.000Z",
      projectId: project.body.id,
      assigneeId: mate.id,
    });
    const kept = await task(owner, { title: "Board deck", estimatedMinutes: 60, projectId: project.body.id });

    const matePlan = await planWeek(mate);
    expect(new Set(matePlan.proposed.map((b) => b.taskId))).toEqual(new Set([handed]));
    expect(matePlan.proposed[0]!.title).toBe("Pricing page copy");
    const ownerPlan = await planWeek(owner);
    expect(new Set(ownerPlan.proposed.map((b) => b.taskId))).toEqual(new Set([kept]));

    // Once the member leaves the team, the task is no longer theirs to plan.
    await db()
      .delete(member)
      .where(and(eq(member.organizationId, teamId), eq(member.userId, mate.id)));
    expect((await planWeek(mate)).proposed).toEqual([]);
  });

  it("needs a session", async () => {
    const { TestClient } = await import("../support/test-client.ts");
    const anon = new TestClient(server.baseUrl);
    expect((await anon.get("/api/planner/plan")).status).toBe(401);
    expect((await anon.post("/api/planner/plan", { scope: "week" })).status).toBe(401);
  });
});
