// A secret shown once, with a copy button and the warning that it will not be shown again.
import { Copy } from "lucide-react";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { notifySuccess } from "#web/lib/notify.ts";

export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    notifySuccess("Copied");
  };
  return (
    <Alert tone="info" className="mt-4">
      <p className="font-medium">{label}</p>
      <p className="mt-1 text-sm">Copy it now: it will not be shown again.</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="shown-once-secret"
          className="break-all rounded bg-background px-2 py-1 text-xs text-foreground"
        >
          {value}
        </code>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" /> Copy
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    </Alert>
  );
}
