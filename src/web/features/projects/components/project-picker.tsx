// A labelled "All projects / one project" picker over the person's active projects, in the sidebar's
// order. Pages that can be narrowed to a project (analytics, AI insights) get it from their route,
// which hands it the value they keep and the setter.
import { Label } from "#web/components/ui/label.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { cn } from "#web/lib/cn.ts";
import { sortProjects, useProjects } from "#web/lib/projects.ts";

export type ProjectPickerProps = {
  /** The chosen project's id, or null for all projects. */
  value: string | null;
  onChange: (projectId: string | null) => void;
};

export function ProjectPicker({
  id,
  label = "Project",
  value,
  onChange,
  className,
}: ProjectPickerProps & { id: string; label?: string; className?: string }) {
  const projects = useProjects();
  const list = sortProjects(projects.data ?? []);
  // A project in the address that is not listed (archived, or not loaded yet) still shows as chosen.
  const unknown = value !== null && !list.some((p) => p.id === value);
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value === "" ? null : e.target.value)}
        aria-busy={projects.isPending}
      >
        <option value="">All projects</option>
        {unknown && <option value={value}>{projects.isPending ? "Loading..." : "This project"}</option>}
        {list.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
            {p.kind === "team" ? " (team)" : ""}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
