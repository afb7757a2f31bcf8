// The bell's button, shared by the plain button shown before the popover's code has loaded
// (notification-bell.tsx) and the real popover trigger (notification-bell-popup.tsx).
import { Bell, BellRing } from "lucide-react";
import { Button, type ButtonProps } from "#web/components/ui/button.tsx";

export function bellLabel(unread: number) {
  return unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
}

export function BellButton({ unread, ...props }: ButtonProps & { unread: number }) {
  return (
    <Button variant="ghost" size="icon" aria-label={bellLabel(unread)} className="relative" {...props}>
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
  );
}
