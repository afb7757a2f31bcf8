import { Toaster as Sonner } from "sonner";
import { TOAST_DEFAULT_MS, TOASTS_VISIBLE } from "#shared/domain/limits.ts";
import { useTheme } from "../../lib/theme.ts";

/** Toasts: 4 s by default, at most 3 visible (spec section 9). */
export default function Toaster() {
  const [theme] = useTheme();
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
