// The theme as a React hook, over the React-free store in theme-choice.ts.
import { useSyncExternalStore } from "react";
import { onThemeChange, readTheme, setTheme, type Theme } from "./theme-choice.ts";

export type { Theme };
export { setTheme };

export function useTheme(): [Theme, (t: Theme) => void] {
  const theme = useSyncExternalStore(onThemeChange, readTheme, () => "light" as Theme);
  return [theme, setTheme];
}
