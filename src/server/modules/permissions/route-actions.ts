// Every team, project, milestone and task route, and the action of the permission table it asks
// (through the use cases). The route-permission test reads the app's route list: a route under these
// prefixes missing here fails it, and each listed route is called as every role and checked against
// the table. "invitee": the invited person's own routes (sign-in is enough, the invitation is theirs);
// "own": a person's own tasks outside any team (their Inbox and personal projects), decided as the
// project's owner.
import type { Action } from "#shared/domain/permissions.ts";

export const GUARDED_PREFIXES = [
  "/api/team",
  "/api/projects",
  "/api/milestones",
  "/api/tasks",
  // The public API's project calls (decision 311) reach the same use cases, so the same table.
  "/api/v1/projects",
  "/api/v1/milestones",
] as const;

export type RouteGuard = Action | "invitee";

export const ROUTE_ACTIONS: Readonly<Record<string, RouteGuard>> = {
  "GET /api/team": "team.read",
  "POST /api/team/invitations": "team.members.manage",
  "GET /api/team/invitations/:id": "invitee",
  "POST /api/team/invitations/:id/accept": "invitee",
  "DELETE /api/team/invitations/:id": "team.members.manage",
  "GET /api/team/role-changes": "team.roles.audit",
  "PATCH /api/team/members/:memberId": "team.roles.change",
  "DELETE /api/team/members/:memberId": "team.members.manage",
  "GET /api/team/activity": "team.read",
  // The team's totals and one's own figures; the per-member breakdown asks "team.analytics.members".
  "GET /api/team/analytics": "team.read",
  "GET /api/projects": "project.read",
  "POST /api/projects": "project.create",
  "GET /api/projects/:id": "project.read",
  "PATCH /api/projects/:id": "project.manage",
  "POST /api/projects/:id/archive": "project.manage",
  "POST /api/projects/:id/restore": "project.manage",
  "DELETE /api/projects/:id": "project.manage",
  "GET /api/projects/:id/milestones": "project.read",
  "POST /api/projects/:id/milestones": "project.manage",
  "GET /api/projects/:id/members": "project.read",
  "POST /api/projects/:id/members": "project.manage",
  "DELETE /api/projects/:id/members/:userId": "project.manage",
  "PATCH /api/milestones/:id": "project.manage",
  "DELETE /api/milestones/:id": "project.manage",
  "GET /api/tasks": "task.read",
  "POST /api/tasks": "task.write",
  "GET /api/tasks/:id": "task.read",
  "PATCH /api/tasks/:id": "task.write",
  "DELETE /api/tasks/:id": "task.write",
  "POST /api/tasks/:id/timer/start": "task.write",
  "POST /api/tasks/:id/timer/stop": "task.write",
  "GET /api/tasks/:id/time-logs": "task.read",
  // Subtasks (decisions 230 to 233): a change of the task's, so "task.write" (a viewer reads only).
  "POST /api/tasks/:id/occurrences/complete": "task.write",
  "POST /api/tasks/:id/occurrences/skip": "task.write",
  "POST /api/tasks/:id/subtasks": "task.write",
  "PATCH /api/tasks/:id/subtasks/:subId": "task.write",
  "DELETE /api/tasks/:id/subtasks/:subId": "task.write",
  "PUT /api/tasks/:id/subtasks/order": "task.write",
  // Comments and history (decisions 167 and 169): the comments module's own access function.
  "GET /api/tasks/:id/comments": "task.read",
  "POST /api/tasks/:id/comments": "task.comment",
  "PATCH /api/tasks/:id/comments/:commentId": "task.comment",
  "DELETE /api/tasks/:id/comments/:commentId": "task.comment",
  "GET /api/tasks/:id/history": "task.read",
  // Reminders are personal (decision 245): anyone who may see the task sets their own.
  "GET /api/tasks/:id/reminders": "task.read",
  "POST /api/tasks/:id/reminders": "task.read",
  "DELETE /api/tasks/:id/reminders/:reminderId": "task.read",
  "GET /api/v1/projects": "project.read",
  "POST /api/v1/projects": "project.create",
  "GET /api/v1/projects/:id": "project.read",
  "PATCH /api/v1/projects/:id": "project.manage",
  "POST /api/v1/projects/:id/archive": "project.manage",
  "POST /api/v1/projects/:id/restore": "project.manage",
  "DELETE /api/v1/projects/:id": "project.manage",
  "GET /api/v1/projects/:id/milestones": "project.read",
  "POST /api/v1/projects/:id/milestones": "project.manage",
  "PATCH /api/v1/milestones/:id": "project.manage",
  "DELETE /api/v1/milestones/:id": "project.manage",
};
