// The Help menu of the dashboard's top bar (spec section 2): Restart tour, Keyboard shortcuts (a dialog
// listing them) and Report a bug (an email to support with the page's address filled in). Loaded when
// first opened (help-menu.tsx).
import { Bug, CircleHelp, Compass, Keyboard } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useRef, useState } from "react";
import { mailtoLink, siteConfig } from "#shared/domain/site-config.ts";
import { Dialog, DialogContent } from "#web/components/ui/dialog.tsx";
import { HELP_TRIGGER_CLASS } from "./help-menu-trigger.ts";

const itemClass =
  "flex min-h-10 cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-surface-2";

export const KEYBOARD_SHORTCUTS: readonly { keys: string[]; what: string }[] = [
  { keys: ["Ctrl", "K"], what: "Open quick capture (Cmd K on a Mac)" },
  { keys: ["↑", "↓"], what: "Choose in quick capture" },
  { keys: ["Enter"], what: "Add the task or go to the page chosen in quick capture" },
  { keys: ["Esc"], what: "Close a dialog, a menu or the navigation; skip the tour" },
  { keys: ["→"], what: "Next tour step" },
  { keys: ["←"], what: "Previous tour step" },
  { keys: ["Tab"], what: "Move to the next control" },
  { keys: ["Space"], what: "Pick up a task in the calendar to move it, then arrows and Space to drop it" },
];

export default function HelpMenuPopup({
  onRestartTour,
  defaultOpen,
}: {
  onRestartTour: () => void;
  defaultOpen?: boolean;
}) {
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const report = () => {
    window.location.href = mailtoLink(
      siteConfig.supportEmail,
      "Bug report",
      `What happened:\n\n\nWhat I expected:\n\n\nPage: ${window.location.href}\nBrowser: ${navigator.userAgent}\n`,
    );
  };
  return (
    <>
      <DropdownMenu.Root defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger ref={trigger} aria-label="Help" className={HELP_TRIGGER_CLASS}>
          <CircleHelp className="size-5" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-50 min-w-52 rounded-lg border border-border bg-background p-1 shadow-lg"
          >
            <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-muted">
              Help
            </DropdownMenu.Label>
            <DropdownMenu.Item className={itemClass} onSelect={onRestartTour}>
              <Compass aria-hidden="true" className="size-4" /> Restart tour
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => setShortcutsOpen(true)}>
              <Keyboard aria-hidden="true" className="size-4" /> Keyboard shortcuts
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={report}>
              <Bug aria-hidden="true" className="size-4" /> Report a bug
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog open={shortcutsOpen} onOpenChange={setShortcutsOpen}>
        <DialogContent
          title="Keyboard shortcuts"
          description="Kairo works from the keyboard; these keys work anywhere in the app."
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger.current?.focus();
          }}
        >
          <dl className="divide-y divide-border text-sm">
            {KEYBOARD_SHORTCUTS.map((s) => (
              <div key={s.what} className="flex items-center justify-between gap-4 py-2">
                <dt className="flex shrink-0 gap-1">
                  {s.keys.map((k) => (
                    <kbd
                      key={k}
                      className="min-w-7 rounded border border-border bg-surface-2 px-1.5 py-0.5 text-center text-xs"
                    >
                      {k}
                    </kbd>
                  ))}
                </dt>
                <dd className="text-right text-muted">{s.what}</dd>
              </div>
            ))}
          </dl>
        </DialogContent>
      </Dialog>
    </>
  );
}
