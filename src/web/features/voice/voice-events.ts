// Opening the voice command dialog from the top bar or quick capture without importing it.
import { useEffect, useState } from "react";
import { requestChannel } from "#web/lib/request-channel.ts";

const EVENT = "kairo:voice-command";
const channel = requestChannel(EVENT);

export const openVoiceCommand = () => channel.request();

export const onVoiceCommandRequest = (open: () => void) => channel.listen(open);

/**
 * For the layout: true once the dialog has been asked for, which is when the layout mounts (and so
 * downloads) it, with the grammar and its date parser; the request is acted on when it mounts.
 */
export function useVoiceCommandWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const onOpen = () => setWanted(true);
    window.addEventListener(EVENT, onOpen);
    return () => window.removeEventListener(EVENT, onOpen);
  }, [wanted]);
  return wanted;
}
