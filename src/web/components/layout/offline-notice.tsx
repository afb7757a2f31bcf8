// Says so while the browser has no network (decision 280): the installed app opens offline from the
// service worker's kept shell, and what it shows then cannot be saved or refreshed.
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
  "You are offline. Kairo cannot load or save anything until the connection returns.";

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
