// The definitions that run on a timer in every instance (`everyInstanceSeconds`), for both drivers:
// each waits its interval after the previous run ends, so one instance never runs two at once.
import type { Logger } from "../logger.ts";
import type { JobDefinition } from "./queue.ts";

export type EveryInstanceTimers = {
  /** Stops the timers and waits for a run in progress. */
  stop(): Promise<void>;
};

export function isEveryInstance(def: JobDefinition): def is JobDefinition & { everyInstanceSeconds: number } {
  return def.everyInstanceSeconds !== undefined;
}

export function startEveryInstance(
  definitions: Iterable<JobDefinition>,
  o: { clock: () => Date; log: Logger },
): EveryInstanceTimers {
  let stopped = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const running = new Set<Promise<void>>();
  let seq = 0;
  const arm = (def: JobDefinition & { everyInstanceSeconds: number }) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped) return;
      const jobId = `every-${++seq}`;
      const run = def
        .handler({}, { now: o.clock(), log: o.log.child({ job: def.name, jobId }), jobId })
        .catch((err) => o.log.error({ err, job: def.name }, "job failed"))
        .finally(() => {
          running.delete(run);
          arm(def);
        });
      running.add(run);
    }, def.everyInstanceSeconds * 1000);
    // These timers never keep the process alive by themselves.
    timer.unref?.();
    timers.add(timer);
  };
  for (const def of definitions) if (isEveryInstance(def)) arm(def);
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
