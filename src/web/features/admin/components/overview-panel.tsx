// The admin overview: four figures and the sign-ups of the last 30 days as bars.
import { BarChart3 } from "lucide-react";
import type { AdminStats } from "#shared/contracts/admin.ts";
import { formatUsd } from "#shared/domain/plans.ts";
import { Card } from "#web/components/ui/card.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useStats } from "../api/get-stats.ts";
import { formatDate } from "./format.ts";

export function OverviewPanel() {
  const stats = useStats();
  // A failed first load goes to the tab's section boundary (throwWhenEmpty).
  if (!stats.data) return <Spinner label="Loading..." visibleLabel className="py-10" />;
  const s = stats.data;
  const figures = [
    { label: "People", value: s.totalUsers.toLocaleString("en-US"), hint: "accounts in total" },
    {
      label: "Active people",
      value: s.activeUsers.toLocaleString("en-US"),
      hint: "used Kairo in the last 7 days",
    },
    {
      label: "Paying subscriptions",
      value: s.payingSubscriptions.toLocaleString("en-US"),
      hint: "Pro and Team, active",
    },
    {
      label: "Monthly revenue",
      value: formatUsd(s.monthlyRevenue),
      hint: "yearly plans at their monthly rate",
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {figures.map((f) => (
          <Card key={f.label} className="p-5">
            <dt className="text-sm text-muted">{f.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{f.value}</dd>
            <dd className="mt-1 text-xs text-muted">{f.hint}</dd>
          </Card>
        ))}
      </dl>
      <SignupBars days={s.signupsPerDay} />
    </div>
  );
}

function SignupBars({ days }: { days: AdminStats["signupsPerDay"] }) {
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const max = Math.max(1, ...days.map((d) => d.count));
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold">Sign-ups per day</h2>
      <p className="mt-1 text-sm text-muted">
        {total.toLocaleString("en-US")} {total === 1 ? "sign-up" : "sign-ups"} in the last {days.length} days
        (UTC).
      </p>
      {total === 0 ? (
        <div className="mt-4">
          <EmptyState icon={BarChart3} title="No sign-ups yet">
            New accounts will show here, one bar per day.
          </EmptyState>
        </div>
      ) : (
        <>
          <ol aria-label="Sign-ups per day" className="mt-4 flex h-40 items-end gap-0.5 sm:gap-1">
            {days.map((d) => {
              const text = `${formatDate(d.date)}: ${d.count} ${d.count === 1 ? "sign-up" : "sign-ups"}`;
              return (
                <li key={d.date} className="group relative flex h-full flex-1 items-end" title={text}>
                  <span className="sr-only">{text}</span>
                  <span
                    aria-hidden="true"
                    className="w-full rounded-t bg-accent transition-opacity group-hover:opacity-80"
                    style={{
                      height: d.count === 0 ? "2px" : `${(d.count / max) * 100}%`,
                      opacity: d.count ? 1 : 0.25,
                    }}
                  />
                </li>
              );
            })}
          </ol>
          <div aria-hidden="true" className="mt-2 flex justify-between text-xs text-muted">
            <span>{formatDate(days[0]!.date)}</span>
            <span>{formatDate(days.at(-1)!.date)}</span>
          </div>
        </>
      )}
    </Card>
  );
}
