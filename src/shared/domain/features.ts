// The feature catalogue (spec section 6) and which route needs which feature. The access rules that
// decide from plan, trial and demo grant live beside it (plans issue).
export const FEATURE_IDS = [
  "dashboard",
  "tasks",
  "calendar",
  "analytics",
  "settings",
  "ai_insights",
  "workflow_automation",
  "voice_commands",
  "advanced_analytics",
  "team_collaboration",
  "api_access",
  "ai_assistants",
] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

export type Tier = "trial" | "pro" | "team" | "elite";

export type FeatureEntry = { name: string; description: string; tiers: readonly Tier[]; everyone: boolean };

const PAID: readonly Tier[] = ["pro", "team", "elite"];

export const FEATURES: Record<FeatureId, FeatureEntry> = {
  dashboard: {
    name: "Dashboard",
    description: "Your overview of tasks and time",
    tiers: PAID,
    everyone: true,
  },
  tasks: { name: "Tasks", description: "Plan and track tasks", tiers: PAID, everyone: true },
  calendar: {
    name: "Calendar",
    description: "Tasks and events by day and week",
    tiers: PAID,
    everyone: true,
  },
  analytics: { name: "Analytics", description: "Where your time goes", tiers: PAID, everyone: true },
  settings: { name: "Settings", description: "Your account and preferences", tiers: PAID, everyone: true },
  ai_insights: {
    name: "AI Insights",
    description: "Predictions, burnout risk and recommendations",
    tiers: PAID,
    everyone: false,
  },
  workflow_automation: {
    name: "Workflow Automation",
    description: "Let Kairo do the routine steps",
    tiers: PAID,
    everyone: false,
  },
  voice_commands: {
    name: "Voice Commands",
    description: "Add and find tasks by voice",
    tiers: PAID,
    everyone: false,
  },
  advanced_analytics: {
    name: "Advanced Analytics",
    description: "Trends and patterns over months",
    tiers: PAID,
    everyone: false,
  },
  team_collaboration: {
    name: "Team Collaboration",
    description: "A shared, live workspace for your team",
    tiers: ["team", "elite"],
    everyone: false,
  },
  // Spec section 6: Team's "limited API, API access" (webhooks; API keys and apps in issue 26).
  api_access: {
    name: "API access",
    description: "Webhooks and programmatic access to your data",
    tiers: ["team", "elite"],
    everyone: false,
  },
  // Issue 26: connecting an AI assistant over MCP is Pro and Team (decision 293).
  ai_assistants: {
    name: "AI assistant connections",
    description: "Let Claude or another MCP client read and change your tasks, with your consent",
    tiers: PAID,
    everyone: false,
  },
};

/**
 * The routes behind the access gate: a feature (and the plan to offer when it is locked), or the
 * admin role. The web's one AccessGate reads this; the server checks the same rules on its calls.
 */
export const ROUTE_ACCESS = {
  "/ai-insights": { feature: "ai_insights", plan: "pro" },
  "/workflow-automation": { feature: "workflow_automation", plan: "pro" },
  "/team-workspace": { feature: "team_collaboration", plan: "team" },
  "/admin": { role: "admin" },
} as const satisfies Record<string, { feature: FeatureId; plan: "pro" | "team" } | { role: "admin" }>;

export type GatedRoute = keyof typeof ROUTE_ACCESS;

export function isFeatureId(value: string): value is FeatureId {
  return (FEATURE_IDS as readonly string[]).includes(value);
}
