// The microphone of the top bar (Pro: voice_commands). A person without the feature sees the lock,
// and the click offers the upgrade instead of listening.
import { Lock, Mic } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { openVoiceCommand } from "../voice-events.ts";

export function VoiceButton({ locked, onUpgrade }: { locked: boolean; onUpgrade: () => void }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={locked ? "Voice commands (Upgrade to Pro to unlock)" : "Voice command"}
      aria-haspopup="dialog"
      onClick={locked ? onUpgrade : openVoiceCommand}
    >
      <Mic aria-hidden="true" />
      {locked && <Lock className="absolute right-1 bottom-1 size-3 text-muted" aria-hidden="true" />}
    </Button>
  );
}
