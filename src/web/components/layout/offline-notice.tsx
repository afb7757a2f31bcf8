// Says so while the browser has no network (decision 280): the installed app opens offline from the
// service worker's kept shell with the answers last loaded (decision 281), which cannot be refreshed;
// a new task waits in this browser until the connection returns (decision 282).
import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

export const OFFLINE_TEXT =
  "You are offline. Kairo shows what it last loaded and keeps new tasks until the connection returns.";

export function OfflineNotice() {
  const isOffline = useSyncExternalStore(subscribe, offline, () => false);
  return (
    <div role="status" aria-live="polite">
      {isOffline && (
        <p className="fixed inset-x-0 bottom-0 z-50 border-t-2 border-warning bg-background px-4 py-2 text-center text-sm font-medium text-foreground">
          {OFFLINE_TEXT}
        </p>
      )}
    </div>
  );
}
