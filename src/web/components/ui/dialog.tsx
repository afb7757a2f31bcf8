// A modal dialog on Radix: traps focus, closes on Escape, returns focus to the opener.
import { X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "#web/lib/cn.ts";
import { Button } from "./button.tsx";

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

export function DialogContent({
  title,
  description,
  children,
  className,
  onCloseAutoFocus,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** A dialog opened without a DialogTrigger says here where focus goes back to on close. */
  onCloseAutoFocus?: ComponentProps<typeof D.Content>["onCloseAutoFocus"];
}) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-in" />
      <D.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-background p-6 shadow-xl",
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <D.Title className="pr-8 text-lg font-semibold">{title}</D.Title>
        {description && <D.Description className="mt-1 text-sm text-muted">{description}</D.Description>}
        <div className="mt-4">{children}</div>
        <D.Close
          aria-label="Close"
          className="absolute right-3 top-3 grid size-9 place-items-center rounded-md text-muted hover:bg-surface-2"
        >
          <X className="size-4" aria-hidden="true" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}

/**
 * The row of buttons at the foot of a dialog: Cancel, which closes it (disabled while `busy`), then
 * the dialog's own buttons. Stacked with the confirming button on top on a phone.
 */
export function DialogActions({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="outline" disabled={busy}>
          Cancel
        </Button>
      </DialogClose>
      {children}
    </div>
  );
}
