// Daily, and on demand: deletes the rows past their retention (src/server/modules/retention).
// A cron occurrence is one pg-boss job across every instance; a second run the same day (on demand,
// or two at once) finds nothing left to delete and changes nothing.
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { applyRetention } from "../../modules/retention/retention.ts";
import { defineJob } from "../queue.ts";

export const RETENTION_JOB = "retention";

export function retentionJob(deps: { db: Db }) {
  return defineJob({
    name: RETENTION_JOB,
    payload: z.object({}).strict(),
    // 03:47 UTC: off the hour, and away from the account purge at 03:17.
    schedule: "47 3 * * *",
    async handler(_payload, { now, log }) {
      const deleted = await applyRetention(deps.db, now);
      log.info({ deleted }, "rows past their retention deleted");
    },
  });
}
