// A tooltip whose code (Radix's tooltip and its positioning, tooltip-popup.tsx) downloads when a
// person first points at or focuses one of its triggers, not with the page (issue 12 point 3).
// Until then the trigger is rendered as it is; once the code is there every LazyTooltip renders the
// real one. The trigger that asked for it is handed over as it was being used: still focused (the
// tooltip then shows at once, as Radix's does on keyboard focus) or still pointed at (it then shows
// after the usual delay).
import {
  cloneElement,
  type HTMLAttributes,
  type ReactElement,
  useReducer,
  useRef,
  useSyncExternalStore,
} from "react";
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
  const using = useRef({ pointer: false, pressed: false, focus: false, pressing: false });
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // Swapping in the real tooltip remounts the trigger: never between a press and its click, or the
  // click is lost (a locked navigation item tapped as the code arrived opened nothing).
  if (Real && !using.current.pressing) {
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
      // A press that ends elsewhere never clicks here: nothing is held back any more.
      if (u.pressing) {
        u.pressing = false;
        setTimeout(rerender, 0);
      }
    },
    // As Radix's: a focus that follows a press (a click or a tap) shows no tooltip.
    onPointerDown: (e) => {
      children.props.onPointerDown?.(e);
      u.pressed = true;
      u.pressing = true;
    },
    onClick: (e) => {
      children.props.onClick?.(e);
      if (!u.pressing) return;
      u.pressing = false;
      // After the click has run: the real tooltip, if its code came meanwhile, takes over then.
      setTimeout(rerender, 0);
    },
    onFocus: () => {
      const keyboard = !u.pressed;
      u.focus = keyboard;
      u.pressed = false;
      // Only a keyboard focus asks for the code; a press's focus shows no tooltip anyway.
      if (keyboard) void load();
    },
    onBlur: () => {
      u.focus = false;
    },
  });
}
