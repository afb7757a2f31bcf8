// The listed members of a restricted team project (issue 23): who besides owners and admins can see
// it. Those who manage the project add a team member or take one off the list.
import { UserMinus } from "lucide-react";
import { useId, useState } from "react";
import type { ProjectDto } from "#shared/contracts/projects.ts";
import { Button } from "#web/components/ui/button.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useAddProjectMember, useProjectMembers, useRemoveProjectMember } from "#web/lib/projects.ts";

/** A person of the team, who could be listed. */
export type TeamPerson = { userId: string; name: string; role: string };

export function ProjectMembersPanel({ project, team }: { project: ProjectDto; team: readonly TeamPerson[] }) {
  const headingId = useId();
  const selectId = useId();
  const members = useProjectMembers(project);
  const add = useAddProjectMember();
  const remove = useRemoveProjectMember();
  const [picked, setPicked] = useState("");
  const canManage = project.can.manage && !project.readOnly;
  const listed = members.data?.members ?? [];
  const listedIds = new Set(listed.map((m) => m.userId));
  const addable = team.filter((p) => !listedIds.has(p.userId));

  return (
    <section aria-labelledby={headingId} className="mb-8 rounded-lg border border-border bg-background p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        People who can see it
      </h2>
      <p className="text-sm text-muted">Restricted to listed members; owners and admins always see it.</p>
      {members.isPending ? (
        <p className="mt-3 text-sm text-muted">Loading members...</p>
      ) : members.isError ? (
        <p className="mt-3 text-sm text-danger">
          The members could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void members.refetch()}>
            Retry
          </button>
        </p>
      ) : (
        <ul aria-label="Project members" className="mt-3 divide-y divide-border">
          {listed.map((m) => (
            <li key={m.userId} className="flex items-center gap-3 py-2">
              <span className="min-w-0 flex-1 truncate text-sm">
                {m.name} <span className="text-xs text-muted">({m.role})</span>
              </span>
              {canManage && m.role !== "owner" && m.role !== "admin" && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-11 sm:size-9"
                  aria-label={`Remove ${m.name} from this project`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(
                      { projectId: project.id, userId: m.userId },
                      { onError: (e) => notifyError(e, { title: "The member could not be removed" }) },
                    )
                  }
                >
                  <UserMinus aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && addable.length > 0 && (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!picked) return;
            add.mutate(
              { projectId: project.id, userId: picked },
              {
                onSuccess: () => {
                  setPicked("");
                  notifySuccess("Member added to the project");
                },
                onError: (err) => notifyError(err, { title: "The member could not be added" }),
              },
            );
          }}
        >
          <div className="flex min-w-48 flex-1 flex-col gap-1.5">
            <label htmlFor={selectId} className="text-sm font-medium">
              Add a team member
            </label>
            <NativeSelect id={selectId} value={picked} onChange={(e) => setPicked(e.target.value)}>
              <option value="">Choose a person</option>
              {addable.map((p) => (
                <option key={p.userId} value={p.userId}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={!picked || add.isPending}>
            Add
          </Button>
        </form>
      )}
    </section>
  );
}
