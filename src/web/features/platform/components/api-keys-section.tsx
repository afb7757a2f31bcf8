// Settings → Developer → Personal API keys: create with scopes and an expiry (shown once), the last
// use of each, and Revoke.
import { formatDistanceToNow } from "date-fns";
import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { createApiKeyBody } from "#shared/contracts/platform.ts";
import { API_KEY_EXPIRY_DAYS, type ApiScope } from "#shared/domain/api-scopes.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError, notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "../api/api-keys.ts";
import { ScopePicker } from "./scope-picker.tsx";
import { ShownOnce } from "./shown-once.tsx";

export function ApiKeysSection() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["tasks:read"]);
  const [days, setDays] = useState<number>(30);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = createApiKeyBody.safeParse({ name, scopes, expiresInDays: days });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the form.");
      return;
    }
    setError(null);
    try {
      const created = await create.mutateAsync({ name, scopes, expiresInDays: days as 30 });
      setSecret(created.secret);
      setName("");
    } catch (err) {
      setError(describeError(err, "The key could not be created.").message);
    }
  };

  const onRevoke = async (id: string, keyName: string) => {
    try {
      await revoke.mutateAsync(id);
      notifySuccess(`Key "${keyName}" revoked`);
    } catch (err) {
      notifyError(err, { title: "The key could not be revoked" });
    }
  };

  return (
    <div>
      <h3 className="text-base font-semibold">Personal API keys</h3>
      <p className="mt-1 text-sm text-muted">
        Call the Kairo API as yourself with <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
      <form onSubmit={onSubmit} className="mt-4 flex flex-col gap-4" aria-label="Create an API key">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="api-key-name" label="Key name">
            <Input id="api-key-name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <FormField id="api-key-expiry" label="Expires after">
            <NativeSelect id="api-key-expiry" value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {API_KEY_EXPIRY_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d} days
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <ScopePicker
          idPrefix="api-key-scope"
          legend="What the key may do"
          value={scopes}
          onChange={setScopes}
        />
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating..." : "Create key"}
          </Button>
        </div>
      </form>
      {secret && <ShownOnce label="Your new API key" value={secret} onDone={() => setSecret(null)} />}
      <div className="mt-5">
        {keys.isPending ? (
          <Spinner className="justify-start" label="Loading..." visibleLabel />
        ) : keys.isError ? (
          <Alert tone="error">{describeError(keys.error, "Your keys could not be loaded.").message}</Alert>
        ) : keys.data.keys.length === 0 ? (
          <EmptyState icon={KeyRound} title="No API keys yet" />
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border" aria-label="Your API keys">
            {keys.data.keys.map((k) => (
              <li
                key={k.id}
                className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium">{k.name}</p>
                  <p className="text-xs text-muted">
                    <code>{k.prefix}…</code> · {k.scopes.join(", ")} · expires{" "}
                    {formatDistanceToNow(new Date(k.expiresAt), { addSuffix: true })} ·{" "}
                    {k.lastUsedAt
                      ? `last used ${formatDistanceToNow(new Date(k.lastUsedAt), { addSuffix: true })}`
                      : "never used"}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void onRevoke(k.id, k.name)}
                  aria-label={`Revoke key ${k.name}`}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
