// Sweep (every minute, once across instances): fires due schedules and calendar triggers (fairly
// across people and within each one's plan, sweep-triggers.ts), and dispatches any event still
// pending. What a dead instance left is recover.ts's, on every instance.
import { dispatch } from "./dispatch.ts";
import type { EngineContext } from "./engine-context.ts";
import { fireDueTriggers } from "./sweep-triggers.ts";

export async function sweep(ctx: EngineContext): Promise<void> {
  const now = ctx.clock();
  await fireDueTriggers(ctx, now);
  await dispatch(ctx);
}
