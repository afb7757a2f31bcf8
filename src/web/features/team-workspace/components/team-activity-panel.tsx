// The Team Activity panel: every member with the first letter of their name, their name as the
// member list shows it (the email when they gave none) over their email, the page they are on, a
// status dot (online green, away yellow, busy red), "typing..." and a status text;
// the heading counts the members who are active (not offline).
import type { MemberPresence, MemberStatus } from "#shared/domain/presence.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import type { TeamWorkspaceLive } from "../hooks/use-team-workspace.ts";
import { pageLabel, STATUS_TEXT } from "../page-label.ts";

const DOT: Record<MemberStatus, string> = {
  online: "bg-success",
  away: "bg-warning",
  busy: "bg-danger",
  offline: "bg-muted/50",
};

export type RosterMember = { email: string; name: string };

type Row = {
  key: string;
  /** The name the member list shows (the email when there is no name). */
  label: string;
  email: string;
  status: MemberStatus;
  page: string | null;
  typing: boolean;
};

/** The team's roster with live presence, the present first; someone present but not yet listed is added. */
export function rows(roster: RosterMember[], live: Pick<TeamWorkspaceLive, "members" | "typing">): Row[] {
  const byEmail = new Map<string, MemberPresence>();
  for (const m of Object.values(live.members)) byEmail.set(m.email.toLowerCase(), m);
  const listed = new Set(roster.map((r) => r.email.toLowerCase()));
  const extra = [...byEmail.values()].filter((m) => !listed.has(m.email.toLowerCase()));
  const all = [
    ...roster.map((r) => ({ email: r.email, name: r.name })),
    ...extra.map((m) => ({ email: m.email, name: m.name })),
  ];
  const order: Record<MemberStatus, number> = { online: 0, busy: 1, away: 2, offline: 3 };
  return all
    .map(({ email, name }) => {
      const p = byEmail.get(email.toLowerCase());
      return {
        key: email,
        label: name?.trim() || p?.name?.trim() || email,
        email,
        status: p?.status ?? "offline",
        page: p ? p.page : null,
        typing: Boolean(p && live.typing[p.userId]),
      } satisfies Row;
    })
    .sort((a, b) => order[a.status] - order[b.status]);
}

export function TeamActivityPanel({ roster, live }: { roster: RosterMember[]; live: TeamWorkspaceLive }) {
  const list = rows(roster, live);
  const active = list.filter((r) => r.status !== "offline").length;
  const ready = live.phase === "ready";
  return (
    <section
      aria-labelledby="team-activity-heading"
      aria-busy={live.phase === "joining"}
      className="min-w-0 rounded-lg border border-border bg-background p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="team-activity-heading" className="text-lg font-semibold">
          Team Activity
        </h2>
        {ready && (
          <p className="text-sm text-muted">
            <span className="font-medium tabular-nums text-foreground">{active}</span> active
          </p>
        )}
      </div>
      {live.phase === "joining" ? (
        <Spinner className="mt-6 justify-start" label="Loading..." visibleLabel />
      ) : live.phase === "no_team" ? (
        <p className="mt-4 text-sm text-muted">
          Live presence appears here once you're in a team on the Team plan.
        </p>
      ) : (
        <ul aria-label="Live presence" className="mt-3 divide-y divide-border">
          {list.map((r) => (
            <li
              key={r.key}
              className="flex items-center gap-3 py-3"
              aria-label={`${r.label}, ${STATUS_TEXT[r.status]}`}
            >
              <span className="relative shrink-0">
                <span
                  aria-hidden="true"
                  className="grid size-9 place-items-center rounded-full bg-accent-soft text-sm font-semibold"
                >
                  {r.label.trim()[0]?.toUpperCase() ?? "?"}
                </span>
                <span
                  data-testid="status-dot"
                  data-status={r.status}
                  aria-hidden="true"
                  className={cn(
                    "absolute -right-0.5 -bottom-0.5 size-3 rounded-full ring-2 ring-background",
                    DOT[r.status],
                  )}
                />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{r.label}</p>
                {r.label !== r.email && <p className="truncate text-xs text-muted">{r.email}</p>}
                <p className="truncate text-xs text-muted">
                  {r.status === "offline" ? "Not in Kairo right now" : pageLabel(r.page)}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-0.5 text-xs">
                <span className="text-muted">{STATUS_TEXT[r.status]}</span>
                {r.typing && <span className="italic text-accent">typing...</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
