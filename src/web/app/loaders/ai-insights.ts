// /ai-insights: the insights, once the plan allows them.
import { insightsQueryOptions } from "#web/features/ai-insights/api/get-insights.ts";
import { prefetchWhenAllowed } from "./prefetch.ts";

export const loader = prefetchWhenAllowed("/ai-insights", () => [insightsQueryOptions()]);
