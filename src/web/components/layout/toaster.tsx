import { useEffect } from "react";
import { Toaster as Sonner } from "sonner";
import { TOAST_DEFAULT_MS, TOASTS_VISIBLE } from "#shared/domain/limits.ts";
import { useTheme } from "#web/lib/theme.ts";
import { toasterStore } from "#web/lib/toaster-store.ts";

/** Toasts: 4 s by default, at most 3 visible (spec section 9). */
export default function Toaster() {
  const [theme] = useTheme();
  // Sonner's own effect (a child's) has subscribed by now: the toasts waiting can be shown.
  useEffect(() => toasterStore.ready(), []);
  return (
    <Sonner
      theme={theme}
      duration={TOAST_DEFAULT_MS}
      visibleToasts={TOASTS_VISIBLE}
      position="bottom-right"
      closeButton
      offset={{ bottom: 80 }}
      mobileOffset={{ bottom: 80 }}
    />
  );
}
