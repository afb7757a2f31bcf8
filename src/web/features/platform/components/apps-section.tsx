// Settings → Developer → OAuth apps: a team's owners and admins on Team register up to 10 apps
// (name, exact redirect URIs, scopes); the client secret is shown once; Delete.
import { AppWindow } from "lucide-react";
import { type FormEvent, useState } from "react";
import { createAppBody } from "#shared/contracts/platform.ts";
import type { ApiScope } from "#shared/domain/api-scopes.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { describeError, notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useApps, useCreateApp, useDeleteApp } from "../api/apps.ts";
import { ScopePicker } from "./scope-picker.tsx";
import { ShownOnce } from "./shown-once.tsx";

export function AppsSection() {
  const apps = useApps();
  const create = useCreateApp();
  const remove = useDeleteApp();
  const [name, setName] = useState("");
  const [uris, setUris] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["tasks:read"]);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ clientId: string; secret: string } | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name,
      redirectUris: uris
        .split(/\s+/)
        .map((u) => u.trim())
        .filter(Boolean),
      scopes,
    };
    const parsed = createAppBody.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the form.");
      return;
    }
    setError(null);
    try {
      const created = await create.mutateAsync(body);
      setSecret({ clientId: created.app.clientId, secret: created.clientSecret });
      setName("");
      setUris("");
    } catch (err) {
      setError(describeError(err, "The app could not be registered.").message);
    }
  };

  const onDelete = async (id: string, appName: string) => {
    try {
      await remove.mutateAsync(id);
      notifySuccess(`App "${appName}" deleted`);
    } catch (err) {
      notifyError(err, { title: "The app could not be deleted" });
    }
  };

  if (apps.isPending) return <Spinner className="justify-start" label="Loading..." visibleLabel />;
  if (apps.isError)
    return (
      <Alert tone="error">{describeError(apps.error, "Your team's apps could not be loaded.").message}</Alert>
    );
  const data = apps.data;

  return (
    <div>
      <h3 className="text-base font-semibold">OAuth apps</h3>
      {!data.canManage ? (
        <p className="mt-1 text-sm text-muted">
          Owners and admins of a team on the Team plan can register up to {data.limit} custom apps.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            Apps of {data.teamName}: {data.apps.length} of {data.limit}.
          </p>
          <form onSubmit={onSubmit} className="mt-4 flex flex-col gap-4" aria-label="Register an app">
            <FormField id="app-name" label="App name">
              <Input id="app-name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
            </FormField>
            <FormField
              id="app-redirects"
              label="Redirect URIs"
              hint="One per line, exactly as the app sends them."
            >
              <Textarea
                id="app-redirects"
                rows={2}
                value={uris}
                aria-describedby="app-redirects-hint"
                onChange={(e) => setUris(e.target.value)}
              />
            </FormField>
            <ScopePicker
              idPrefix="app-scope"
              legend="What the app may ask for"
              value={scopes}
              onChange={setScopes}
            />
            {error && (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            <div>
              <Button type="submit" disabled={create.isPending || data.apps.length >= data.limit}>
                {create.isPending ? "Registering..." : "Register app"}
              </Button>
            </div>
          </form>
          {secret && (
            <>
              <p className="mt-4 text-sm">
                Client ID: <code>{secret.clientId}</code>
              </p>
              <ShownOnce label="Client secret" value={secret.secret} onDone={() => setSecret(null)} />
            </>
          )}
          <div className="mt-5">
            {data.apps.length === 0 ? (
              <EmptyState icon={AppWindow} title="No apps yet" />
            ) : (
              <ul
                className="divide-y divide-border rounded-md border border-border"
                aria-label="Your team's apps"
              >
                {data.apps.map((a) => (
                  <li
                    key={a.id}
                    className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <p className="font-medium">{a.name}</p>
                      <p className="break-all text-xs text-muted">
                        <code>{a.clientId}</code> · {a.redirectUris.join(", ")} · {a.scopes.join(", ")}
                      </p>
                    </div>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void onDelete(a.id, a.name)}
                      aria-label={`Delete app ${a.name}`}
                    >
                      Delete
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </div>
  );
}
