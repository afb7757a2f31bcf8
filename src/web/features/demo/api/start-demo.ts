import { useMutation, useQueryClient } from "@tanstack/react-query";
import { demoStatusDto } from "#shared/contracts/billing.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { invalidate, queryKeys } from "#web/lib/query-keys.ts";
import { DEMO_SESSION_KEY } from "../demo-session.ts";

export const startDemo = () => apiFetch("/api/demo", { schema: demoStatusDto, method: "POST", json: {} });

/**
 * Starts the preview; the plan query refetches so every gate and lock updates at once, and the
 * projects, which now hold the preview's sample team project (decision 216).
 */
export function useStartDemo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startDemo,
    onSuccess: (demo) => {
      // The browser session keeps a mirror of the grant (spec: demo-mode record); the server decides.
      try {
        sessionStorage.setItem(
          DEMO_SESSION_KEY,
          JSON.stringify({ active: demo.active, plan: demo.plan, expiresAt: demo.expiresAt }),
        );
      } catch {
        // storage disabled: the server record is enough
      }
      void qc.invalidateQueries({ queryKey: queryKeys.subscription });
      void invalidate(qc, "project");
    },
  });
}
