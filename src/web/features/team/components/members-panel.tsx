// The Members panel of the Team Workspace: seats used of the seats paid for, the members, pending
// invitations and the invite form. The owner manages; everyone else sees the list read-only.
import { useQuery } from "@tanstack/react-query";
import { format } from "date-fns";
import { Mail, UserMinus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { TeamDto, TeamMemberDto } from "#shared/contracts/team.ts";
import { PERMISSIONS } from "#shared/domain/permissions.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { buttonVariants } from "#web/components/ui/button-variants.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { teamQueryOptions } from "../api/get-team.ts";
import { useRevokeInvitation } from "../api/revoke-invitation.ts";
import { InviteForm } from "./invite-form.tsx";
import { RemoveMemberDialog } from "./remove-member-dialog.tsx";
import { ROLE_LABELS, RoleChangesList, RoleSelect } from "./role-controls.tsx";

const shortDate = (iso: string) => format(new Date(iso), "MMM d, yyyy");

export function MembersPanel() {
  // A failed first load goes to the section boundary around the panel (throwWhenEmpty).
  const team = useQuery({ ...teamQueryOptions(), throwOnError: throwWhenEmpty });
  return (
    <section
      aria-labelledby="members-heading"
      className="rounded-lg border border-border bg-background p-4 sm:p-6"
    >
      {!team.data ? (
        <>
          <MembersHeading />
          <Spinner className="mt-6 justify-start" label="Loading..." visibleLabel />
        </>
      ) : team.data.team ? (
        <TeamMembers team={team.data.team} />
      ) : (
        <>
          <MembersHeading />
          <div className="mt-4 flex flex-col items-start gap-3 text-sm text-muted">
            <p>
              You don't have a team yet. Buy the Team plan to create your team and invite people by email.
            </p>
            <Link to={`${paths.settings}#billing`} className={buttonVariants({ size: "sm" })}>
              See plans
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

function MembersHeading({ aside }: { aside?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id="members-heading" className="text-lg font-semibold">
        Members
      </h2>
      {aside}
    </div>
  );
}

function TeamMembers({ team }: { team: TeamDto }) {
  const [removing, setRemoving] = useState<TeamMemberDto | null>(null);
  const revoke = useRevokeInvitation();
  const over = team.seatsUsed > team.seats;
  const can = PERMISSIONS[team.myRole];

  const onRevoke = async (id: string, email: string) => {
    try {
      await revoke.mutateAsync(id);
      notifySuccess("Invitation revoked", `${email} can no longer join with that link.`);
    } catch (err) {
      notifyError(err, { title: "The invitation could not be revoked" });
    }
  };

  return (
    <>
      <MembersHeading
        aside={
          <p className="text-sm text-muted">
            <span className="font-medium tabular-nums text-foreground">
              {team.seatsUsed} of {team.seats}
            </span>{" "}
            seats used
          </p>
        }
      />
      <p className="mt-1 text-sm text-muted">{team.name}</p>
      {/* The text above says the same for screen readers. */}
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
        <div
          className={over ? "h-full bg-warning" : "h-full bg-accent"}
          style={{ width: `${Math.min(100, (team.seatsUsed / Math.max(1, team.seats)) * 100)}%` }}
        />
      </div>

      {team.isOwner ? (
        <InviteForm seats={team.seats} seatsUsed={team.seatsUsed} />
      ) : (
        <p className="mt-4 text-sm text-muted">Only the team owner can invite or remove people.</p>
      )}

      <ul aria-label="Team members" className="mt-5 divide-y divide-border">
        {team.members.map((m) => (
          <li key={m.id} className="flex items-center gap-3 py-3">
            <span
              aria-hidden="true"
              className="grid size-9 shrink-0 place-items-center rounded-full bg-accent-soft text-sm font-semibold"
            >
              {(m.name || m.email).trim()[0]?.toUpperCase() ?? "?"}
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                <span className="truncate">{m.name || m.email}</span>
                {!can["team.roles.change"] && (
                  <Badge tone={m.role === "owner" ? "accent" : undefined}>{ROLE_LABELS[m.role]}</Badge>
                )}
              </p>
              <p className="truncate text-sm text-muted">{m.email}</p>
              <p className="text-xs text-muted">Joined {shortDate(m.joinedAt)}</p>
            </div>
            {can["team.roles.change"] && <RoleSelect member={m} myRole={team.myRole} />}
            {team.isOwner && m.role !== "owner" && (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${m.name || m.email}`}
                onClick={() => setRemoving(m)}
              >
                <UserMinus aria-hidden="true" />
              </Button>
            )}
          </li>
        ))}
      </ul>

      {team.isOwner && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">Pending invitations</h3>
          {team.invitations.length === 0 ? (
            <p className="mt-2 text-sm text-muted">
              No pending invitations. Invite someone by email and they'll appear here until they accept.
            </p>
          ) : (
            <ul aria-label="Pending invitations" className="mt-2 divide-y divide-border">
              {team.invitations.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center gap-3 py-3">
                  <Mail className="size-4 shrink-0 text-muted" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{i.email}</p>
                    <p className="text-xs text-muted">
                      Sent {shortDate(i.sentAt)} · expires {shortDate(i.expiresAt)}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Revoke invitation for ${i.email}`}
                    disabled={revoke.isPending}
                    onClick={() => void onRevoke(i.id, i.email)}
                  >
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {can["team.roles.audit"] && <RoleChangesList />}

      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
