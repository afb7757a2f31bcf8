// Voice commands the person confirmed, acted on through the tasks and timer use cases (which emit the
// same domain events as the buttons). A spoken task name is matched to one of the person's own open
// tasks with the shared grammar's matcher.
import { and, eq } from "drizzle-orm";
import type { VoiceCommandBody, VoiceCommandResponse } from "#shared/contracts/voice.ts";
import { matchTaskByTitle } from "#shared/domain/voice-commands.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { tasks } from "../../db/schema/tasks.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { createTask, type TaskWriteOptions } from "../tasks/tasks.ts";
import { startTimer, stopTimer } from "../tasks/timer.ts";

export async function runVoiceCommand(
  o: TaskWriteOptions & { body: VoiceCommandBody; entitlements: Pick<Entitlements, "forPerson"> },
): Promise<VoiceCommandResponse> {
  const { body, db, personId } = o;
  if (body.action === "add_task") {
    return { action: "add_task", task: await createTask({ ...o, body: body.task }) };
  }
  if (body.action === "start_timer") {
    const open = await db
      .select({ id: tasks.id, title: tasks.title })
      .from(tasks)
      .where(and(eq(tasks.userId, personId), eq(tasks.completed, false)));
    const task = matchTaskByTitle(open, body.taskTitle);
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
