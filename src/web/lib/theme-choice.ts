// The remembered theme without React, for the landing page's small script as well as the app:
// light or dark, default light, kept in localStorage and applied before paint by theme-init.js.
export type Theme = "light" | "dark";
const KEY = "kairo-theme";
const listeners = new Set<() => void>();

export function readTheme(): Theme {
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

export function onThemeChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
