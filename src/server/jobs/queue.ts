// One small interface for background work: job definitions (name, payload schema, handler, optional
// cron schedule) run by a driver. Two drivers share it: pg-boss on PostgreSQL (durable, one run per
// job across every instance) and an in-process runner on PGlite (timers, one process owns the data).
// A definition may instead run on a timer in every instance (`everyInstanceSeconds`): the work each
// instance does for itself, such as taking over what a dead instance left, which therefore never
// waits for any one instance.
import type { z } from "zod";
import type { Logger } from "../logger.ts";

export type JobContext = {
  /** The server's clock at the start of the run (injectable: tests move it). */
  now: Date;
  log: Logger;
  /** The queue's id of this run, or "direct" for `run()`. */
  jobId: string;
};

export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  name: string;
  payload: S;
  handler: (payload: z.infer<S>, ctx: JobContext) => Promise<void>;
  /** A 5-field cron expression in UTC; the job then also runs on this schedule with an empty payload. */
  schedule?: string;
  /**
   * pg-boss: "singleton" (default) runs one job of the name at a time across all instances;
   * "standard" lets instances run them side by side (the handler must then be idempotent). Either
   * way a job held by an instance that died is failed once its heartbeat lapses and retried on
   * another (pg-boss.ts), so a singleton is never stuck behind a dead instance.
   */
  policy?: "singleton" | "standard";
  /** pg-boss: seconds between polls for new jobs of this name (the driver's default otherwise). */
  pollingIntervalSeconds?: number;
  /**
   * pg-boss: workers of this name per instance (default 1). Each takes one job per poll, so a
   * burst drains at about workers / pollingIntervalSeconds jobs a second per instance.
   */
  workers?: number;
  /**
   * pg-boss: more workers of this name per instance that take only jobs of at least `minPriority`:
   * capacity kept free for high-priority work while a backlog of lower-priority jobs fills the
   * others (the workflow engine keeps one for light users' runs). The in-process driver runs one
   * job of a name at a time in priority order, so it needs none.
   */
  reserved?: { workers: number; minPriority: number };
  /**
   * Not queued: every instance runs it on its own timer, this many seconds apart (never two at once
   * in one instance). The handler must be safe to run on several instances at the same moment.
   */
  everyInstanceSeconds?: number;
};

export type EnqueueOptions = {
  /** Run no sooner than this many seconds from now (a retry's backoff). */
  startAfterSeconds?: number;
  /**
   * Among jobs of the same name waiting to run, a higher priority is taken first (default 0; ties
   * in the order they were queued). The workflow engine lowers it for a person who has used much
   * of their run budget, so one account's backlog does not hold everyone else's runs.
   */
  priority?: number;
};

/** Typed helper, so a definition's handler sees its own payload type. */
export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}

export type JobDriverKind = "pg-boss" | "in-process";

export interface JobQueue {
  readonly driver: JobDriverKind;
  /** The definitions it knows, by name. */
  readonly definitions: ReadonlyMap<string, JobDefinition>;
  /** Starts the worker and the schedules. Jobs enqueued before start wait for it. */
  start(): Promise<void>;
  /** Stops taking work, lets running jobs finish (bounded), and releases connections. */
  stop(): Promise<void>;
  /** Queues a run for a worker to pick up (on pg-boss, possibly another instance's). */
  enqueue(name: string, payload?: unknown, options?: EnqueueOptions): Promise<string>;
  /**
   * Runs the handler here and now and waits for it: on-demand runs from code and tests. Same
   * validation as a queued run; the injected clock decides `now`.
   */
  run(name: string, payload?: unknown): Promise<void>;
}

export class UnknownJobError extends Error {
  constructor(name: string) {
    super(`No job is defined with the name "${name}".`);
    this.name = "UnknownJobError";
  }
}

/** Looks a definition up and validates the payload (an empty payload is `{}`). */
export function prepare(
  definitions: ReadonlyMap<string, JobDefinition>,
  name: string,
  payload: unknown,
): { def: JobDefinition; data: unknown } {
  const def = definitions.get(name);
  if (!def) throw new UnknownJobError(name);
  const parsed = def.payload.safeParse(payload ?? {});
  if (!parsed.success) {
    throw new Error(`Invalid payload for job "${name}": ${parsed.error.issues[0]?.message ?? "invalid"}`);
  }
  return { def, data: parsed.data };
}

export function definitionMap(defs: JobDefinition[]): Map<string, JobDefinition> {
  const map = new Map<string, JobDefinition>();
  for (const d of defs) {
    if (map.has(d.name)) throw new Error(`Job "${d.name}" is defined twice.`);
    // pg-boss queue names allow letters, digits, dashes, underscores, dots and slashes.
    if (!/^[a-z0-9][a-z0-9._-]*$/.test(d.name)) throw new Error(`Job name "${d.name}" is not allowed.`);
    map.set(d.name, d);
  }
  return map;
}
