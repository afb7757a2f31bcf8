// The sidebar's "Projects" group (issue 23): "Assigned to me", then the person's projects (Inbox
// first, their own, then each team's shared ones) with their colour dot, and the button that creates one.
import { FolderKanban, Plus, UserCheck } from "lucide-react";
import { useId, useState } from "react";
import { NavLink, useNavigate } from "react-router";
import type { ProjectDto } from "#shared/contracts/projects.ts";
import { Button } from "#web/components/ui/button.tsx";
import { LazyTooltip } from "#web/components/ui/lazy-tooltip.tsx";
import { paths, projectPath } from "#web/config/paths.ts";
import { cn } from "#web/lib/cn.ts";
import { sortProjects, useProjects } from "#web/lib/projects.ts";
import { ProjectFormDialog } from "./lazy-project-form-dialog.tsx";
import type { ProjectTeamChoice } from "./project-form-dialog.tsx";

const linkClass = (active: boolean, narrow: boolean) =>
  cn(
    "flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-foreground",
    active && "bg-accent-soft/60 text-foreground",
    narrow && "justify-center px-0",
  );

export function ColourDot({ colour, className }: { colour: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn("inline-block size-2.5 shrink-0 rounded-full", className)}
      style={{ backgroundColor: colour }}
    />
  );
}

export function SidebarProjects({
  narrow,
  teams,
}: {
  narrow: boolean;
  /** The teams the person may create shared projects in, with their names for the headings. */
  teams: readonly (ProjectTeamChoice & { canCreate: boolean })[];
}) {
  const headingId = useId();
  const projects = useProjects();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const sorted = sortProjects(projects.data ?? []);
  const personal = sorted.filter((p) => p.kind === "personal");
  const teamNames = new Map(teams.map((t) => [t.id, t.name]));
  const byTeam = new Map<string, ProjectDto[]>();
  for (const p of sorted) {
    if (p.kind !== "team" || !p.teamId) continue;
    byTeam.set(p.teamId, [...(byTeam.get(p.teamId) ?? []), p]);
  }

  return (
    <section aria-labelledby={headingId} className="mt-4">
      <div className={cn("mb-1 flex items-center justify-between px-3", narrow && "justify-center px-0")}>
        <h2 id={headingId} className={cn("text-xs font-semibold uppercase text-muted", narrow && "sr-only")}>
          Projects
        </h2>
        <Tip show={narrow} label="New project">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="New project"
            onClick={() => setCreating(true)}
          >
            <Plus aria-hidden="true" />
          </Button>
        </Tip>
      </div>
      <ul className="flex flex-col gap-1">
        <li>
          <Tip show={narrow} label="Assigned to me">
            <NavLink
              to={paths.assigned}
              aria-label={narrow ? "Assigned to me" : undefined}
              className={({ isActive }) => linkClass(isActive, narrow)}
            >
              <UserCheck className="size-5 shrink-0" aria-hidden="true" />
              {!narrow && <span className="flex-1 truncate">Assigned to me</span>}
            </NavLink>
          </Tip>
        </li>
        {projects.isPending && !narrow && (
          <li className="px-3 py-2 text-xs text-muted">Loading projects...</li>
        )}
        {projects.isError && !narrow && (
          <li className="px-3 py-2 text-xs text-danger">
            Projects could not be loaded.{" "}
            <button type="button" className="underline" onClick={() => void projects.refetch()}>
              Retry
            </button>
          </li>
        )}
        {personal.map((p) => (
          <ProjectLink key={p.id} project={p} narrow={narrow} />
        ))}
      </ul>
      {[...byTeam].map(([teamId, list]) => (
        <div key={teamId} className="mt-2">
          {!narrow && (
            <p className="truncate px-3 py-1 text-xs text-muted">{teamNames.get(teamId) ?? "Team"}</p>
          )}
          <ul aria-label={`${teamNames.get(teamId) ?? "Team"} projects`} className="flex flex-col gap-1">
            {list.map((p) => (
              <ProjectLink key={p.id} project={p} narrow={narrow} />
            ))}
          </ul>
        </div>
      ))}
      {!narrow && (
        <NavLink
          to={paths.projects}
          end
          className={({ isActive }) => cn(linkClass(isActive, false), "mt-1 text-xs font-normal")}
        >
          <FolderKanban className="size-4 shrink-0" aria-hidden="true" />
          All projects and archive
        </NavLink>
      )}
      <ProjectFormDialog
        open={creating}
        onOpenChange={setCreating}
        teams={teams.filter((t) => t.canCreate)}
        onCreated={(p) => navigate(projectPath(p.id))}
      />
    </section>
  );
}

function ProjectLink({ project, narrow }: { project: ProjectDto; narrow: boolean }) {
  return (
    <li>
      <Tip show={narrow} label={project.name}>
        <NavLink
          to={projectPath(project.id)}
          aria-label={narrow ? project.name : undefined}
          className={({ isActive }) => linkClass(isActive, narrow)}
        >
          <span className="grid size-5 shrink-0 place-items-center">
            <ColourDot colour={project.colour} />
          </span>
          {!narrow && <span className="flex-1 truncate">{project.name}</span>}
          {!narrow && project.openTaskCount > 0 && (
            <span className="text-xs tabular-nums text-muted">
              <span className="sr-only">, </span>
              {project.openTaskCount}
              {/* Not "open tasks": the sidebar's own "Tasks" link keeps a name no project link contains. */}
              <span className="sr-only"> open</span>
            </span>
          )}
        </NavLink>
      </Tip>
    </li>
  );
}

function Tip({
  show,
  label,
  children,
}: {
  show: boolean;
  label: string;
  children: React.ReactElement<React.HTMLAttributes<HTMLElement>>;
}) {
  return show ? <LazyTooltip content={label}>{children}</LazyTooltip> : children;
}
