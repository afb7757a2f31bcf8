// The avatar menu of the top bars: Dashboard, Settings, Sign out (which returns to /). Loaded when
// first opened (user-menu.tsx).
import { LayoutDashboard, LogOut, Settings } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useNavigate } from "react-router";
import { AUTH_MESSAGES } from "#shared/errors/auth-messages.ts";
import { paths } from "#web/config/paths.ts";
import { authApi } from "#web/lib/auth-api.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useSession } from "#web/lib/session.ts";
import { USER_MENU_TRIGGER_CLASS, UserMenuTriggerLabel } from "./user-menu-trigger.tsx";

const itemClass =
  "flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-surface-2";

export default function UserMenuPopup({ defaultOpen }: { defaultOpen?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const user = session.user;
  if (!user) return null;

  const signOut = async () => {
    try {
      await authApi.signOut(paths.home);
      notifySuccess("Signed out", "See you soon.");
      navigate(paths.home, { replace: true });
    } catch (err) {
      // A lost connection is told as such; anything else as the spec's sign-out failure.
      notifyError(err, { fallback: AUTH_MESSAGES.signOutFailed, retry: () => void signOut() });
    }
  };

  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={USER_MENU_TRIGGER_CLASS}>
        <UserMenuTriggerLabel user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-lg border border-border bg-background p-1 shadow-lg"
        >
          <div className="px-2 py-2">
            <p className="truncate text-sm font-medium">{user.name}</p>
            <p className="truncate text-xs text-muted">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate(paths.dashboard)}>
            <LayoutDashboard aria-hidden="true" className="size-4" /> Dashboard
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate(paths.settings)}>
            <Settings aria-hidden="true" className="size-4" /> Settings
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
            <LogOut aria-hidden="true" className="size-4" /> Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
