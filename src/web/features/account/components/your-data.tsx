// Settings: Your data. Export everything as one JSON file, or delete the account after confirming
// with the password: signed out at once, the data purged after the 90-day retention of the terms.
import { useQueryClient } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { DATA_RETENTION_DAYS } from "#shared/domain/limits.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { setSignedOut } from "#web/lib/session.ts";
import { useDeleteAccount } from "../api/delete-account.ts";
import { useExportAccount } from "../api/export-account.ts";

export function YourData() {
  const exporter = useExportAccount();
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    try {
      const name = await exporter.mutateAsync();
      notifySuccess("Export ready", `${name} is downloading.`);
    } catch (err) {
      notifyError(err, { title: "Error", fallback: "Failed to export your data. Please try again." });
    }
  };

  return (
    <section
      aria-labelledby="your-data-heading"
      className="rounded-lg border border-border bg-background p-6"
    >
      <h2 id="your-data-heading" className="text-lg font-semibold">
        Your data
      </h2>
      <p className="mt-1 text-sm text-muted">
        Take a copy of everything you keep in Kairo, or close your account.
      </p>
      <div className="mt-5 divide-y divide-border">
        <div className="flex flex-col gap-3 pb-5 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="text-sm font-medium">Export my data</h3>
            <p className="mt-0.5 text-sm text-muted">
              One JSON file with your profile, plan, tasks, time logs, Pomodoro sessions, insights, workflows,
              calendar connections and sessions. Passwords and access tokens are never included.
            </p>
          </div>
          <Button variant="outline" onClick={download} disabled={exporter.isPending} className="shrink-0">
            <Download aria-hidden="true" />
            {exporter.isPending ? "Preparing..." : "Export my data"}
          </Button>
        </div>
        <div className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="text-sm font-medium text-danger">Delete account</h3>
            <p className="mt-0.5 text-sm text-muted">
              Closes your account and signs you out everywhere. Your data is deleted for good after{" "}
              {DATA_RETENTION_DAYS} days.
            </p>
          </div>
          <Button variant="danger" onClick={() => setDeleting(true)} className="shrink-0">
            <Trash2 aria-hidden="true" />
            Delete account
          </Button>
        </div>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();

  const close = () => {
    if (remove.isPending) return;
    setPassword("");
    setError(undefined);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError("Password is required");
    setError(undefined);
    try {
      await remove.mutateAsync(password);
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setError(err.message);
      else notifyError(err, { title: "Error", fallback: "Failed to delete your account. Please try again." });
      return;
    }
    // The server has ended every session. Signed out "leaving to home": the guard of this page
    // follows to home rather than to /login if it re-renders before the navigation lands.
    setSignedOut(paths.home);
    qc.clear();
    void navigate(paths.home, { replace: true });
    notifySuccess(
      "Account deleted",
      `You have been signed out. Your data will be permanently deleted in ${DATA_RETENTION_DAYS} days.`,
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent
        title="Delete your account?"
        description="Enter your password to confirm. This signs you out on every device."
      >
        <div className="flex flex-col gap-2 text-sm">
          <p>
            Your account is closed at once and nobody can sign in to it again. As our terms state, your data
            is kept for {DATA_RETENTION_DAYS} days after deletion and then permanently erased, with every
            task, log and setting in it.
          </p>
          <p>A paid plan is cancelled at the same time, and you will not be charged again.</p>
          <p className="text-muted">Want a copy first? Close this and use Export my data.</p>
        </div>
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
          <FormField id={`${id}-password`} label="Password" error={error}>
            <Input
              {...fieldA11y(`${id}-password`, error)}
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          <DialogActions busy={remove.isPending}>
            <Button type="submit" variant="danger" disabled={remove.isPending}>
              {remove.isPending ? "Deleting..." : "Delete my account"}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
