// The OAuth consent page's card: the app, the team that owns it, each scope in plain words, and
// Approve / Deny. Either answer sends the browser back to the app.
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/notify.ts";
import { useAuthorization, useConsent } from "../api/authorization.ts";

export function ConsentCard({ id }: { id: string }) {
  const authorization = useAuthorization(id);
  const consent = useConsent(id);
  const [error, setError] = useState<string | null>(null);

  const answer = async (action: "approve" | "deny") => {
    setError(null);
    try {
      const { redirectTo } = await consent.mutateAsync(action);
      window.location.assign(redirectTo);
    } catch (err) {
      setError(describeError(err, "Your answer could not be sent.").message);
    }
  };

  return (
    <section aria-labelledby="consent-heading" className="rounded-lg border border-border bg-background p-6">
      <ShieldCheck className="size-8 text-accent" aria-hidden="true" />
      {authorization.isPending ? (
        <>
          <h1 id="consent-heading" className="mt-3 text-xl font-semibold">
            Allow access
          </h1>
          <Spinner className="mt-6 justify-start" label="Loading..." visibleLabel />
        </>
      ) : authorization.isError ? (
        <>
          <h1 id="consent-heading" className="mt-3 text-xl font-semibold">
            Allow access
          </h1>
          <Alert tone="error" className="mt-4">
            {describeError(authorization.error, "This request could not be opened.").message}
          </Alert>
        </>
      ) : (
        <>
          <h1 id="consent-heading" className="mt-3 text-xl font-semibold">
            {authorization.data.app.name} wants to use your Kairo account
          </h1>
          <p className="mt-2 text-sm text-muted">
            {authorization.data.app.owner === null ? (
              <>
                {authorization.data.app.name} registered itself with Kairo:{" "}
                <span className="font-medium text-foreground">no team vouches for it</span>, so check that you
                started this from the assistant you meant.
              </>
            ) : (
              <>
                {authorization.data.app.name} is made by{" "}
                <span className="font-medium text-foreground">{authorization.data.app.owner}</span>.
              </>
            )}{" "}
            After you answer, you go back to {authorization.data.redirectOrigin}.
          </p>
          <h2 className="mt-5 text-sm font-semibold">It will be able to:</h2>
          <ul className="mt-2 list-disc pl-5 text-sm" aria-label="What the app will be able to do">
            {authorization.data.scopes.map((s) => (
              <li key={s.scope}>{s.description}</li>
            ))}
          </ul>
          <p className="mt-4 text-xs text-muted">
            You can revoke this at any time in Settings, Connected apps.
          </p>
          {error && (
            <Alert tone="error" className="mt-4">
              {error}
            </Alert>
          )}
          {authorization.data.status === "pending" ? (
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Button onClick={() => void answer("approve")} disabled={consent.isPending}>
                Approve
              </Button>
              <Button variant="outline" onClick={() => void answer("deny")} disabled={consent.isPending}>
                Deny
              </Button>
            </div>
          ) : (
            <Alert tone="info" className="mt-4">
              This request was already answered. Go back to the app and start again.
            </Alert>
          )}
        </>
      )}
    </section>
  );
}
