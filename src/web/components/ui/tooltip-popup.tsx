// The real tooltip behind LazyTooltip (lazy-tooltip.tsx): Radix's, one provider per tooltip, with the
// provider's "skip the delay right after another tooltip" shared between them here.
import { Tooltip } from "radix-ui";
import { type ReactElement, type ReactNode, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "#shared/domain/limits.ts";

export type TooltipPopupProps = {
  content: ReactNode;
  trigger: ReactElement;
  /** The trigger was focused or pointed at while this code downloaded: carry on from there. */
  handOver: "focus" | "pointer" | null;
};

// While a tooltip is open, and for a moment after it closes, the next one opens without the delay.
let instant = false;
let skipTimer = 0;
const listeners = new Set<() => void>();
function setInstant(value: boolean) {
  if (instant === value) return;
  instant = value;
  for (const l of listeners) l();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function openChanged(open: boolean) {
  window.clearTimeout(skipTimer);
  if (open) setInstant(true);
  else skipTimer = window.setTimeout(() => setInstant(false), TOOLTIP_SKIP_DELAY_MS);
}

export function TooltipPopup({ content, trigger, handOver }: TooltipPopupProps) {
  const skip = useSyncExternalStore(subscribe, () => instant);
  // The trigger is any element (a link here); Radix types it as a button.
  const ref = useRef<HTMLButtonElement>(null);
  // Only when it mounts: later changes of handOver are not a hand-over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // The plain trigger was replaced by this one: focus moves over (and opens it, as a keyboard
    // focus does), or the pointer resting on it starts the delay as its first move would.
    if (handOver === "focus" && (document.activeElement === document.body || !document.activeElement))
      el.focus();
    else if (handOver === "pointer")
      el.dispatchEvent(new PointerEvent("pointermove", { bubbles: true, pointerType: "mouse" }));
  }, []);
  return (
    <Tooltip.Provider delayDuration={skip ? 0 : TOOLTIP_DELAY_MS} skipDelayDuration={0}>
      <Tooltip.Root onOpenChange={openChanged}>
        <Tooltip.Trigger asChild ref={ref}>
          {trigger}
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="right"
            sideOffset={8}
            className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background"
          >
            {content}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
