import { useMutation } from "@tanstack/react-query";
import { type AssistantBody, assistantResponse } from "#shared/contracts/tasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";

export type BreakSuggestionInput = {
  breakDuration: number;
  timeOfDay: "morning" | "afternoon";
  previousActivity: string;
};

/** The productivity assistant's idea for the break that has just started (energy level fixed at 7). */
export const suggestBreakActivity = (input: BreakSuggestionInput) =>
  apiFetch("/api/assistant", {
    schema: assistantResponse,
    method: "POST",
    json: {
      action: "suggest-break-activity",
      data: { ...input, energyLevel: 7 },
    } satisfies AssistantBody,
  });

export const useSuggestBreakActivity = () => useMutation({ mutationFn: suggestBreakActivity });
