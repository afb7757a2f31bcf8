// The four overview figures, all from the server: tasks, time saved against estimates, productivity
// (the rounded completion rate) and the current plan.
import { useQuery } from "@tanstack/react-query";
import { Clock, CreditCard, ListChecks, type LucideIcon, TrendingUp } from "lucide-react";
import { lazy, type ReactNode } from "react";
import { trialDaysLeftText } from "#shared/domain/subscription.ts";
import { formatMinutes } from "#shared/domain/tasks.ts";
import { Card } from "#web/components/ui/card.tsx";
import { OnFirstUse } from "#web/components/ui/on-first-use.tsx";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { useSubscription } from "#web/lib/subscription.ts";
import { overviewQueryOptions } from "../api/get-overview.ts";
import { TimeSavedButton } from "./time-saved-button.tsx";

export function StatCards() {
  // Without figures the section shows its boundary's load-error card (dashboard route).
  const overview = useQuery({ ...overviewQueryOptions(), throwOnError: throwWhenEmpty });
  const subscription = useSubscription();

  const data = overview.data;
  const plan = subscription.data;

  return (
    <section aria-label="Your numbers" className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Total Tasks"
          icon={ListChecks}
          loading={overview.isPending}
          value={data ? data.totalTasks.toLocaleString("en-US") : "—"}
          detail={data ? `${data.completedTasks.toLocaleString("en-US")} completed` : undefined}
        />
        <StatCard
          label="Time Saved"
          icon={Clock}
          loading={overview.isPending}
          value={data ? formatMinutes(data.timeSavedMinutes) : "—"}
          labelAside={<TimeSavedInfo />}
          detail={data ? "Against your estimates" : undefined}
        />
        <StatCard
          label="Productivity"
          icon={TrendingUp}
          loading={overview.isPending}
          value={data ? `${data.productivity}%` : "—"}
          detail={data ? "Share of your tasks completed" : undefined}
        />
        <StatCard
          label="Current Plan"
          icon={CreditCard}
          loading={subscription.isPending}
          value={plan ? plan.label : "—"}
          detail={
            subscription.isError ? (
              <button
                type="button"
                className="text-accent underline-offset-4 hover:underline"
                onClick={() => void subscription.refetch()}
              >
                Could not load your plan. Retry
              </button>
            ) : plan?.plan === "trial" && plan.trialDaysLeft !== null ? (
              trialDaysLeftText(plan.trialDaysLeft)
            ) : plan?.trialExpired ? (
              "Trial expired - Subscribe to continue using Pro features"
            ) : plan?.plan === "free" ? (
              "Upgrade for AI insights"
            ) : undefined
          }
        />
      </div>
    </section>
  );
}

function StatCard({
  label,
  icon: Icon,
  value,
  detail,
  loading,
  labelAside,
}: {
  label: string;
  icon: LucideIcon;
  value: string;
  detail?: ReactNode;
  loading: boolean;
  labelAside?: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-5" aria-busy={loading || undefined}>
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <h3 className="text-sm font-medium text-muted">{label}</h3>
          {labelAside}
        </div>
        <span className="hidden size-9 place-items-center rounded-lg bg-accent-soft/60 text-accent sm:grid">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
      {loading ? (
        <div aria-hidden="true" className="mt-3 flex flex-col gap-2">
          <div className="h-8 w-20 animate-pulse rounded-md bg-surface-2" />
          <div className="h-4 w-28 animate-pulse rounded-md bg-surface-2" />
        </div>
      ) : (
        <>
          <p className="mt-2 text-xl font-semibold tabular-nums sm:text-2xl">{value}</p>
          <p className="mt-1 min-h-5 text-sm text-muted">{detail}</p>
        </>
      )}
      {loading && <span className="sr-only">Loading {label}</span>}
    </Card>
  );
}

// A popover rather than a hover tooltip, so the definition opens on touch and keyboard alike. Its
// code (Radix's popover) downloads when it is first opened.
const loadTimeSavedPopover = () => import("./time-saved-popover.tsx");
const TimeSavedPopover = lazy(loadTimeSavedPopover);

function TimeSavedInfo() {
  return (
    <OnFirstUse preload={loadTimeSavedPopover} trigger={<TimeSavedButton />}>
      <TimeSavedPopover defaultOpen />
    </OnFirstUse>
  );
}
