// The projects API (issue 23) for every screen that needs it: the sidebar, the project view, the task
// form's pickers, quick capture and voice. Lives in lib/ because several features read the same list.
// Every change refreshes what it makes stale (the key registry's "project" change).
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type MilestoneCreateBody,
  type MilestoneUpdateBody,
  milestoneDto,
  milestoneListResponse,
  type ProjectCreateBody,
  type ProjectDto,
  type ProjectUpdateBody,
  projectDeleteResponse,
  projectDto,
  projectListResponse,
  projectMembersResponse,
} from "#shared/contracts/projects.ts";
import { apiFetch, apiSend } from "./api-client.ts";
import { invalidate, queryKeys } from "./query-keys.ts";

const at = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

export const projectsQueryOptions = (archived = false) =>
  queryOptions({
    queryKey: queryKeys.projects.list(archived),
    queryFn: ({ signal }) =>
      apiFetch(`/api/projects?archived=${archived}`, { signal, schema: projectListResponse }),
    select: (r) => r.projects,
  });

/** The person's active projects (or the archived ones): Inbox, personal, then their team's. */
export const useProjects = (archived = false) => useQuery(projectsQueryOptions(archived));

export const useProject = (id: string) =>
  useQuery({
    queryKey: queryKeys.projects.detail(id),
    queryFn: ({ signal }) => apiFetch(at(id), { signal, schema: projectDto }),
  });

export const useMilestones = (projectId: string | null) =>
  useQuery({
    queryKey: queryKeys.projects.milestones(projectId ?? ""),
    queryFn: ({ signal }) =>
      apiFetch(`${at(projectId!)}/milestones`, { signal, schema: milestoneListResponse }),
    select: (r) => r.milestones,
    enabled: projectId !== null,
  });

/** Everyone who can see a team project (the assignee picker); empty for a personal one. */
export const useProjectMembers = (project: Pick<ProjectDto, "id" | "kind"> | null | undefined) =>
  useQuery({
    queryKey: queryKeys.projects.members(project?.id ?? ""),
    queryFn: ({ signal }) =>
      apiFetch(`${at(project!.id)}/members`, { signal, schema: projectMembersResponse }),
    enabled: project?.kind === "team",
  });

/** Projects in the order the sidebar lists them: Inbox first, personal, then the team's. */
export function sortProjects(projects: readonly ProjectDto[]): ProjectDto[] {
  const rank = (p: ProjectDto) => (p.isInbox ? 0 : p.kind === "personal" ? 1 : 2);
  return [...projects].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

function useProjectMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidate(qc, "project") });
}

export const useCreateProject = () =>
  useProjectMutation((body: ProjectCreateBody) =>
    apiFetch("/api/projects", { method: "POST", json: body, schema: projectDto }),
  );

export const useUpdateProject = () =>
  useProjectMutation(({ id, body }: { id: string; body: ProjectUpdateBody }) =>
    apiFetch(at(id), { method: "PATCH", json: body, schema: projectDto }),
  );

export const useArchiveProject = () =>
  useProjectMutation((id: string) => apiFetch(`${at(id)}/archive`, { method: "POST", schema: projectDto }));

export const useRestoreProject = () =>
  useProjectMutation((id: string) => apiFetch(`${at(id)}/restore`, { method: "POST", schema: projectDto }));

export const useDeleteProject = () =>
  useProjectMutation((id: string) =>
    apiFetch(`${at(id)}?confirm=true`, { method: "DELETE", schema: projectDeleteResponse }),
  );

export const useCreateMilestone = () =>
  useProjectMutation(({ projectId, body }: { projectId: string; body: MilestoneCreateBody }) =>
    apiFetch(`${at(projectId)}/milestones`, { method: "POST", json: body, schema: milestoneDto }),
  );

export const useUpdateMilestone = () =>
  useProjectMutation(({ id, body }: { id: string; body: MilestoneUpdateBody }) =>
    apiFetch(`/api/milestones/${encodeURIComponent(id)}`, {
      method: "PATCH",
      json: body,
      schema: milestoneDto,
    }),
  );

export const useDeleteMilestone = () =>
  useProjectMutation((id: string) =>
    apiSend(`/api/milestones/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );

export const useAddProjectMember = () =>
  useProjectMutation(({ projectId, userId }: { projectId: string; userId: string }) =>
    apiFetch(`${at(projectId)}/members`, {
      method: "POST",
      json: { userId },
      schema: projectMembersResponse,
    }),
  );

export const useRemoveProjectMember = () =>
  useProjectMutation(({ projectId, userId }: { projectId: string; userId: string }) =>
    apiFetch(`${at(projectId)}/members/${encodeURIComponent(userId)}`, {
      method: "DELETE",
      schema: projectMembersResponse,
    }),
  );
