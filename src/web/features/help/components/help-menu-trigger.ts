// The Help button's look, shared by the plain button shown before the menu's code has loaded
// (help-menu.tsx) and the real menu (help-menu-popup.tsx).
export const HELP_TRIGGER_CLASS =
  "grid size-9 place-items-center rounded-md text-muted outline-none hover:bg-surface-2 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring";
