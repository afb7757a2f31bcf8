// /team-workspace: the roster and the stored activity, once the plan allows the team workspace.
import { teamQueryOptions } from "#web/features/team/api/get-team.ts";
import { teamActivityQueryOptions } from "#web/features/team-workspace/api/get-team-activity.ts";
import { prefetchWhenAllowed } from "./prefetch.ts";

export const loader = prefetchWhenAllowed("/team-workspace", () => [
  teamQueryOptions(),
  teamActivityQueryOptions(),
]);
