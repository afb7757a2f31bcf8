// An on/off switch: a button with role="switch" and aria-checked, as the landing page's pricing
// switch. Not Radix's: it was the one Radix part left in the dashboard's first load (the Pomodoro
// panel's switch), and its extra (a hidden input for form posts) is used nowhere here.
import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

export function Switch({
  checked,
  onCheckedChange,
  onClick,
  className,
  ...props
}: Omit<ComponentProps<"button">, "type" | "role" | "value"> & {
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const state = checked ? "checked" : "unchecked";
  return (
    <button
      {...props}
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      data-disabled={props.disabled ? "" : undefined}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) onCheckedChange?.(!checked);
      }}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-border transition-colors data-[state=checked]:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      <span
        data-state={state}
        className="block size-5 translate-x-0.5 rounded-full bg-background shadow transition-transform data-[state=checked]:translate-x-[22px]"
      />
    </button>
  );
}
