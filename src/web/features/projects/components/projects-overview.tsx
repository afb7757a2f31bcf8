// /projects: every active project with its open tasks, and the archived ones, each restorable.
import { ArchiveRestore, FolderKanban } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { ProjectDto } from "#shared/contracts/projects.ts";
import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { LoadError } from "#web/components/ui/load-error.tsx";
import { projectPath } from "#web/config/paths.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { sortProjects, useProjects, useRestoreProject } from "#web/lib/projects.ts";
import { ColourDot } from "./sidebar-projects.tsx";

export function ProjectsOverview() {
  const activeId = useId();
  const archivedId = useId();
  const active = useProjects(false);
  const archived = useProjects(true);
  const restore = useRestoreProject();

  const onRestore = (p: ProjectDto) =>
    restore.mutate(p.id, {
      onSuccess: () => notifySuccess(`${p.name} restored`),
      onError: (e) => notifyError(e, { title: "The project could not be restored" }),
    });

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby={activeId}>
        <h2 id={activeId} className="mb-3 text-lg font-semibold">
          Active projects
        </h2>
        {active.isPending ? (
          <p className="text-sm text-muted">Loading projects...</p>
        ) : active.isError ? (
          <LoadError what="Your projects" error={active.error} onRetry={() => void active.refetch()} />
        ) : (
          <ProjectCards projects={sortProjects(active.data)} />
        )}
      </section>
      <section aria-labelledby={archivedId}>
        <h2 id={archivedId} className="mb-3 text-lg font-semibold">
          Archived
        </h2>
        {archived.isPending ? (
          <p className="text-sm text-muted">Loading archived projects...</p>
        ) : archived.isError ? (
          <LoadError
            what="Archived projects"
            error={archived.error}
            onRetry={() => void archived.refetch()}
          />
        ) : archived.data.length === 0 ? (
          <EmptyState icon={FolderKanban} title="Nothing archived">
            Archive a finished project from its page to hide it from your lists; it stays here to restore.
          </EmptyState>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-background">
            {archived.data.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <ColourDot colour={p.colour} />
                <Link
                  to={projectPath(p.id)}
                  className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
                >
                  {p.name}
                </Link>
                <span className="text-xs text-muted">
                  {p.taskCount} {p.taskCount === 1 ? "task" : "tasks"}
                </span>
                {/* Read-only while archived (can.manage is false): the server decides who may restore. */}
                {!p.isInbox && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onRestore(p)}
                    disabled={restore.isPending}
                  >
                    <ArchiveRestore aria-hidden="true" />
                    Restore
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ProjectCards({ projects }: { projects: ProjectDto[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((p) => (
        <li key={p.id}>
          <Link
            to={projectPath(p.id)}
            className="flex h-full flex-col gap-1 rounded-lg border border-border bg-background p-4 hover:border-accent"
          >
            <span className="flex items-center gap-2 font-medium">
              <ColourDot colour={p.colour} />
              <span className="truncate">{p.name}</span>
            </span>
            <span className="text-xs text-muted">
              {p.kind === "team" ? "Team" : "Personal"} · {p.openTaskCount} open of {p.taskCount}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
