// Settings: Active sessions. Each signed-in browser with its device, browser and last activity;
// sign one out, or every one but this.
import { formatDistanceToNow } from "date-fns";
import { Laptop, LogOut, Smartphone, Tablet } from "lucide-react";
import type { ActiveSession } from "#shared/contracts/sessions.ts";
import { SECURITY_MESSAGES, securityErrorMessage } from "#shared/errors/security-messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { notifySuccess } from "#web/lib/notify.ts";
import { useSessions } from "../api/list-sessions.ts";
import { useRevokeOtherSessions } from "../api/revoke-other-sessions.ts";
import { useRevokeSession } from "../api/revoke-session.ts";
import { notifyFailure } from "../lib/failure-toast.ts";
import { describeUserAgent } from "../lib/user-agent.ts";

const failureOf = (err: unknown) => (err instanceof ApiError ? err : { message: String(err) });

export function ActiveSessions() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data ? sessions.data.sessions.filter((s) => !s.current) : [];

  const signOutOthers = async () => {
    try {
      await revokeOthers.mutateAsync();
      notifySuccess(SECURITY_MESSAGES.otherSessionsRevoked);
    } catch (err) {
      notifyFailure(securityErrorMessage(failureOf(err), "Your other sessions could not be signed out."));
    }
  };

  return (
    <section aria-labelledby="sessions-heading" className="rounded-lg border border-border bg-background p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold">
            Active sessions
          </h2>
          <p className="mt-1 text-sm text-muted">Browsers and devices signed in to your account.</p>
        </div>
        <Button
          variant="outline"
          onClick={signOutOthers}
          disabled={revokeOthers.isPending || (sessions.isSuccess && others.length === 0)}
        >
          <LogOut aria-hidden="true" />
          {revokeOthers.isPending ? "Signing out..." : "Sign out everywhere else"}
        </Button>
      </div>

      <div className="mt-5">
        {sessions.isPending ? (
          <Spinner className="justify-start" label="Loading..." visibleLabel />
        ) : sessions.isError ? (
          <Alert tone="error">
            <p>{securityErrorMessage(failureOf(sessions.error), "Your sessions could not be loaded.")}</p>
            <Button variant="link" size="sm" className="h-auto" onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {sessions.data.sessions.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        )}
        {sessions.isSuccess && others.length === 0 && (
          <p className="mt-3 text-sm text-muted">You are not signed in anywhere else.</p>
        )}
      </div>
    </section>
  );
}

function SessionRow({ session }: { session: ActiveSession }) {
  const current = session.current;
  const revoke = useRevokeSession();
  const ua = describeUserAgent(session.userAgent);
  const name = `${ua.browser} on ${ua.os}`;
  const Icon = ua.device === "Phone" ? Smartphone : ua.device === "Tablet" ? Tablet : Laptop;

  const signOut = async () => {
    try {
      await revoke.mutateAsync(session.id);
      notifySuccess(SECURITY_MESSAGES.sessionRevoked, name);
    } catch (err) {
      notifyFailure(securityErrorMessage(failureOf(err), "That session could not be signed out."));
    }
  };

  return (
    <li className="flex items-center gap-3 py-3" aria-label={current ? `${name}, this device` : name}>
      <Icon className="size-5 shrink-0 text-muted" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="truncate">{name}</span>
          {current && <Badge tone="accent">This device</Badge>}
        </p>
        <p className="text-xs text-muted">
          {ua.device}
          {session.ipAddress ? ` · ${session.ipAddress}` : ""} ·{" "}
          {current
            ? "Active now"
            : `Last active ${formatDistanceToNow(new Date(session.lastActiveAt), { addSuffix: true })}`}
        </p>
      </div>
      {!current && (
        <Button
          variant="ghost"
          size="sm"
          onClick={signOut}
          disabled={revoke.isPending}
          aria-label={`Sign out ${name}`}
        >
          {revoke.isPending ? "Signing out..." : "Sign out"}
        </Button>
      )}
    </li>
  );
}
