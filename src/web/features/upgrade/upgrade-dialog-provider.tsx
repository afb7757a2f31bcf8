// One upgrade dialog for the whole signed-in workspace: mounted once in the dashboard layout, opened
// from anywhere with `useUpgradeDialog().open(plan)`. Its code downloads on the first open, so the
// dashboard does not carry it until someone asks to upgrade.
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";
import { paths } from "#web/config/paths.ts";
import type { UpgradePlan } from "./upgrade-plan.ts";

type UpgradeDialogApi = {
  /** Opens the dialog on the Pro or Team tab (Pro when not said). */
  open: (plan?: UpgradePlan) => void;
};

const UpgradeDialogContext = createContext<UpgradeDialogApi | null>(null);

const UpgradeDialog = lazy(() => import("./components/upgrade-dialog.tsx"));

export function UpgradeDialogProvider({
  children,
  demoAction,
}: {
  children: ReactNode;
  /**
   * The "Try Demo Mode" button, supplied by the layout (features do not import each other). It calls
   * `onStarted` once the preview runs, which closes the dialog.
   */
  demoAction: (onStarted: () => void) => ReactNode;
}) {
  // `key` remounts the dialog on every open, so it starts on the asked-for tab with fresh inputs.
  const [state, setState] = useState<{ open: boolean; plan: UpgradePlan; key: number } | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const open = useCallback((plan: UpgradePlan = "pro") => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setState((s) => ({ open: true, plan, key: (s?.key ?? 0) + 1 }));
  }, []);
  const close = useCallback(() => setState((s) => (s ? { ...s, open: false } : s)), []);
  const api = useMemo(() => ({ open }), [open]);

  return (
    <UpgradeDialogContext.Provider value={api}>
      {children}
      {state && (
        <Suspense fallback={null}>
          <UpgradeDialog
            key={state.key}
            open={state.open}
            initialPlan={state.plan}
            onOpenChange={(next) => (next ? undefined : close())}
            demoAction={demoAction(close)}
            // Opened without a trigger: focus goes back to whatever opened it, if it is still there.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (opener.current?.isConnected) opener.current.focus();
            }}
          />
        </Suspense>
      )}
    </UpgradeDialogContext.Provider>
  );
}

/** Opens the upgrade dialog. Outside the dashboard layout it falls back to the billing settings. */
export function useUpgradeDialog(): UpgradeDialogApi {
  const api = useContext(UpgradeDialogContext);
  return api ?? FALLBACK;
}

const FALLBACK: UpgradeDialogApi = {
  open: () => window.location.assign(`${paths.settings}#billing`),
};
