// The avatar menu of the top bars. Its code (Radix's menu) downloads when it is first opened.
import { lazy } from "react";
import { useSession } from "#web/lib/session.ts";
import { OnFirstUse } from "../ui/on-first-use.tsx";
import { USER_MENU_TRIGGER_CLASS, UserMenuTriggerLabel } from "./user-menu-trigger.tsx";

const loadPopup = () => import("./user-menu-popup.tsx");
const UserMenuPopup = lazy(loadPopup);

export function UserMenu() {
  const user = useSession().user;
  if (!user) return null;
  return (
    <OnFirstUse
      preload={loadPopup}
      trigger={
        <button type="button" aria-haspopup="menu" aria-expanded={false} className={USER_MENU_TRIGGER_CLASS}>
          <UserMenuTriggerLabel user={user} />
        </button>
      }
    >
      <UserMenuPopup defaultOpen />
    </OnFirstUse>
  );
}
