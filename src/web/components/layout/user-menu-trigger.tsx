// The avatar menu's button, shared by the plain button shown before the menu's code has loaded
// (user-menu.tsx) and the real menu (user-menu-popup.tsx).
import type { SessionUser } from "#web/lib/session.ts";

export const USER_MENU_TRIGGER_CLASS =
  "grid size-9 place-items-center rounded-full bg-accent text-sm font-semibold text-accent-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function initials(nameOrEmail: string): string {
  const parts = nameOrEmail.trim().split(/\s+/).filter(Boolean);
  if (parts.length >= 2) return `${parts[0]![0]}${parts[1]![0]}`.toUpperCase();
  return (parts[0]?.[0] ?? "?").toUpperCase();
}

export function UserMenuTriggerLabel({ user }: { user: Pick<SessionUser, "name" | "email"> }) {
  return (
    <>
      <span aria-hidden="true">{initials(user.name || user.email)}</span>
      <span className="sr-only">Account menu for {user.name || user.email}</span>
    </>
  );
}
