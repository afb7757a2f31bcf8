// Settings → Connected apps: each app a person allowed, what it may do, its recent actions, Revoke.
import { formatDistanceToNow } from "date-fns";
import { Plug } from "lucide-react";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError, notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useConnectedApps, useRevokeConnectedApp } from "../api/connected-apps.ts";

export function ConnectedApps() {
  const apps = useConnectedApps();
  const revoke = useRevokeConnectedApp();
  const onRevoke = async (id: string, name: string) => {
    try {
      await revoke.mutateAsync(id);
      notifySuccess(`${name} can no longer use your account`);
    } catch (err) {
      notifyError(err, { title: "The app could not be disconnected" });
    }
  };
  return (
    <section
      aria-labelledby="connected-heading"
      className="rounded-lg border border-border bg-background p-6"
    >
      <h2 id="connected-heading" className="text-lg font-semibold">
        Connected apps
      </h2>
      <p className="mt-1 text-sm text-muted">Apps you allowed to use your Kairo account.</p>
      <div className="mt-5">
        {apps.isPending ? (
          <Spinner className="justify-start" label="Loading..." visibleLabel />
        ) : apps.isError ? (
          <Alert tone="error">
            {describeError(apps.error, "Your connected apps could not be loaded.").message}
          </Alert>
        ) : apps.data.apps.length === 0 ? (
          <EmptyState icon={Plug} title="No connected apps" />
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Connected apps">
            {apps.data.apps.map((a) => (
              <li key={a.id} className="rounded-md border border-border p-4">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div>
                    <p className="font-medium">{a.appName}</p>
                    <p className="text-xs text-muted">
                      {a.owner === null ? "Not verified (registered itself)" : `By ${a.owner}`} · allowed{" "}
                      {formatDistanceToNow(new Date(a.grantedAt), { addSuffix: true })}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void onRevoke(a.id, a.appName)}
                    aria-label={`Revoke ${a.appName}`}
                  >
                    Revoke
                  </Button>
                </div>
                <p className="mt-3 text-sm font-medium">It may:</p>
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {a.scopes.map((s) => (
                    <li key={s.scope}>{s.description}</li>
                  ))}
                </ul>
                <p className="mt-3 text-sm font-medium">Recent actions</p>
                {a.recentActions.length === 0 ? (
                  <p className="text-sm text-muted">None yet.</p>
                ) : (
                  <ul className="mt-1 text-xs text-muted">
                    {a.recentActions.map((r) => (
                      <li key={`${r.at}-${r.path}`}>
                        <code>
                          {r.method} {r.path}
                        </code>{" "}
                        ({r.status}) {formatDistanceToNow(new Date(r.at), { addSuffix: true })}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
