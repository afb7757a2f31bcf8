// /projects/:id: one project (issue 23): its head with settings, archive and delete, its milestones,
// and its tasks in the task list, the assignees named from the people who can see it. Another
// member's change arrives through the socket and refetches what it touches (lib/realtime.ts).
import { FolderX } from "lucide-react";
import { useMemo } from "react";
import { Link, useParams } from "react-router";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { LoadError } from "#web/components/ui/load-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { MilestonesPanel } from "#web/features/projects/components/milestones-panel.tsx";
import { ProjectHeader } from "#web/features/projects/components/project-header.tsx";
import { ProjectMembersPanel } from "#web/features/projects/components/project-members-panel.tsx";
import { TasksSection } from "#web/features/tasks/components/tasks-section.tsx";
import { useTeam } from "#web/features/team/api/get-team.ts";
import { useUpgradeDialog } from "#web/features/upgrade/upgrade-dialog-provider.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { useProject, useProjectMembers } from "#web/lib/projects.ts";

export function Component() {
  const { id = "" } = useParams();
  const project = useProject(id);
  const members = useProjectMembers(project.data);
  const team = useTeam(project.data?.kind === "team").data?.team;
  const upgrade = useUpgradeDialog();
  const people = useMemo(
    () => new Map((members.data?.members ?? []).map((m) => [m.userId, m.name])),
    [members.data],
  );

  if (project.isPending) return <Spinner label="Loading the project" />;
  if (project.isError) {
    if (project.error instanceof ApiError && project.error.status === 404) {
      return (
        <EmptyState
          icon={FolderX}
          title="Project not found"
          action={
            <Link to={paths.projects} className="text-sm font-medium text-accent underline">
              See your projects
            </Link>
          }
        >
          It was deleted, or you are not one of the people who can see it.
        </EmptyState>
      );
    }
    return <LoadError what="The project" error={project.error} onRetry={() => void project.refetch()} />;
  }
  const p = project.data;
  return (
    <>
      <ProjectHeader project={p} teamName={p.teamId === team?.id ? team?.name : undefined} />
      {!p.isInbox && (
        <SectionBoundary what="The milestones">
          <MilestonesPanel project={p} />
        </SectionBoundary>
      )}
      {p.kind === "team" && p.restricted && (
        <SectionBoundary what="The project's members">
          <ProjectMembersPanel
            project={p}
            team={(p.teamId === team?.id ? team.members : []).map((m) => ({
              userId: m.userId,
              name: m.name || m.email,
              role: m.role,
            }))}
          />
        </SectionBoundary>
      )}
      <SectionBoundary what="The project's tasks">
        <TasksSection
          key={p.id}
          onUpgrade={upgrade.open}
          scope={{
            projectId: p.id,
            title: "Tasks",
            subtitle: "Ordered by priority, then the nearest deadline.",
            people,
            canCreate: p.can.editTasks && !p.readOnly,
            emptyText: p.can.editTasks
              ? "Add the first task of this project."
              : "This project has no tasks yet.",
            asSection: true,
          }}
        />
      </SectionBoundary>
    </>
  );
}
