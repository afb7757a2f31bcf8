// A menu or popover whose code downloads when the person first reaches for it, not with the page
// (issue 12 point 3: Radix's menus, popovers and dialogs stay out of the dashboard's first load).
// Until then the trigger is a plain button; hovering or focusing it starts the download, and pressing
// it (click, Enter, Space, or an arrow key where a menu button allows it) renders the real control, opened.
import {
  cloneElement,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from "react";

export function OnFirstUse({
  preload,
  trigger,
  children,
  arrowKeys = true,
}: {
  /** The dynamic import of the real control (the same one its `lazy` uses). */
  preload: () => Promise<unknown>;
  /** The trigger as a plain button, looking and named as the real one. */
  trigger: ReactElement<HTMLAttributes<HTMLElement>>;
  /** The real control, lazy, opened on mount (`defaultOpen`). */
  children: ReactNode;
  /** A menu button opens on ArrowDown/ArrowUp too; a popover's trigger (false) does not. */
  arrowKeys?: boolean;
}) {
  const [used, setUsed] = useState(false);
  if (used) return <Suspense fallback={trigger}>{children}</Suspense>;
  return cloneElement(trigger, {
    onPointerEnter: () => void preload(),
    onFocus: () => void preload(),
    onClick: () => setUsed(true),
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (!arrowKeys || (e.key !== "ArrowDown" && e.key !== "ArrowUp")) return;
      e.preventDefault();
      setUsed(true);
    },
  });
}
