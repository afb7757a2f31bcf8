import { Sparkles } from "lucide-react";
import { DEMO_ACTIVATED } from "#shared/domain/demo.ts";
import { Button, type ButtonProps } from "#web/components/ui/button.tsx";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useStartDemo } from "../api/start-demo.ts";

export function TryDemoButton({
  onStarted,
  ...props
}: Omit<ButtonProps, "onClick"> & {
  /** Called once the preview runs (e.g. the upgrade dialog closes itself). */
  onStarted?: () => void;
}) {
  const start = useStartDemo();
  return (
    <Button
      variant="outline"
      {...props}
      disabled={start.isPending || props.disabled}
      onClick={() =>
        start.mutate(undefined, {
          onSuccess: () => {
            notifySuccess(DEMO_ACTIVATED.title, DEMO_ACTIVATED.description);
            onStarted?.();
          },
          onError: (err) => notifyError(err),
        })
      }
    >
      <Sparkles aria-hidden="true" />
      {start.isPending ? "Starting demo..." : "Try Demo Mode"}
    </Button>
  );
}
