// POST /api/voice/commands: a confirmed voice command that changes data (add a task, start or stop a
// timer). Every screen that shows tasks refetches afterwards.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type VoiceCommandBody, voiceCommandResponse } from "#shared/contracts/voice.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { invalidate } from "#web/lib/query-keys.ts";

export const runVoiceCommand = (body: VoiceCommandBody) =>
  apiFetch("/api/voice/commands", { method: "POST", json: body, schema: voiceCommandResponse });

export function useRunVoiceCommand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runVoiceCommand,
    onSuccess: () => invalidate(qc, "task"),
  });
}
