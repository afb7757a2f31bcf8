// Every instance looks, every SYNC_TAKEOVER_POLL_MS, for calendar syncs whose instance died mid-way
// (their lease ran out: sync-lease.ts) and syncs those connections again. It runs on a plain timer
// beside the job queue, not as a queued job: a job the dead instance had claimed would itself be
// stuck until the queue expires it, and a minute's cron is too coarse for a takeover within 60 s.
// The sweep is one indexed read; two instances finding the same connection race for its lease,
// and one wins.
import type { Logger } from "../../logger.ts";
import { type SyncDeps, syncConnection } from "./sync.ts";
import { interruptedSyncs, SYNC_TAKEOVER_POLL_MS } from "./sync-lease.ts";

export type SyncTakeover = {
  start(): void;
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
  /** One pass: syncs each interrupted connection; returns how many it completed (tests). */
  sweep(): Promise<number>;
};

export function createSyncTakeover(deps: SyncDeps & { logger: Logger }): SyncTakeover {
  const log = deps.logger.child({ component: "calendar-sync-takeover" });
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | null = null;

  const sweep = async () => {
    let done = 0;
    for (const { id } of await interruptedSyncs(deps.db, deps.clock())) {
      log.info({ connectionId: id }, "taking over a calendar sync whose instance stopped");
      const outcome = await syncConnection(deps, {
        connectionId: id,
        syncType: "scheduled",
        now: deps.clock(),
      });
      if (outcome.status === "success" || outcome.status === "failed") done += 1;
    }
    return done;
  };
  const tick = () => {
    if (running) return;
    running = sweep()
      .catch((err) => {
        log.error({ err }, "calendar sync takeover failed; the next pass tries again");
        return 0;
      })
      .finally(() => {
        running = null;
      });
  };

  return {
    start() {
      timer ??= setInterval(tick, SYNC_TAKEOVER_POLL_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
    sweep: () => sweep(),
  };
}
