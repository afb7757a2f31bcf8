// The singleton job of the job takeover test, shared by the process that is killed holding it
// (job-holder.ts) and the one that takes it over.
import { z } from "zod";
import { defineJob } from "#server/jobs/queue.ts";

export const holdJob = (handler: () => Promise<void>) =>
  defineJob({ name: "hold", payload: z.object({}).strict(), handler });
