// The Time Saved card's info button, before and after the popover's code has loaded.
import { Info } from "lucide-react";
import type { ButtonHTMLAttributes, Ref } from "react";
import { TIME_SAVED_DEFINITION } from "#shared/domain/metrics.ts";

export function TimeSavedButton({
  ref,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label="How time saved is measured"
      title={TIME_SAVED_DEFINITION}
      className="grid size-6 place-items-center rounded-md text-muted hover:bg-surface-2 hover:text-foreground"
      {...props}
    >
      <Info className="size-4" aria-hidden="true" />
    </button>
  );
}
