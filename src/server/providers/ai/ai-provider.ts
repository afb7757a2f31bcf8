// Kairo's AI sits behind one interface: the built-in provider (rules and statistics, no network,
// the default) or an OpenAI-compatible model when AI_BASE_URL is configured.
export type BreakSuggestionInput = {
  breakDuration: number;
  energyLevel: number;
  timeOfDay: "morning" | "afternoon" | "evening";
  previousActivity?: string;
};

export interface AiProvider {
  readonly kind: "builtin" | "openai";
  suggestBreakActivity(input: BreakSuggestionInput): Promise<string>;
}
