// Kairo's AI sits behind one interface: the built-in provider (rules and statistics, no network,
// the default) or an OpenAI-compatible model when AI_MODEL is configured. Only aggregates are passed
// in; task titles only when the person allowed it (Privacy, "Share task titles with the AI model").
export type BreakSuggestionInput = {
  breakDuration: number;
  energyLevel: number;
  timeOfDay: "morning" | "afternoon" | "evening";
  previousActivity?: string;
};

/** What the Productivity Analysis is written from: figures the server computed, nothing raw. */
export type InsightsInput = {
  rangeDays: number;
  metrics: {
    completionRate: number;
    totalTasks: number;
    completedTasks: number;
    totalHours: number;
    focusSessions: number;
    productivityScore: number;
    workHoursPerDay: number;
    weekendWork: number;
    overtimeDays: number;
    breakFrequency: number;
    afterHoursWork: number;
  };
  predictions: {
    source: "forecast" | "defaults";
    trend: string;
    nextMonthCompletionRate: number;
    confidence: number;
  };
  patterns: {
    peakHours: string | null;
    bestDays: string[];
    averageTaskDuration: number;
    focusBlocksPerDay: number;
  };
  burnout: { score: number; level: string; factors: string[] };
  /** Present only when the person turned on sharing task titles. */
  recentTaskTitles?: string[];
};

export type InsightsText = { text: string; source: "builtin" | "model" };

export interface AiProvider {
  readonly kind: "builtin" | "openai";
  suggestBreakActivity(input: BreakSuggestionInput): Promise<string>;
  /** The Productivity Analysis text, a few plain sentences, and who wrote it. */
  writeInsights(input: InsightsInput): Promise<InsightsText>;
}
