// The planner's calls: Settings → Planning, the plan and its preview, and the changes to it. Every
// change refreshes the plan (and the at-risk flags in the task list) through `invalidate`.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  acceptAllResponse,
  type DragBlockBody,
  type PlanningPreferences,
  type PlanRequest,
  planningPreferencesResponse,
  planResponse,
} from "#shared/contracts/planner.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { invalidate, queryKeys } from "#web/lib/query-keys.ts";

/** The browser's zone: the defaults' zone until the person saves Settings → Planning. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const tz = () => `tz=${encodeURIComponent(browserZone())}`;

export const planningPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.planner.preferences,
    queryFn: () => apiFetch(`/api/planner/preferences?${tz()}`, { schema: planningPreferencesResponse }),
  });

export const planQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.planner.plan,
    queryFn: () => apiFetch(`/api/planner/plan?${tz()}`, { schema: planResponse }),
  });

export const usePlan = () => useQuery(planQueryOptions());

export function useSavePlanningPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (prefs: PlanningPreferences) =>
      apiFetch(`/api/planner/preferences?${tz()}`, {
        schema: planningPreferencesResponse,
        method: "PUT",
        json: prefs,
      }),
    onSuccess: (answer) => {
      qc.setQueryData(queryKeys.planner.preferences, answer);
      notifySuccess("Planning preferences saved");
      void invalidate(qc, "workPlan");
    },
    onError: (error) => notifyError(error, { fallback: "Your planning preferences could not be saved." }),
  });
}

function usePlanChange<I>(call: (input: I) => Promise<unknown>, done: (input: I) => string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_answer, input) => {
      const message = done(input);
      if (message) notifySuccess(message);
    },
    onError: (error) => notifyError(error, { fallback: "The plan could not be changed. Please try again." }),
    onSettled: () => invalidate(qc, "workPlan"),
  });
}

export const useProposePlan = () =>
  usePlanChange(
    (req: PlanRequest) =>
      apiFetch(`/api/planner/plan?${tz()}`, { schema: planResponse, method: "POST", json: req }),
    () => null,
  );

export const useAcceptAll = () =>
  usePlanChange(
    () => apiFetch(`/api/planner/plan/accept?${tz()}`, { schema: acceptAllResponse, method: "POST" }),
    () => "Plan accepted",
  );

export const useDiscardProposal = () =>
  usePlanChange(
    () => apiFetch(`/api/planner/plan?${tz()}`, { schema: planResponse, method: "DELETE" }),
    () => "Proposal discarded",
  );

export const useBlockDecision = () =>
  usePlanChange(
    ({ id, decision }: { id: string; decision: "accept" | "reject" }) =>
      apiFetch(`/api/planner/blocks/${encodeURIComponent(id)}/${decision}?${tz()}`, {
        schema: planResponse,
        method: "POST",
      }),
    ({ decision }) => (decision === "accept" ? "Block accepted" : "Block rejected"),
  );

export const useMoveBlock = () =>
  usePlanChange(
    ({ id, ...body }: DragBlockBody & { id: string }) =>
      apiFetch(`/api/planner/blocks/${encodeURIComponent(id)}?${tz()}`, {
        schema: planResponse,
        method: "PATCH",
        json: body,
      }),
    () => "Block moved and pinned",
  );
