// What "time saved" means, in a popover opened from the Time Saved card (loaded when first opened).
import { Popover } from "radix-ui";
import { TIME_SAVED_DEFINITION } from "#shared/domain/metrics.ts";
import { TimeSavedButton } from "./time-saved-button.tsx";

export default function TimeSavedPopover({ defaultOpen }: { defaultOpen?: boolean }) {
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>
        <TimeSavedButton />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 max-w-64 rounded-md bg-foreground px-3 py-2 text-xs leading-relaxed text-background shadow-lg"
        >
          {TIME_SAVED_DEFINITION}
          <Popover.Arrow className="fill-foreground" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
