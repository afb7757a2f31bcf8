// Opening quick capture from anywhere (a toolbar button, the Help menu, Ctrl+K / Cmd+K) without
// importing the palette itself, which is loaded on demand: a request made while it downloads is
// remembered and acted on when it mounts.
import { useEffect, useState } from "react";
import { requestChannel } from "#web/lib/request-channel.ts";

const EVENT = "kairo:open-quick-capture";
const channel = requestChannel(EVENT);
const toggles = requestChannel("kairo:toggle-quick-capture");

export const openQuickCapture = () => channel.request();

/** For the palette: calls `open` on every request, and once at once if one came before it mounted. */
export const onQuickCaptureRequest = (open: () => void) => channel.listen(open);

/** For the palette: Ctrl+K / Cmd+K opens it, or closes it when open. */
export const onQuickCaptureToggle = (toggle: () => void) => toggles.listen(toggle);

/**
 * For the layout: owns the Ctrl+K / Cmd+K shortcut from the first render, before the palette's code
 * has arrived, so the browser's own shortcut never wins. Returns true once quick capture has been
 * asked for, which is when the layout mounts (and so downloads) the palette.
 */
export function useQuickCaptureShortcut(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== "k" || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      e.preventDefault();
      if (e.repeat) return;
      setWanted(true);
      toggles.request();
    };
    const onOpen = () => setWanted(true);
    window.addEventListener("keydown", onKey);
    window.addEventListener(EVENT, onOpen);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener(EVENT, onOpen);
    };
  }, []);
  return wanted;
}
