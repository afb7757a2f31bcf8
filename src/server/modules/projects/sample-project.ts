// The sample team project the demos show (issue 23 point 8): the static demo's team and a demo
// preview's sample team (decision 216) both get it. A project with two milestones and five tasks,
// some done, assigned to the owner and (when there is one) a teammate, so milestones, progress,
// assignment and "Assigned to me" have something to show.
import { milestones, projects } from "../../db/schema/projects.ts";
import { tasks } from "../../db/schema/tasks.ts";
import type { Tx } from "../../db/transaction.ts";

export const SAMPLE_TEAM_PROJECT = "Website relaunch";

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type SampleTask = [title: string, milestone: 0 | 1, assignee: "owner" | "teammate" | null, done: boolean];
const SAMPLE_TASKS: SampleTask[] = [
  ["Agree on the new sitemap", 0, "owner", true],
  ["Write the home page copy", 0, "teammate", true],
  ["Design the pricing page", 0, "owner", false],
  ["Set up redirects from old pages", 1, "teammate", false],
  ["Announce the relaunch", 1, null, false],
];

/**
 * Writes the sample project into `teamId`, created by `ownerId`; a teammate (if given) created and
 * holds every other task, else the owner does. Due two weeks after `now`.
 */
export async function writeSampleTeamProject(
  tx: Tx,
  o: { teamId: string; ownerId: string; teammateId?: string; now: Date },
): Promise<string> {
  const due = o.now.getTime() + 14 * DAY;
  const [project] = await tx
    .insert(projects)
    .values({
      teamId: o.teamId,
      name: SAMPLE_TEAM_PROJECT,
      colour: "#0ea5e9",
      description: "A sample project the team shares: milestones, assigned tasks and their progress.",
      dueDate: day(due),
      createdBy: o.ownerId,
      createdAt: o.now,
      updatedAt: o.now,
    })
    .returning({ id: projects.id });
  const stones = await tx
    .insert(milestones)
    .values([
      { projectId: project!.id, name: "Content ready", dueDate: day(due - 7 * DAY) },
      { projectId: project!.id, name: "Launch", dueDate: day(due) },
    ])
    .returning({ id: milestones.id });
  const teammate = o.teammateId ?? o.ownerId;
  await tx.insert(tasks).values(
    SAMPLE_TASKS.map(([title, stone, assignee, done], i) => {
      const by = i % 2 === 0 ? o.ownerId : teammate;
      const createdAt = new Date(o.now.getTime() - (10 - i) * DAY);
      return {
        userId: by,
        organizationId: o.teamId,
        projectId: project!.id,
        milestoneId: stones[stone]!.id,
        assigneeId: assignee === "owner" ? o.ownerId : assignee === "teammate" ? teammate : null,
        createdBy: by,
        updatedBy: by,
        title,
        category: "General" as const,
        priority: done ? ("medium" as const) : ("high" as const),
        estimatedMinutes: 60,
        completed: done,
        completedAt: done ? new Date(createdAt.getTime() + DAY) : null,
        status: done ? ("completed" as const) : ("todo" as const),
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
  return project!.id;
}
