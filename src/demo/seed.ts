// The demo's sample data, written once on the first start (and after "Reset demo data"): the demo
// person on the Team plan (every feature unlocked), a dozen open tasks, three weeks of finished work
// with time logs and focus sessions, so analytics and AI insights have something to show, and a
// sample team with two teammates sharing a project with milestones and assigned tasks (issue 23).
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { member, organization, user } from "#server/db/schema/auth.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { pomodoroSessions, tasks, timeLogs } from "#server/db/schema/tasks.ts";
import type { Tx } from "#server/db/transaction.ts";
import type { SessionUser } from "#server/http/types.ts";
import { writeSampleTeamProject } from "#server/modules/projects/sample-project.ts";
import type { TaskCategory, TaskPriority } from "#shared/domain/tasks.ts";

const DAY = 86_400_000;
const HISTORY_DAYS = 21;

type OpenTask = [
  title: string,
  category: TaskCategory,
  priority: TaskPriority,
  minutes: number,
  dueInDays?: number,
];

const OPEN_TASKS: OpenTask[] = [
  ["Review the quarterly budget", "Admin", "high", 45, 1],
  ["Draft the onboarding guide", "Research", "medium", 90, 4],
  ["Fix the login redirect bug", "Development", "urgent", 60, 0],
  ["Prepare the sprint demo", "Meeting", "high", 30, 2],
  ["Sketch the settings page", "Design", "medium", 120, 6],
  ["Answer support emails", "General", "low", 25],
  ["Plan next week", "Admin", "medium", 20, 5],
  ["Read the analytics report", "Research", "low", 30],
];

const DONE_TITLES: [string, TaskCategory][] = [
  ["Write release notes", "Development"],
  ["Team stand-up", "Meeting"],
  ["Refactor the task list", "Development"],
  ["Update the style guide", "Design"],
  ["Interview notes", "Research"],
  ["Invoice the client", "Admin"],
  ["Code review", "Development"],
];

/** Writes the sample data unless the demo person exists already (data from an earlier visit). */
export async function seedDemoData(db: Db, person: SessionUser, now: Date): Promise<void> {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.id, person.id)).limit(1);
  if (existing) return;
  await db.transaction(async (tx) => {
    await tx.insert(user).values({
      id: person.id,
      name: person.name,
      email: person.email,
      emailVerified: true,
      role: "user",
      createdAt: new Date(now.getTime() - (HISTORY_DAYS + 7) * DAY),
    });
    await tx.insert(organization).values({ id: DEMO_TEAM_ID, name: "Demo team", slug: "demo-team" });
    await tx.insert(subscriptions).values({
      userId: person.id,
      organizationId: DEMO_TEAM_ID,
      planId: "team",
      status: "active",
      seats: 5,
      provider: "local",
      currentPeriodEnd: new Date(now.getTime() + 3650 * DAY),
    });
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const at = (day: number, hour: number, minute = 0) => new Date(day + (hour * 60 + minute) * 60_000);

    await tx.insert(tasks).values(
      OPEN_TASKS.map(([title, category, priority, minutes, dueInDays], i) => ({
        userId: person.id,
        title,
        category,
        priority,
        estimatedMinutes: minutes,
        status: i === 1 ? ("in_progress" as const) : ("todo" as const),
        deadline: dueInDays === undefined ? null : at(today + dueInDays * DAY, 17),
        createdAt: new Date(now.getTime() - (i + 1) * 3_600_000),
      })),
    );

    // Three weeks of weekdays: two finished tasks a day, tracked in two blocks, and a focus session.
    const done: (typeof tasks.$inferInsert)[] = [];
    const blocks: { index: number; start: Date; minutes: number }[] = [];
    const focus: (typeof pomodoroSessions.$inferInsert)[] = [];
    for (let back = HISTORY_DAYS; back >= 1; back--) {
      const day = today - back * DAY;
      const weekday = new Date(day).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      for (const k of [0, 1]) {
        const [title, category] = DONE_TITLES[(back * 2 + k) % DONE_TITLES.length]!;
        const minutes = 30 + ((back * 17 + k * 29) % 7) * 15;
        const start = at(day, k === 0 ? 9 : 14, (back * 7) % 30);
        blocks.push({ index: done.length, start, minutes });
        done.push({
          userId: person.id,
          title,
          category,
          priority: k === 0 ? "high" : "medium",
          estimatedMinutes: minutes + (k === 0 ? -15 : 15),
          actualMinutes: minutes,
          completed: true,
          completedAt: new Date(start.getTime() + minutes * 60_000),
          status: "completed",
          createdAt: at(day, 8),
          updatedAt: new Date(start.getTime() + minutes * 60_000),
        });
      }
      focus.push({
        userId: person.id,
        startTime: at(day, 16),
        endTime: at(day, 16, 25),
        durationMinutes: 25,
        breakDurationMinutes: 5,
        completed: true,
        createdAt: at(day, 16),
      });
    }
    const inserted = await tx.insert(tasks).values(done).returning({ id: tasks.id });
    await tx.insert(timeLogs).values(
      blocks.map(({ index, start, minutes }) => ({
        taskId: inserted[index]!.id,
        userId: person.id,
        startTime: start,
        endTime: new Date(start.getTime() + minutes * 60_000),
        durationMinutes: minutes,
        createdAt: start,
      })),
    );
    await tx.insert(pomodoroSessions).values(focus);
    await seedTeamProject(tx, person, now);
  });
}

/** The sample team's id (one demo person, one team: fixed, so a reset writes the same rows again). */
export const DEMO_TEAM_ID = "demo-team";

const TEAMMATES = [
  { id: "demo-teammate-sam", name: "Sam Rivera", email: "sam@demo.kairo.app", role: "member" },
  { id: "demo-teammate-priya", name: "Priya Shah", email: "priya@demo.kairo.app", role: "viewer" },
] as const;

/** The demo person owns a team with two teammates (a member and a viewer) sharing the sample project. */
async function seedTeamProject(tx: Tx, person: SessionUser, now: Date) {
  await tx
    .insert(user)
    .values(
      TEAMMATES.map((t) => ({ id: t.id, name: t.name, email: t.email, emailVerified: true, role: "user" })),
    );
  await tx.insert(member).values([
    { id: "demo-member-owner", organizationId: DEMO_TEAM_ID, userId: person.id, role: "owner" },
    ...TEAMMATES.map((t) => ({
      id: `demo-member-${t.id}`,
      organizationId: DEMO_TEAM_ID,
      userId: t.id,
      role: t.role,
    })),
  ]);
  await writeSampleTeamProject(tx, {
    teamId: DEMO_TEAM_ID,
    ownerId: person.id,
    teammateId: TEAMMATES[0].id,
    now,
  });
}
