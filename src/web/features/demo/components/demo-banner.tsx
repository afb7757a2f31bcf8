// While a demo preview runs: a banner with the minutes left. The plan query is checked every 60
// seconds, and the banner (and every unlocked feature) goes when the server says the grant ended,
// as does the preview's sample team project (decision 216).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { subscriptionResponse } from "#shared/contracts/billing.ts";
import { DEMO_CHECK_EVERY_MS, demoMinutesLeft, localDemoExpiry } from "#shared/domain/demo.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { invalidate, queryKeys } from "#web/lib/query-keys.ts";
import { DEMO_SESSION_KEY } from "../demo-session.ts";

export function DemoBanner() {
  const subscription = useQuery({
    queryKey: queryKeys.subscription,
    queryFn: () => apiFetch("/api/subscription", { schema: subscriptionResponse }),
    refetchInterval: (q) => (q.state.data?.demo.active ? DEMO_CHECK_EVERY_MS : false),
  });
  const demo = subscription.data?.demo;
  const [, setTick] = useState(0);
  const qc = useQueryClient();
  const wasActive = useRef(false);
  useEffect(() => {
    // The server removed the sample team project with the preview: the sidebar forgets it too.
    if (wasActive.current && !demo?.active) void invalidate(qc, "project");
    wasActive.current = Boolean(demo?.active);
    if (!demo?.active) {
      try {
        sessionStorage.removeItem(DEMO_SESSION_KEY);
      } catch {
        // nothing stored
      }
      return;
    }
    // Re-render every 15 seconds so the minutes left stay current between server checks.
    const timer = setInterval(() => setTick((t) => t + 1), 15_000);
    return () => clearInterval(timer);
  }, [demo?.active, qc]);
  if (!demo?.active) return null;
  const expiry = localDemoExpiry(demo, subscription.dataUpdatedAt);
  const minutes = demoMinutesLeft(expiry ? expiry.toISOString() : null, new Date());
  return (
    <div
      role="status"
      className="flex items-center gap-2 border-b border-accent/30 bg-accent-soft/50 px-4 py-2 text-sm sm:px-6"
    >
      <Sparkles className="size-4 shrink-0 text-accent" aria-hidden="true" />
      <span className="rounded bg-accent px-1.5 py-0.5 text-xs font-semibold text-accent-foreground">
        Demo
      </span>
      <span>
        Demo mode: Pro and Team features are unlocked for {minutes} more{" "}
        {minutes === 1 ? "minute" : "minutes"}.
      </span>
    </div>
  );
}
