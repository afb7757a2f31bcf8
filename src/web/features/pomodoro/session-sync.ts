// Keeps the server's pomodoro_sessions rows in step with the timer. Starting a focus run creates its
// row, and the row's id reaches the timer only when that call answers. A short focus on a slow
// network (or a fast test clock) can end before then; the completion must not be dropped for want
// of the id, so it waits for that run's create call and completes by the id it returns. The phase's
// own end time goes with it, so a late completion still records when the focus really ended.
import type { StartPomodoroBody } from "./api/start-pomodoro-session.ts";

export type SessionSyncApi = {
  create: (body: StartPomodoroBody) => Promise<{ id: string }>;
  complete: (id: string, endedAt: number) => Promise<unknown>;
};

export type SessionSync = {
  /** Creates the row of focus run `run` (a number the caller bumps for every new run). */
  start: (run: number, body: StartPomodoroBody) => Promise<{ id: string }>;
  /**
   * Completes focus run `run`, which ended at `endedAt` (epoch ms). With `knownId` it completes at
   * once; otherwise it waits for that run's create call. Resolves true once completed, false when
   * there is no row to complete (the create failed, or it was made before a reload); rejects when
   * the completion call itself fails.
   */
  complete: (run: number, knownId: string | null, endedAt: number) => Promise<boolean>;
};

export function createSessionSync(api: SessionSyncApi): SessionSync {
  // Only the newest run's create matters: an older run is over (completed or reset).
  let latest: { run: number; session: Promise<{ id: string } | null> } | null = null;
  return {
    start(run, body) {
      const created = api.create(body);
      latest = { run, session: created.catch(() => null) };
      return created;
    },
    async complete(run, knownId, endedAt) {
      let id = knownId;
      if (id === null && latest?.run === run) id = (await latest.session)?.id ?? null;
      if (id === null) return false;
      await api.complete(id, endedAt);
      return true;
    },
  };
}
