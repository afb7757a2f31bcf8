// The JSON body of every route that reads one, as the very shared schema object its handler validates
// with: our own routes (readJson in src/server/modules) and the Better Auth calls validated first in
// src/server/auth/routes.ts. bad-input-property.test.ts proves this map complete and sends malformed
// bodies to each; isolation.test.ts finds the ids carried in bodies here.
import type { z } from "zod";
import { VALIDATED } from "#server/auth/routes.ts";
import * as accountContracts from "#shared/contracts/account.ts";
import * as adminContracts from "#shared/contracts/admin.ts";
import * as aiInsightsContracts from "#shared/contracts/ai-insights.ts";
import * as authContracts from "#shared/contracts/auth.ts";
import * as billingContracts from "#shared/contracts/billing.ts";
import * as calendarContracts from "#shared/contracts/calendar-integrations.ts";
import * as commentContracts from "#shared/contracts/comments.ts";
import * as importContracts from "#shared/contracts/import.ts";
import * as notificationsContracts from "#shared/contracts/notifications.ts";
import * as plannerContracts from "#shared/contracts/planner.ts";
import * as platformContracts from "#shared/contracts/platform.ts";
import * as preferencesContracts from "#shared/contracts/preferences.ts";
import * as projectContracts from "#shared/contracts/projects.ts";
import * as pushContracts from "#shared/contracts/push.ts";
import * as reminderContracts from "#shared/contracts/reminders.ts";
import * as securityContracts from "#shared/contracts/security.ts";
import * as subtaskContracts from "#shared/contracts/subtasks.ts";
import * as tasksContracts from "#shared/contracts/tasks.ts";
import * as teamContracts from "#shared/contracts/team.ts";
import * as tourContracts from "#shared/contracts/tour.ts";
import * as voiceContracts from "#shared/contracts/voice.ts";
import * as webhookContracts from "#shared/contracts/webhooks.ts";
import * as workflowContracts from "#shared/contracts/workflows.ts";

/** Every contract module a handler takes a body schema from. */
export const CONTRACTS: Record<string, unknown> = {
  ...accountContracts,
  ...adminContracts,
  ...aiInsightsContracts,
  ...authContracts,
  ...billingContracts,
  ...notificationsContracts,
  ...plannerContracts,
  ...calendarContracts,
  ...platformContracts,
  ...commentContracts,
  ...importContracts,
  ...preferencesContracts,
  ...projectContracts,
  ...pushContracts,
  ...securityContracts,
  ...subtaskContracts,
  ...reminderContracts,
  ...tasksContracts,
  ...teamContracts,
  ...tourContracts,
  ...voiceContracts,
  ...webhookContracts,
  ...workflowContracts,
};

/** Our own JSON routes (as RULES names them) → the schema their handler passes to readJson. */
export const OWN_BODY_SCHEMAS: Record<string, z.ZodType> = {
  "PATCH /api/profile": authContracts.profileUpdateBody,
  "POST /api/tasks": tasksContracts.taskCreateBody,
  "PATCH /api/tasks/:id": tasksContracts.taskUpdateBody,
  "POST /api/tasks/:id/occurrences/complete": tasksContracts.occurrenceActionBody,
  "POST /api/tasks/:id/occurrences/skip": tasksContracts.occurrenceActionBody,
  "POST /api/tasks/:id/subtasks": subtaskContracts.subtaskCreateBody,
  "PATCH /api/tasks/:id/subtasks/:subId": subtaskContracts.subtaskUpdateBody,
  "PUT /api/tasks/:id/subtasks/order": subtaskContracts.subtaskOrderBody,
  "POST /api/tasks/:id/reminders": reminderContracts.reminderCreateBody,
  "POST /api/reminders/:id/snooze": reminderContracts.reminderSnoozeBody,
  "POST /api/tasks/:id/comments": commentContracts.commentBody,
  "PATCH /api/tasks/:id/comments/:commentId": commentContracts.commentBody,
  "POST /api/pomodoro-sessions": tasksContracts.pomodoroStartBody,
  "POST /api/pomodoro-sessions/:id/complete": tasksContracts.pomodoroCompleteBody,
  "POST /api/assistant": tasksContracts.assistantBody,
  "POST /api/billing/checkout": billingContracts.checkoutRequestSchema,
  "POST /api/billing/portal": billingContracts.portalRequestSchema,
  "POST /api/billing/local/subscription": billingContracts.localPortalActionSchema,
  "POST /api/team/invitations": teamContracts.inviteMemberBody,
  "PATCH /api/team/members/:memberId": projectContracts.teamRoleBody,
  "POST /api/projects": projectContracts.projectCreateBody,
  "PATCH /api/projects/:id": projectContracts.projectUpdateBody,
  "POST /api/projects/:id/milestones": projectContracts.milestoneCreateBody,
  "POST /api/projects/:id/members": projectContracts.projectMemberBody,
  "PATCH /api/milestones/:id": projectContracts.milestoneUpdateBody,
  "POST /api/account/delete": securityContracts.passwordConfirmBody,
  "POST /api/notifications/read": notificationsContracts.notificationReadBody,
  "POST /api/push/subscriptions": pushContracts.pushSubscribeBody,
  "POST /api/webhooks": webhookContracts.webhookCreateBody,
  "PATCH /api/webhooks/:id": webhookContracts.webhookUpdateBody,
  "POST /api/workflows": workflowContracts.workflowCreateBody,
  "PATCH /api/workflows/:id": workflowContracts.workflowUpdateBody,
  "PATCH /api/preferences": preferencesContracts.preferencesPatchBody,
  "PUT /api/tour": tourContracts.tourOutcomeBody,
  "PUT /api/planner/preferences": plannerContracts.planningPreferences,
  "POST /api/planner/plan": plannerContracts.planRequest,
  "PATCH /api/planner/blocks/:id": plannerContracts.dragBlockBody,
  "POST /api/voice/commands": voiceContracts.voiceCommandBody,
  "POST /api/client-errors": accountContracts.clientErrorBody,
  "POST /api/calendar-integrations/connect": calendarContracts.calendarConnectBody,
  "POST /api/calendar-integrations/callback": calendarContracts.calendarCallbackBody,
  "PUT /api/calendar-integrations/write-back": calendarContracts.planWriteBackBody,
  "POST /api/ai-insights/refresh": aiInsightsContracts.refreshBody,
  "POST /api/ai-insights/recommendations/:id/apply": aiInsightsContracts.applyBody,
  "POST /api/ai-insights/burnout/acknowledge": aiInsightsContracts.acknowledgeBody,
  "POST /api/ai-insights/schedule/:id/postpone": aiInsightsContracts.postponeBody,
  "PUT /api/admin/users/:id/role": adminContracts.setRoleBody,
  "POST /api/admin/users/:id/ban": adminContracts.banBody,
  "POST /api/admin/users/:id/unban": adminContracts.unbanBody,
  "PUT /api/admin/users/:id/plan": adminContracts.planOverrideBody,
  "POST /api/v1/tasks": tasksContracts.taskCreateBody,
  "PATCH /api/v1/tasks/:id": tasksContracts.taskUpdateBody,
  "POST /api/v1/tasks/:id/comments": commentContracts.commentBody,
  "POST /api/v1/tasks/:id/occurrences/complete": tasksContracts.occurrenceActionBody,
  "POST /api/v1/tasks/:id/occurrences/skip": tasksContracts.occurrenceActionBody,
  "POST /api/v1/tasks/:id/subtasks": subtaskContracts.subtaskCreateBody,
  "PATCH /api/v1/tasks/:id/subtasks/:subtaskId": subtaskContracts.subtaskUpdateBody,
  "POST /api/v1/tasks/:id/reminders": reminderContracts.reminderCreateBody,
  "PUT /api/v1/tasks/:id/subtasks/order": subtaskContracts.subtaskOrderBody,
  "POST /api/v1/projects/:id/milestones": projectContracts.milestoneCreateBody,
  "PATCH /api/v1/milestones/:id": projectContracts.milestoneUpdateBody,
  "POST /api/v1/projects": projectContracts.projectCreateBody,
  "PATCH /api/v1/projects/:id": projectContracts.projectUpdateBody,
  "POST /api/v1/plan/proposal": plannerContracts.planRequest,
  "POST /api/v1/insights/refresh": aiInsightsContracts.refreshBody,
  "POST /api/developer/apps": platformContracts.createAppBody,
  "POST /api/developer/keys": platformContracts.createApiKeyBody,
  "POST /api/import/preview": importContracts.importBody,
  "POST /api/import/commit": importContracts.importBody,
};

/** Better Auth's calls we validate before it sees them: "POST /api/auth/sign-in/email" → schema. */
export const AUTH_BODY_SCHEMAS: Record<string, z.ZodType> = Object.fromEntries(
  Object.entries(VALIDATED).map(([path, rule]) => [`POST /api/auth${path}`, rule.schema]),
);

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
};
export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every key an object accepted by `schema` may have (through optional, pipe, union...). */
export function bodyKeys(schema: z.ZodType): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case "object":
      return Object.keys(def.shape ?? {});
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return bodyKeys(def.innerType!);
    case "pipe":
      return bodyKeys(def.in!);
    case "union":
      return [...new Set(def.options!.flatMap(bodyKeys))];
    case "intersection":
      return [...new Set([...bodyKeys(def.left!), ...bodyKeys(def.right!)])];
    default:
      return [];
  }
}
