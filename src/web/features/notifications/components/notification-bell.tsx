// The bell in the top bar: the unread count on the button, the newest notifications in a popover,
// new ones arriving live over the socket (and as a desktop notice when the person allows it).
import { useQueryClient } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { Bell, BellRing } from "lucide-react";
import { Popover } from "radix-ui";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { NotificationDto } from "#shared/contracts/notifications.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cn } from "../../../lib/cn.ts";
import { currentPreferences } from "../../../lib/preferences.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { onRealtime } from "../../../lib/realtime.ts";
import { useNotifications } from "../api/get-notifications.ts";
import { useMarkNotificationsRead } from "../api/mark-notifications-read.ts";

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
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const [askDesktop, setAskDesktop] = useState(
    () => typeof Notification !== "undefined" && Notification.permission === "default",
  );

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

  const unread = list.data?.unread ?? 0;
  const items = list.data?.notifications ?? [];
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";

  const pick = (n: NotificationDto) => {
    if (!n.read) markRead.mutate({ ids: [n.id] });
    if (n.link) {
      setOpen(false);
      navigate(n.link);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative">
          {unread > 0 ? <BellRing aria-hidden="true" /> : <Bell aria-hidden="true" />}
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-danger px-1 text-center text-[11px] font-semibold leading-5 text-white tabular-nums"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label="Notifications"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-lg border border-border bg-background shadow-lg"
        >
          <div className="flex items-center justify-between border-b border-border px-4 py-3">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              Mark all read
            </Button>
          </div>
          {askDesktop && (
            <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2 text-xs text-muted">
              <span>Get desktop notices while Kairo is in the background.</span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void Notification.requestPermission().finally(() => setAskDesktop(false))}
              >
                Allow
              </Button>
            </div>
          )}
          <div className="max-h-96 overflow-y-auto">
            {list.isPending ? (
              <div className="flex justify-center p-6">
                <Spinner label="Loading notifications" />
              </div>
            ) : list.isError ? (
              <p role="alert" className="p-4 text-sm text-danger">
                Notifications could not be loaded.{" "}
                <button type="button" className="underline" onClick={() => void list.refetch()}>
                  Try again
                </button>
              </p>
            ) : items.length === 0 ? (
              <p className="p-6 text-center text-sm text-muted">
                You're all caught up. Workflow notices and reports will show up here.
              </p>
            ) : (
              <ul aria-label="Notifications">
                {items.map((n) => (
                  <li key={n.id} className="border-b border-border last:border-b-0">
                    <button
                      type="button"
                      onClick={() => pick(n)}
                      className={cn(
                        "flex w-full gap-3 px-4 py-3 text-left text-sm hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none",
                      )}
                    >
                      <span
                        aria-hidden="true"
                        className={cn(
                          "mt-1.5 size-2 shrink-0 rounded-full",
                          n.read ? "bg-transparent" : "bg-accent",
                        )}
                      />
                      <span className="min-w-0 flex-1">
                        <span className={cn("block", !n.read && "font-semibold")}>
                          {n.title}
                          {!n.read && <span className="sr-only"> (unread)</span>}
                        </span>
                        {n.body && <span className="mt-0.5 block text-muted">{n.body}</span>}
                        <time dateTime={n.createdAt} className="mt-1 block text-xs text-muted">
                          {formatDistanceToNow(new Date(n.createdAt), { addSuffix: true })}
                        </time>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
