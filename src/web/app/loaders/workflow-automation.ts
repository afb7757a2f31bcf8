// /workflow-automation: the open tab's list (My Workflows, or History when an execution is in the
// address), once the plan allows workflows.
import { executionsQueryOptions } from "#web/features/workflows/api/get-executions.ts";
import { workflowsQueryOptions } from "#web/features/workflows/api/get-workflows.ts";
import { prefetchWhenAllowed } from "./prefetch.ts";

export const loader = prefetchWhenAllowed("/workflow-automation", (url) => [
  url.searchParams.get("execution") ? executionsQueryOptions() : workflowsQueryOptions(),
]);
