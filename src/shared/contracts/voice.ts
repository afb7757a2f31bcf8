// POST /api/voice/commands: a voice command the person confirmed (spec section 6, voice_commands,
// Pro). The browser hears and previews; the server checks the plan, then acts through the same use
// cases as the buttons. Navigation and the focus timer stay in the browser: they change no data.
import { z } from "zod";
import { taskCreateBody, taskDto, timerStartResponse, timerStopResponse } from "./tasks.ts";

export const TRANSCRIPT_MAX = 500;

const transcript = z
  .string({ error: "transcript must be text" })
  .trim()
  .min(1, "transcript is required")
  .max(TRANSCRIPT_MAX, `transcript must be at most ${TRANSCRIPT_MAX} characters`);

export const voiceCommandBody = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("add_task"), transcript, task: taskCreateBody }).strict(),
    z
      .object({
        action: z.literal("start_timer"),
        transcript,
        taskTitle: z.string({ error: "taskTitle must be text" }).trim().min(1, "Say which task").max(200),
      })
      .strict(),
    z.object({ action: z.literal("stop_timer"), transcript }).strict(),
  ],
  { error: "action must be add_task, start_timer or stop_timer" },
);

export type VoiceCommandBody = z.infer<typeof voiceCommandBody>;

/** The answer: what the command did, in the shape the button's own call answers with. */
export const voiceCommandResponse = z.discriminatedUnion("action", [
  z.object({ action: z.literal("add_task"), task: taskDto }),
  timerStartResponse.extend({ action: z.literal("start_timer") }),
  timerStopResponse.extend({ action: z.literal("stop_timer") }),
]);
export type VoiceCommandResponse = z.infer<typeof voiceCommandResponse>;
