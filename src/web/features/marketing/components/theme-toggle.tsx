import { clsx } from "clsx";
import { Moon, Sun } from "lucide-react";
import { buttonVariants } from "#web/components/ui/button-variants.ts";
import { useTheme } from "#web/lib/theme.ts";

export function ThemeToggle({ className }: { className?: string }) {
  const [theme, setTheme] = useTheme();
  const dark = theme === "dark";
  return (
    <button
      type="button"
      className={buttonVariants({
        variant: "ghost",
        size: null,
        className: clsx("size-11 text-muted hover:text-foreground sm:size-10", className),
      })}
      aria-label={dark ? "Switch to light theme" : "Switch to dark theme"}
      data-theme-toggle
      onClick={() => setTheme(dark ? "light" : "dark")}
    >
      {/* Both icons, the theme's class on <html> shows one: right before any script has run. */}
      <Moon aria-hidden="true" className="dark:hidden" />
      <Sun aria-hidden="true" className="hidden dark:block" />
    </button>
  );
}
