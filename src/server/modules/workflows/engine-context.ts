// What the engine's parts (dispatch, run, sweep) share: the outside dependencies, and the few
// engine-wide moves (queue a run, tell the page, dispatch again) that createWorkflowEngine wires.
import type { Db } from "../../db/client.ts";
import type { LeaseTimings } from "../../db/lease.ts";
import type { Clock } from "../../db/transaction.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import type { Logger } from "../../logger.ts";
import type { MailOutbox } from "../../providers/mail/mail-outbox.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";

export type EngineDeps = {
  db: Db;
  events: DomainEvents;
  entitlements: Pick<Entitlements, "forPerson" | "forPeople">;
  /** Where a run's mail goes, in the run's transaction (delivered after its commit). */
  mail: Pick<MailOutbox, "enqueue" | "kick">;
  clock: Clock;
  logger: Logger;
  /** A run's lease (JOB_LEASE_SECONDS): a dead instance's runs are taken over after it. */
  lease?: LeaseTimings;
};

export type EngineContext = Omit<EngineDeps, "lease"> & {
  lease: LeaseTimings;
  log: Logger;
  /**
   * Queues the run's job (after `startAfterSeconds`, for a retry). `priority`: higher is taken
   * first (default 0); a person who used more of their run budget gets a lower one (run-budget.ts).
   */
  send(executionId: string, startAfterSeconds?: number, priority?: number): Promise<void>;
  /** Tells the people's open workflow pages that their runs or workflows changed. */
  changed(userIds: Iterable<string>): void;
  /** Dispatches pending trigger events, one pass at a time per instance (never throws). */
  kick(): Promise<void>;
};
