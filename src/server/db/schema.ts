// The whole schema, for drizzle's relational queries and drizzle-kit. Tables live in schema/<area>.ts.

export * from "./schema/admin.ts";
export * from "./schema/analytics.ts";
export * from "./schema/auth.ts";
export * from "./schema/background.ts";
export * from "./schema/billing.ts";
export * from "./schema/calendar.ts";
export * from "./schema/comments.ts";
export * from "./schema/imports.ts";
export * from "./schema/insights.ts";
export * from "./schema/notifications.ts";
export * from "./schema/planner.ts";
export * from "./schema/platform.ts";
export * from "./schema/projects.ts";
export * from "./schema/push.ts";
export * from "./schema/tasks.ts";
export * from "./schema/team.ts";
export * from "./schema/webhooks.ts";
export * from "./schema/workflows.ts";
