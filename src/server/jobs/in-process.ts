// The in-process job driver, used on PGlite (only one process may own that database, so there is no
// other instance to share work with). Queued runs and schedules execute in this process on timers.
//
// Guarantees: runs of one job name never overlap (a second enqueue waits its turn, and among queued
// runs waiting the highest priority goes first, then the earliest queued); a scheduled
// occurrence fires at most once, and is skipped (with a log line) if the previous run of that job
// is still going. Runs are not persisted: work queued but not started when the process stops is
// lost, and the next scheduled occurrence picks up what a daily job missed.
import { CronExpressionParser } from "cron-parser";
import type { Logger } from "../logger.ts";
import { isEveryInstance, startEveryInstance } from "./every-instance.ts";
import { definitionMap, type JobDefinition, type JobQueue, prepare } from "./queue.ts";

export type InProcessOptions = {
  definitions: JobDefinition[];
  logger: Logger;
  /** The clock handlers see as `now` (injectable). */
  clock: () => Date;
  /** Wall time for the timers; tests may pass a fake. */
  timers?: {
    now(): number;
    setTimeout(fn: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  };
  /** How long stop() waits for running jobs. */
  stopTimeoutMs?: number;
};

// Timers are re-armed at least this often, so a suspended laptop or a clock change is caught up.
const MAX_TIMER_MS = 60 * 60 * 1000;

export function nextOccurrence(cron: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { tz: "UTC", currentDate: after }).next().toDate();
}

export function createInProcessQueue(o: InProcessOptions): JobQueue & {
  /** Resolves when nothing is queued or running (tests). */
  drain(): Promise<void>;
} {
  const definitions = definitionMap(o.definitions);
  const timers = o.timers ?? {
    now: () => Date.now(),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout),
  };
  const log = o.logger.child({ component: "jobs", driver: "in-process" });
  // One promise chain per job name: runs of a name are serialised.
  const chains = new Map<string, Promise<void>>();
  const running = new Set<string>();
  type Queued = { name: string; data: unknown; id: string; priority: number; order: number };
  const pending: Queued[] = [];
  // Queued runs waiting their turn, per name; one of each name at a time is handed to `inTurn`.
  const ready = new Map<string, Queued[]>();
  const handedOver = new Set<string>();
  const scheduleTimers = new Map<string, unknown>();
  // Runs queued with a delay (retries), not yet due.
  const delayed = new Set<unknown>();
  let started = false;
  let stopped = false;
  let seq = 0;
  let everyInstance: ReturnType<typeof startEveryInstance> | null = null;

  /** Runs `fn` after every earlier run of the same job name; the result (or error) is the caller's. */
  function inTurn(name: string, fn: () => Promise<void>): Promise<void> {
    const previous = chains.get(name) ?? Promise.resolve();
    const result = previous.then(async () => {
      running.add(name);
      try {
        await fn();
      } finally {
        running.delete(name);
      }
    });
    const settled = result.catch(() => {});
    chains.set(name, settled);
    void settled.then(() => {
      if (chains.get(name) === settled) chains.delete(name);
    });
    return result;
  }

  function handle(def: JobDefinition, data: unknown, jobId: string) {
    return def.handler(data, { now: o.clock(), log: log.child({ job: def.name, jobId }), jobId });
  }

  /** A queued or scheduled run: failures are logged, not thrown. */
  function submit(def: JobDefinition, data: unknown, jobId: string): Promise<void> {
    const t0 = performance.now();
    return inTurn(def.name, () => handle(def, data, jobId)).then(
      () => log.debug({ job: def.name, jobId, ms: Math.round(performance.now() - t0) }, "job done"),
      (err) => log.error({ err, job: def.name, jobId }, "job failed"),
    );
  }

  /** Queues a run behind the others of its name, by priority, then by the order it came. */
  function enqueueReady(job: Queued) {
    const list = ready.get(job.name) ?? [];
    list.push(job);
    ready.set(job.name, list);
    pump(job.name);
  }

  function pump(name: string) {
    if (handedOver.has(name) || stopped) return;
    const list = ready.get(name);
    if (!list?.length) return;
    let best = 0;
    for (let i = 1; i < list.length; i++) {
      const a = list[i]!;
      const b = list[best]!;
      if (a.priority > b.priority || (a.priority === b.priority && a.order < b.order)) best = i;
    }
    const [job] = list.splice(best, 1);
    if (list.length === 0) ready.delete(name);
    handedOver.add(name);
    void submit(definitions.get(name)!, job!.data, job!.id).finally(() => {
      handedOver.delete(name);
      pump(name);
    });
  }

  function arm(def: JobDefinition & { schedule: string }, from: number) {
    if (stopped) return;
    const due = nextOccurrence(def.schedule, new Date(from)).getTime();
    const wait = Math.max(0, due - timers.now());
    const handle = timers.setTimeout(
      () => {
        if (stopped) return;
        if (timers.now() < due) return arm(def, from); // woke early (capped timer): wait on
        if (running.has(def.name) || chains.has(def.name)) {
          log.warn({ job: def.name }, "scheduled run skipped: the previous run is still going");
        } else {
          void submit(def, {}, `schedule-${++seq}`);
        }
        arm(def, due);
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    scheduleTimers.set(def.name, handle);
  }

  return {
    driver: "in-process",
    definitions,
    async start() {
      if (started) return;
      started = true;
      stopped = false;
      for (const def of definitions.values()) {
        if (def.schedule) arm(def as JobDefinition & { schedule: string }, timers.now());
      }
      for (const job of pending.splice(0)) enqueueReady(job);
      everyInstance = startEveryInstance(definitions.values(), { clock: o.clock, log });
      log.info({ jobs: [...definitions.keys()] }, "job runner started");
    },
    async stop() {
      stopped = true;
      started = false;
      for (const h of scheduleTimers.values()) timers.clearTimeout(h);
      scheduleTimers.clear();
      for (const h of delayed) timers.clearTimeout(h);
      delayed.clear();
      // Queued runs not yet begun are dropped, as the header says; the one begun is waited for.
      ready.clear();
      const all = Promise.allSettled([...chains.values(), everyInstance?.stop()]);
      everyInstance = null;
      const limit = o.stopTimeoutMs ?? 10_000;
      let timeout: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([all, new Promise((r) => (timeout = setTimeout(r, limit)))]);
      clearTimeout(timeout);
    },
    async enqueue(name, payload, options = {}) {
      const { def, data } = prepare(definitions, name, payload);
      if (isEveryInstance(def)) throw new Error(`Job "${name}" runs on every instance's timer, not queued.`);
      const id = `local-${++seq}`;
      if (stopped) throw new Error("The job runner is stopped.");
      const job: Queued = { name, data, id, priority: options.priority ?? 0, order: seq };
      const delay = (options.startAfterSeconds ?? 0) * 1000;
      if (delay > 0) {
        const handle = timers.setTimeout(() => {
          delayed.delete(handle);
          if (stopped) return;
          if (started) enqueueReady(job);
          else pending.push(job);
        }, delay);
        delayed.add(handle);
      } else if (started) enqueueReady(job);
      else pending.push(job);
      return id;
    },
    async run(name, payload) {
      const { def, data } = prepare(definitions, name, payload);
      // Waits its turn behind a queued or scheduled run of the same job; errors reach the caller.
      await inTurn(def.name, () => handle(def, data, "direct"));
    },
    async drain() {
      while (chains.size > 0 || ready.size > 0 || handedOver.size > 0) {
        await Promise.allSettled([...chains.values()]);
        await new Promise((r) => setImmediate(r));
      }
    },
  };
}
