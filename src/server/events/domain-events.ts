// The domain-event hub. A use case announces what happened with `events.emit(evt)`; subscribers
// (socket delivery in realtime/, workflows, team activity, notifications) register with
// `events.on(type, fn)`. Delivery happens only after the change is committed: an event emitted
// inside `events.afterCommit(work)` waits until `work` has resolved (its transaction committed) and
// is dropped if it rejects (rolled back); one emitted outside is delivered on the next tick. A
// subscriber's failure is logged and never reaches the use case or the other subscribers.
//
// The hub is in-process: every instance delivers the events of its own requests. An effect that must
// run once across instances (a workflow run, a notification email) is enqueued by its subscriber as
// a job with an idempotency key (src/server/jobs), not run in the subscriber itself.
import { AsyncLocalStorage } from "node:async_hooks";
import type { NotificationDto } from "#shared/contracts/notifications.ts";
import type { ProjectChangeReason } from "#shared/contracts/realtime.ts";
import type { ActivityEventDto } from "#shared/contracts/team-workspace.ts";
import type { TaskStatus } from "#shared/domain/tasks.ts";
import type { Logger } from "../logger.ts";

/** Every domain event by name, with its payload. `personId` is the person whose data changed. */
export type DomainEventMap = {
  "task.created": { taskId: string; personId: string };
  /** Any edit of a task, status changes included. */
  "task.updated": { taskId: string; personId: string };
  "task.deleted": { taskId: string; personId: string };
  /** The task became completed (also announced as task.updated and task.status_changed). */
  "task.completed": { taskId: string; personId: string; category: string };
  "task.status_changed": {
    taskId: string;
    personId: string;
    from: TaskStatus;
    to: TaskStatus;
    category: string;
  };
  /** A task's timer started or stopped (a start may stop another task's timer: both ids). */
  "task.timer_changed": { taskId: string; personId: string; running: boolean; minutesLogged?: number };
  /**
   * A task's comment was written, edited or deleted; `audience` is everyone who could see the task
   * then (comments/task-access.ts), the people whose open screens are told.
   */
  "comment.changed": {
    taskId: string;
    commentId: string;
    personId: string;
    reason: "created" | "updated" | "deleted";
    audience: string[];
  };
  "pomodoro.completed": { sessionId: string; personId: string };
  "workflow.created": { workflowId: string; personId: string };
  "workflow.run": { workflowId: string; personId: string; executionId: string; status: string };
  /** The person's workflows or their runs changed (a run queued or finished, a workflow held). */
  "workflow.changed": { personId: string };
  "calendar.connected": { connectionId: string; personId: string; provider: string };
  /**
   * A task of a project changed, or the project itself (deleted): told to `audience`, everyone who
   * may see the project (src/server/modules/permissions), and nobody else.
   */
  "project.changed": {
    projectId: string;
    audience: string[];
    reason: ProjectChangeReason;
    taskId?: string;
    personId: string;
  };
  "team.member_joined": { teamId: string; personId: string };
  "team.member_left": { teamId: string; personId: string };
  /** A row of the team's Recent Activity was stored (src/server/modules/team-activity). */
  "team.activity": { teamId: string; activity: ActivityEventDto };
  "notification.created": { personId: string; notification: NotificationDto };
  "notification.read": { personId: string; ids: string[] | "all" };
  /**
   * The person's subscription changed (bought, switched, cancelled, ended, fallen behind): whatever
   * their plan gave them, and the team they pay for, is decided afresh.
   */
  "plan.changed": { personId: string };
  /** One of the person's sessions ended: sign-out, revocation, a ban, the account's deletion. */
  "session.ended": { personId: string };
};

export type DomainEventType = keyof DomainEventMap;

/** What every event carries besides its payload. */
export type EventMeta = {
  /**
   * The browser tab that caused the change (its `x-kairo-client` header), so the socket echo can
   * tell that tab it already knows. Absent for changes no tab made (jobs, webhooks).
   */
  origin?: string | null;
};

export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { type: K } & DomainEventMap[K] & EventMeta;
}[T];

export type DomainEventHandler<T extends DomainEventType> = (event: DomainEvent<T>) => void | Promise<void>;

export type DomainEvents = {
  /** Announces `event`; delivered after the surrounding `afterCommit` work resolves, else next tick. */
  emit(event: DomainEvent): void;
  /** Calls `fn` with every event of `type`; returns the unsubscribe. */
  on<T extends DomainEventType>(type: T, fn: DomainEventHandler<T>): () => void;
  /**
   * Runs `work` (typically a use case's transaction) and holds back the events emitted inside it
   * until it resolves; if it rejects, they are dropped with the rolled-back change.
   */
  afterCommit<R>(work: () => Promise<R>): Promise<R>;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
};

export function createDomainEvents(deps: { logger: Logger }): DomainEvents {
  const handlers = new Map<DomainEventType, Set<DomainEventHandler<DomainEventType>>>();
  const pending = new Set<Promise<void>>();
  const scope = new AsyncLocalStorage<DomainEvent[]>();

  const deliver = (event: DomainEvent) => {
    const fns = [...(handlers.get(event.type) ?? [])];
    if (fns.length === 0) return;
    const run = (async () => {
      // Next tick: the emitting request answers first, and a subscriber never runs on its stack.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await Promise.all(
        fns.map(async (fn) => {
          try {
            await fn(event);
          } catch (err) {
            deps.logger.error({ err, event: event.type }, "domain event subscriber failed");
          }
        }),
      );
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  };

  return {
    emit(event) {
      const held = scope.getStore();
      if (held) held.push(event);
      else deliver(event);
    },
    on(type, fn) {
      let set = handlers.get(type);
      if (!set) {
        set = new Set();
        handlers.set(type, set);
      }
      const handler = fn as DomainEventHandler<DomainEventType>;
      set.add(handler);
      return () => set.delete(handler);
    },
    async afterCommit(work) {
      const outer = scope.getStore();
      const held: DomainEvent[] = [];
      const result = await scope.run(held, work);
      // Nested: the outer work has not committed yet, so its events wait with it.
      if (outer) outer.push(...held);
      else for (const event of held) deliver(event);
      return result;
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
