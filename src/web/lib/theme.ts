// Light or dark, default light, remembered in localStorage (applied before paint by theme-init.js).
import { useSyncExternalStore } from "react";

export type Theme = "light" | "dark";
const KEY = "kairo-theme";
const listeners = new Set<() => void>();

function read(): Theme {
  try {
    return localStorage.getItem(KEY) === "dark" ? "dark" : "light";
  } catch {
    return "light";
  }
}

export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // private mode: the choice lasts for this page only
  }
  document.documentElement.classList.toggle("dark", theme === "dark");
  for (const l of listeners) l();
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const theme = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => "light" as Theme,
  );
  return [theme, setTheme];
}
