// Real events write the team's Recent Activity: a task completed, a workflow created or run, a
// calendar connected, a member joining or leaving. Each event is delivered once, on the instance
// whose request caused it, after its change committed; the stored row is then announced as
// `team.activity` for the sockets (realtime/socket.ts). Only kinds and labels are shared with the
// team, never a task's title or a workflow's name (docs/decisions/071-team-activity.md). Each person
// adds at most PERSON_BUDGETS.teamActivityWrites rows a minute.
import { eq } from "drizzle-orm";
import type { ActivityAction } from "#shared/contracts/team-workspace.ts";
import { CALENDAR_PROVIDERS } from "#shared/domain/calendar-sync.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { countInWindow } from "../../http/rate-limit.ts";
import { PERSON_BUDGETS } from "../../http/route-limits.ts";
import type { CounterStore } from "../../http/types.ts";
import type { Logger } from "../../logger.ts";
import { liveTeamOf, recordActivity } from "./activity.ts";

export type TeamActivityDeps = {
  db: Db;
  events: DomainEvents;
  clock: () => Date;
  logger: Logger;
  /** The per-person budgets' counters (Redis across instances) and switch (RATE_LIMIT_DISABLED). */
  limits: { store: CounterStore; enabled: boolean };
};

/** Registers the subscribers; returns the unsubscribe. */
export function subscribeTeamActivity(deps: TeamActivityDeps): () => void {
  const { db, events, clock } = deps;
  const log = deps.logger.child({ module: "team-activity" });

  /**
   * Whether the person's budget of activity rows (PERSON_BUDGETS.teamActivityWrites) has room: one
   * person completing tasks by the hundred must not flood the team's feed and sockets. Past it the
   * change itself stands; only its line in Recent Activity is left out.
   */
  const withinBudget = async (personId: string, now: Date) => {
    if (!deps.limits.enabled) return true;
    try {
      const budget = PERSON_BUDGETS.teamActivityWrites;
      return (await countInWindow(deps.limits.store, budget, `u:${personId}`, now)).allowed;
    } catch (err) {
      log.error({ err }, "activity budget store failed; activity recorded uncounted");
      return true;
    }
  };

  const write = async (
    personId: string,
    action: ActivityAction,
    target: string | null,
    teamId?: string | null,
  ) => {
    const now = clock();
    const team = teamId ?? (await liveTeamOf(db, personId, now));
    if (!team) return;
    if (!(await withinBudget(personId, now))) {
      log.info({ personId, action }, "activity over the person's budget; not recorded");
      return;
    }
    const [who] = await db.select({ email: user.email }).from(user).where(eq(user.id, personId)).limit(1);
    if (!who) return;
    const activity = await recordActivity(
      db,
      { teamId: team, userId: personId, userEmail: who.email, action, target },
      now,
    );
    events.emit({ type: "team.activity", teamId: team, activity });
  };

  const providerName = (id: string) => CALENDAR_PROVIDERS.find((p) => p.id === id)?.name ?? null;

  const offs = [
    events.on("task.completed", (e) => write(e.personId, "task.completed", e.category)),
    events.on("workflow.created", (e) => write(e.personId, "workflow.created", null)),
    events.on("workflow.run", (e) => write(e.personId, "workflow.run", null)),
    events.on("calendar.connected", (e) => write(e.personId, "calendar.connected", providerName(e.provider))),
    events.on("team.member_joined", (e) => write(e.personId, "member.joined", null, e.teamId)),
    events.on("team.member_left", (e) => write(e.personId, "member.left", null, e.teamId)),
  ];
  return () => {
    for (const off of offs) off();
  };
}
