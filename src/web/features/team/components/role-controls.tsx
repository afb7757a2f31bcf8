// Team roles in the Members panel (issue 23): owners and admins change a member's role (only an
// owner grants "owner"), and see the audit of every role change: who, from what to what, by whom.
import { format } from "date-fns";
import { useId } from "react";
import { TEAM_ROLES, type TeamRole } from "#shared/contracts/projects.ts";
import type { TeamMemberDto } from "#shared/contracts/team.ts";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useChangeRole, useRoleChanges } from "../api/team-roles.ts";

export const ROLE_LABELS: Record<TeamRole, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  viewer: "Viewer",
};

export function RoleSelect({ member, myRole }: { member: TeamMemberDto; myRole: TeamRole }) {
  const id = useId();
  const change = useChangeRole();
  const name = member.name || member.email;
  // Only an owner makes owners or changes an owner's role.
  const roles = TEAM_ROLES.filter((r) => r !== "owner" || myRole === "owner");
  const locked = member.role === "owner" && myRole !== "owner";
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        Role of {name}
      </label>
      <NativeSelect
        id={id}
        className="h-11 w-32 sm:h-9"
        value={member.role}
        disabled={locked || change.isPending}
        onChange={(e) => {
          const role = e.target.value as TeamRole;
          change.mutate(
            { memberId: member.id, role },
            {
              onSuccess: () => notifySuccess(`${name} is now ${ROLE_LABELS[role].toLowerCase()}`),
              onError: (error) => notifyError(error, { title: "The role could not be changed" }),
            },
          );
        }}
      >
        {(locked ? TEAM_ROLES : roles).map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export function RoleChangesList() {
  const headingId = useId();
  const changes = useRoleChanges(true);
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-sm font-semibold">
        Role changes
      </h3>
      {changes.isPending ? (
        <p className="mt-2 text-sm text-muted">Loading role changes...</p>
      ) : changes.isError ? (
        <p className="mt-2 text-sm text-danger">
          The role changes could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void changes.refetch()}>
            Retry
          </button>
        </p>
      ) : changes.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No role changes yet.</p>
      ) : (
        <ul aria-label="Role changes" className="mt-2 divide-y divide-border">
          {changes.data.map((c) => (
            <li key={c.id} className="py-2 text-sm">
              <span className="font-medium">{c.name}</span>: {c.fromRole ? ROLE_LABELS[c.fromRole] : "joined"}{" "}
              → {c.toRole ? ROLE_LABELS[c.toRole] : "left"}
              <span className="block text-xs text-muted">
                by {c.changedByName} ·{" "}
                <time dateTime={c.changedAt}>{format(new Date(c.changedAt), "MMM d, yyyy HH:mm")}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
