// Voice commands the person confirmed, acted on through the tasks and timer use cases (which emit the
// same domain events as the buttons). A spoken task name is matched to one of the person's own open
// tasks with the shared grammar's matcher, among a bounded set of candidates.
import { and, desc, eq, sql } from "drizzle-orm";
import type { VoiceCommandBody, VoiceCommandResponse } from "#shared/contracts/voice.ts";
import { matchTaskByTitle, normalizeTranscript } from "#shared/domain/voice-commands.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { tasks } from "../../db/schema/tasks.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { createTask, type TaskWriteOptions } from "../tasks/tasks.ts";
import { startTimer, stopTimer } from "../tasks/timer.ts";

/** The most open tasks one spoken title is compared with. */
export const VOICE_MATCH_CANDIDATES = 200;

export async function runVoiceCommand(
  o: TaskWriteOptions & { body: VoiceCommandBody; entitlements: Pick<Entitlements, "forPerson"> },
): Promise<VoiceCommandResponse> {
  const { body, db, personId } = o;
  if (body.action === "add_task") {
    return { action: "add_task", task: await createTask({ ...o, body: body.task }) };
  }
  if (body.action === "start_timer") {
    const task = matchTaskByTitle(await candidatesFor(db, personId, body.taskTitle), body.taskTitle);
    if (!task) throw new AppError("NOT_FOUND", `No open task matches "${body.taskTitle}".`);
    return { action: "start_timer", ...(await startTimer({ ...o, taskId: task.id })) };
  }
  const [running] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.userId, personId), eq(tasks.isActive, true)))
    .limit(1);
  if (!running) throw new AppError("CONFLICT", "No timer is running.");
  return { action: "stop_timer", ...(await stopTimer({ ...o, taskId: running.id })) };
}

/**
 * Open tasks a spoken title is matched against, at most VOICE_MATCH_CANDIDATES: only those sharing a
 * word with what was said can match (matchTaskByTitle), so the database picks them, the title
 * itself first, then those sharing the most words, then the most recently changed. A person with
 * thousands of open tasks costs one bounded query, not a read of every task.
 */
async function candidatesFor(db: Db, personId: string, spoken: string) {
  const said = normalizeTranscript(spoken);
  const words = [...new Set(said.split(" ").filter(Boolean))];
  if (words.length === 0) return [];
  const title = sql`lower(${tasks.title})`;
  const shared = sql.join(
    words.map((w) => sql`(strpos(${title}, ${w}) > 0)::int`),
    sql` + `,
  );
  return db
    .select({ id: tasks.id, title: tasks.title })
    .from(tasks)
    .where(and(eq(tasks.userId, personId), eq(tasks.completed, false), sql`(${shared}) > 0`))
    .orderBy(sql`(${title} = ${said}) desc`, sql`(${shared}) desc`, desc(tasks.updatedAt), desc(tasks.id))
    .limit(VOICE_MATCH_CANDIDATES);
}
