// How many analyses the AI model writes for one person: every page load after their data changed
// asks for one, so without a budget a loop of "change a task, open Insights" would spend the
// operator's model without end. Past the budget (PERSON_BUDGETS.modelAnalyses) the built-in analysis,
// written by Kairo from the same figures, is shown until the window turns. Counted in the rate
// limits' store, so across instances with Redis.
import { countInWindow } from "../../http/rate-limit.ts";
import { PERSON_BUDGETS } from "../../http/route-limits.ts";
import type { CounterStore } from "../../http/types.ts";
import type { Logger } from "../../logger.ts";

export type ModelBudget = {
  /** Counts one model-written analysis of the person; false once the window's budget is spent. */
  take(personId: string, now: Date): Promise<boolean>;
};

export function modelBudget(o: { store: CounterStore; enabled: boolean; logger: Logger }): ModelBudget {
  return {
    async take(personId, now) {
      if (!o.enabled) return true;
      try {
        const counted = await countInWindow(o.store, PERSON_BUDGETS.modelAnalyses, `u:${personId}`, now);
        return counted.allowed;
      } catch (err) {
        // A broken store must not take the page down: the model is asked, and the failure logged.
        o.logger.error({ err }, "AI model budget store failed; the model is asked unbudgeted");
        return true;
      }
    },
  };
}
