// The Help menu of the dashboard's top bar (help-menu-popup.tsx). Its code (Radix's menu and dialog)
// downloads when it is first opened.
import { CircleHelp } from "lucide-react";
import { lazy } from "react";
import { OnFirstUse } from "#web/components/ui/on-first-use.tsx";
import { HELP_TRIGGER_CLASS } from "./help-menu-trigger.ts";

const loadPopup = () => import("./help-menu-popup.tsx");
const HelpMenuPopup = lazy(loadPopup);

export function HelpMenu({ onRestartTour }: { onRestartTour: () => void }) {
  return (
    <OnFirstUse
      preload={loadPopup}
      trigger={
        <button
          type="button"
          aria-label="Help"
          aria-haspopup="menu"
          aria-expanded={false}
          className={HELP_TRIGGER_CLASS}
        >
          <CircleHelp className="size-5" aria-hidden="true" />
        </button>
      }
    >
      <HelpMenuPopup onRestartTour={onRestartTour} defaultOpen />
    </OnFirstUse>
  );
}
