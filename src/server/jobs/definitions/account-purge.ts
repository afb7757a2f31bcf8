// Daily, and on demand: deletes the accounts whose 90-day retention after deletion is over.
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { purgeDueAccounts } from "../../modules/account/deletion.ts";
import { defineJob } from "../queue.ts";

export const ACCOUNT_PURGE_JOB = "account-purge";

export function accountPurgeJob(deps: { db: Db }) {
  return defineJob({
    name: ACCOUNT_PURGE_JOB,
    payload: z.object({}).strict(),
    // 03:17 UTC: off the hour, when few people are about.
    schedule: "17 3 * * *",
    async handler(_payload, { now, log }) {
      const { purged } = await purgeDueAccounts(deps.db, now);
      if (purged.length > 0) log.info({ purged: purged.length }, "deleted accounts purged");
    },
  });
}
