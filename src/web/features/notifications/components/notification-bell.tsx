// The bell in the top bar: the unread count on the button, the newest notifications in a popover,
// new ones arriving live over the socket (and as a desktop notice when the person allows it). The
// popover's code (notification-bell-popup.tsx) downloads when the bell is first reached for.
import { useQueryClient } from "@tanstack/react-query";
import { lazy, useEffect } from "react";
import type { NotificationDto } from "#shared/contracts/notifications.ts";
import { OnFirstUse } from "#web/components/ui/on-first-use.tsx";
import { currentPreferences } from "#web/lib/preferences.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { onRealtime } from "#web/lib/realtime.ts";
import { useNotifications } from "../api/get-notifications.ts";
import { BellButton } from "./bell-button.tsx";

const loadPopup = () => import("./notification-bell-popup.tsx");
const NotificationBellPopup = lazy(loadPopup);

const canNotifyDesktop = () => typeof Notification !== "undefined" && Notification.permission === "granted";

async function desktopNotice(n: NotificationDto) {
  // Only when the tab is not in view: the bell already shows it otherwise.
  if (!canNotifyDesktop() || document.visibilityState === "visible") return;
  const prefs = await currentPreferences();
  if (!prefs?.notifications.desktop) return;
  new Notification(n.title, { body: n.body, tag: n.id });
}

export function NotificationBell() {
  const qc = useQueryClient();
  const list = useNotifications();

  useEffect(() => {
    const offNew = onRealtime("notifications:new", (n) => {
      void qc.invalidateQueries({ queryKey: queryKeys.notifications });
      void desktopNotice(n);
    });
    const offRead = onRealtime("notifications:read", () => {
      void qc.invalidateQueries({ queryKey: queryKeys.notifications });
    });
    return () => {
      offNew();
      offRead();
    };
  }, [qc]);

  return (
    <OnFirstUse
      preload={loadPopup}
      arrowKeys={false}
      trigger={<BellButton unread={list.data?.unread ?? 0} aria-haspopup="dialog" aria-expanded={false} />}
    >
      <NotificationBellPopup defaultOpen />
    </OnFirstUse>
  );
}
