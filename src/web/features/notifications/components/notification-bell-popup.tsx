// The bell's popover: the newest notifications, "Mark all read" and the desktop notice offer. Its code
// (Radix's popover and its positioning) downloads when the bell is first reached for (notification-bell.tsx).
import { useQuery } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { Popover } from "radix-ui";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { NotificationDto } from "#shared/contracts/notifications.ts";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { notificationsQueryOptions, useNotifications } from "../api/get-notifications.ts";
import { useMarkNotificationsRead } from "../api/mark-notifications-read.ts";
import { BellButton } from "./bell-button.tsx";
import { ReminderActions } from "./reminder-actions.tsx";

export default function NotificationBellPopup({ defaultOpen }: { defaultOpen?: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(defaultOpen ?? false);
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const [askDesktop, setAskDesktop] = useState(
    () => typeof Notification !== "undefined" && Notification.permission === "default",
  );

  const unread = list.data?.unread ?? 0;

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
        <BellButton unread={unread} />
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
            <SectionBoundary what="Notifications" className="m-3">
              <NotificationList onPick={pick} />
            </SectionBoundary>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The list itself: its first load's failure goes to the boundary around it (throwWhenEmpty). */
function NotificationList({ onPick }: { onPick: (n: NotificationDto) => void }) {
  const list = useQuery({ ...notificationsQueryOptions(), throwOnError: throwWhenEmpty });
  const items = list.data?.notifications ?? [];
  return !list.data ? (
    <div className="flex justify-center p-6">
      <Spinner label="Loading notifications" />
    </div>
  ) : items.length === 0 ? (
    <p className="p-6 text-center text-sm text-muted">
      You're all caught up. Workflow notices and reports will show up here.
    </p>
  ) : (
    <ul aria-label="Notifications">
      {items.map((n) => (
        <li key={n.id} className="border-b border-border last:border-b-0">
          {n.kind === "reminder" || n.kind === "reminder-missed" ? (
            <ReminderEntry n={n} onOpen={() => onPick(n)} />
          ) : (
            <button
              type="button"
              onClick={() => onPick(n)}
              className={cn(
                "flex w-full gap-3 px-4 py-3 text-left text-sm hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none",
              )}
            >
              <UnreadDot read={n.read} />
              <span className="min-w-0 flex-1">
                <EntryText n={n} />
              </span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A reminder's entry: its text, and Open and Snooze as buttons of their own (decision 248). */
function ReminderEntry({ n, onOpen }: { n: NotificationDto; onOpen: () => void }) {
  return (
    <div className="flex gap-3 px-4 py-3 text-sm">
      <UnreadDot read={n.read} />
      <div className="min-w-0 flex-1">
        <EntryText n={n} />
        <ReminderActions notification={n} onOpen={onOpen} />
      </div>
    </div>
  );
}

function UnreadDot({ read }: { read: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn("mt-1.5 size-2 shrink-0 rounded-full", read ? "bg-transparent" : "bg-accent")}
    />
  );
}

/** An entry's title (bold while unread), its body and how long ago it came. */
function EntryText({ n }: { n: NotificationDto }) {
  return (
    <>
      <span className={cn("block", !n.read && "font-semibold")}>
        {n.title}
        {!n.read && <span className="sr-only"> (unread)</span>}
      </span>
      {n.body && <span className="mt-0.5 block text-muted">{n.body}</span>}
      <time dateTime={n.createdAt} className="mt-1 block text-xs text-muted">
        {formatDistanceToNow(new Date(n.createdAt), { addSuffix: true })}
      </time>
    </>
  );
}
