// A tooltip whose code (Radix's tooltip and its positioning, tooltip-popup.tsx) downloads when a
// person first points at or focuses one of its triggers, not with the page (issue 12 point 3).
// Until then the trigger is rendered as it is; once the code is there every LazyTooltip renders the
// real one. The trigger that asked for it is handed over as it was being used: still focused (the
// tooltip then shows at once, as Radix's does on keyboard focus) or still pointed at (it then shows
// after the usual delay).
import { cloneElement, type HTMLAttributes, type ReactElement, useRef, useSyncExternalStore } from "react";
import type { TooltipPopupProps } from "./tooltip-popup.tsx";

type Popup = (props: TooltipPopupProps) => ReactElement;

let popup: Popup | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load() {
  loading ??= import("./tooltip-popup.tsx").then((m) => {
    popup = m.TooltipPopup;
    for (const l of listeners) l();
  });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function LazyTooltip({
  content,
  children,
}: {
  content: TooltipPopupProps["content"];
  children: ReactElement<HTMLAttributes<HTMLElement>>;
}) {
  const Real = useSyncExternalStore(subscribe, () => popup);
  // What the person was doing with the trigger when the code arrived.
  const using = useRef({ pointer: false, pressed: false, focus: false });
  if (Real) {
    const { pointer, focus } = using.current;
    return (
      <Real content={content} trigger={children} handOver={focus ? "focus" : pointer ? "pointer" : null} />
    );
  }
  const u = using.current;
  return cloneElement(children, {
    onPointerEnter: (e) => {
      if (e.pointerType === "touch") return;
      u.pointer = true;
      void load();
    },
    onPointerLeave: () => {
      u.pointer = false;
    },
    // As Radix's: a focus that follows a press (a click or a tap) shows no tooltip.
    onPointerDown: () => {
      u.pressed = true;
    },
    onFocus: () => {
      u.focus = !u.pressed;
      u.pressed = false;
      void load();
    },
    onBlur: () => {
      u.focus = false;
    },
  });
}
