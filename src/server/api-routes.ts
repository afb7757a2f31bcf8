// Every module's API routes, mounted in order on an app whose session middleware has already run.
// Shared by the server's app (app.ts) and the static demo build's in-browser app (src/demo), so both
// answer the same calls through the same use cases (docs/decisions/082-demo-in-the-browser.md).
import type { Hono } from "hono";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppDeps } from "./deps.ts";
import type { AppBindings } from "./http/types.ts";
import { accountRoutes } from "./modules/account/routes.ts";
import { adminRoutes } from "./modules/admin/routes.ts";
import { aiInsightsRoutes } from "./modules/ai-insights/routes.ts";
import { analyticsRoutes } from "./modules/analytics/routes.ts";
import { assistantRoutes } from "./modules/assistant/routes.ts";
import { billingRoutes } from "./modules/billing/billing-routes.ts";
import { demoRoutes, subscriptionRoutes } from "./modules/billing/routes.ts";
import { stripeWebhookRoutes } from "./modules/billing/stripe-webhook.ts";
import { calendarIntegrationRoutes } from "./modules/calendar-integrations/routes.ts";
import { clientErrorRoutes } from "./modules/client-errors/routes.ts";
import { taskCommentRoutes } from "./modules/comments/routes.ts";
import { devRoutes } from "./modules/dev/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { exportRoutes, importRoutes } from "./modules/import/routes.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";
import { plannerRoutes } from "./modules/planner/routes.ts";
import { connectedAppsRoutes, developerRoutes } from "./modules/platform/developer-routes.ts";
import { v1Routes } from "./modules/platform/v1-routes.ts";
import { pomodoroRoutes } from "./modules/pomodoro/routes.ts";
import { preferencesRoutes } from "./modules/preferences/routes.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { milestoneRoutes, projectRoutes } from "./modules/projects/routes.ts";
import { pushRoutes } from "./modules/push/routes.ts";
import { reminderRoutes, taskReminderRoutes } from "./modules/reminders/routes.ts";
import { taskRoutes } from "./modules/tasks/routes.ts";
import { teamRoutes } from "./modules/team/routes.ts";
import { teamActivityRoutes } from "./modules/team-activity/routes.ts";
import { tourRoutes } from "./modules/tour/routes.ts";
import { voiceRoutes } from "./modules/voice/routes.ts";
import { webhookRoutes } from "./modules/webhooks/routes.ts";
import {
  workflowExecutionRoutes,
  workflowRoutes,
  workflowTemplateRoutes,
} from "./modules/workflows/routes.ts";

export function mountApiRoutes(app: Hono<AppBindings>, deps: AppDeps) {
  app.route("/api/health", healthRoutes(deps));
  app.route("/api", profileRoutes(deps));
  app.route("/api/dev", devRoutes(deps));
  app.route("/api/tasks", taskRoutes(deps));
  // A task's comments and history (decision 167), beside the task's own routes.
  app.route("/api/tasks", taskCommentRoutes(deps));
  app.route("/api/tasks", taskReminderRoutes(deps));
  app.route("/api/reminders", reminderRoutes(deps));
  app.route("/api/projects", projectRoutes(deps));
  app.route("/api/milestones", milestoneRoutes(deps));
  app.route("/api/pomodoro-sessions", pomodoroRoutes(deps));
  app.route("/api/assistant", assistantRoutes(deps));
  app.route("/api/voice", voiceRoutes(deps));
  app.route("/api", analyticsRoutes(deps));
  app.route("/api/ai-insights", aiInsightsRoutes(deps));
  app.route("/api/subscription", subscriptionRoutes(deps));
  app.route("/api/demo", demoRoutes(deps));
  // -- billing
  app.route("/api/billing/stripe/webhook", stripeWebhookRoutes(deps));
  app.route("/api/billing", billingRoutes(deps));
  // -- team
  app.route("/api/team/activity", teamActivityRoutes(deps));
  app.route("/api/team", teamRoutes(deps));
  // -- security settings
  // -- your data, preferences, client error reports
  app.route("/api/account", accountRoutes(deps));
  app.route("/api/preferences", preferencesRoutes(deps));
  app.route("/api/planner", plannerRoutes(deps));
  app.route("/api/tour", tourRoutes(deps));
  app.route("/api/client-errors", clientErrorRoutes(deps));
  app.route("/api/calendar-integrations", calendarIntegrationRoutes(deps));
  // -- notifications (the bell) and workflow automation
  app.route("/api/notifications", notificationRoutes(deps));
  app.route("/api/push", pushRoutes(deps));
  app.route("/api/webhooks", webhookRoutes(deps));
  app.route("/api/workflows", workflowRoutes(deps));
  app.route("/api/workflow-templates", workflowTemplateRoutes(deps));
  app.route("/api/workflow-executions", workflowExecutionRoutes(deps));
  // -- admin
  app.route("/api/admin", adminRoutes(deps));
  // -- the platform: the public API, OAuth apps, API keys and Connected apps (issue 26)
  app.route("/api/v1", v1Routes(deps));
  app.route("/api/developer", developerRoutes(deps));
  app.route("/api/connected-apps", connectedAppsRoutes(deps));
  // -- import from Todoist, export as CSV (issue 26 point 6; decisions 275 to 277)
  app.route("/api/import", importRoutes(deps));
  app.route("/api/export", exportRoutes(deps));

  app.all("/api/*", () => {
    throw new AppError("NOT_FOUND", "No such API route.");
  });
}
