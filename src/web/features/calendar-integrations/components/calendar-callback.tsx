// /calendar-callback: the provider sends the browser back here with a code (or an error) and the
// state. The server finishes the connection and runs the first sync; the person goes back to
// Settings with the outcome as a toast, or sees the OAuth Configuration Required dialog when the
// provider refused the redirect address.
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { CalendarConnectFailure } from "#shared/contracts/calendar-integrations.ts";
import { CALENDAR_TEXT, type CalendarProviderId } from "#shared/domain/calendar-sync.ts";
import { FullPageSpinner } from "#web/components/ui/spinner.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/notify.ts";
import { finishCalendarConnect } from "../api/finish-calendar-connect.ts";
import { OAuthSetupDialog } from "./oauth-setup-dialog.tsx";

const FAILURE_TEXT: Record<CalendarConnectFailure, string> = {
  access_denied: CALENDAR_TEXT.accessDenied,
  invalid_grant: CALENDAR_TEXT.invalidGrant,
  redirect_uri_mismatch: CALENDAR_TEXT.connectFailed,
  invalid_state: CALENDAR_TEXT.connectFailed,
  failed: CALENDAR_TEXT.connectFailed,
};

export function CalendarCallback({ settingsPath }: { settingsPath: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const [mismatch, setMismatch] = useState<{ provider: CalendarProviderId; uris: string[] } | null>(null);
  const back = `${settingsPath}#calendar`;

  useEffect(() => {
    // The code works once: React's development double effect must not send it twice.
    if (started.current) return;
    started.current = true;
    const state = params.get("state");
    if (!state) {
      toast.error(CALENDAR_TEXT.connectFailedTitle, { description: CALENDAR_TEXT.connectFailed });
      navigate(back, { replace: true });
      return;
    }
    finishCalendarConnect({
      state,
      ...(params.get("code") ? { code: params.get("code")! } : {}),
      ...(params.get("error") ? { error: params.get("error")!.slice(0, 200) } : {}),
    }).then(
      (res) => {
        if (res.sync) {
          toast.success(CALENDAR_TEXT.syncCompleteTitle, {
            description: CALENDAR_TEXT.syncComplete(res.sync.eventsSynced, res.sync.calendarName),
          });
        } else {
          toast.error(CALENDAR_TEXT.syncFailedTitle, { description: CALENDAR_TEXT.syncFailed });
        }
        navigate(back, { replace: true });
      },
      (err: unknown) => {
        const details = (err instanceof ApiError ? err.details : undefined) as
          | { reason?: CalendarConnectFailure; validRedirectUris?: string[]; provider?: CalendarProviderId }
          | undefined;
        const reason = details?.reason ?? "failed";
        if (reason === "redirect_uri_mismatch" && details?.validRedirectUris && details.provider) {
          setMismatch({ provider: details.provider, uris: details.validRedirectUris });
          return;
        }
        toast.error(CALENDAR_TEXT.connectFailedTitle, {
          description: FAILURE_TEXT[reason] ?? CALENDAR_TEXT.connectFailed,
        });
        navigate(back, { replace: true });
      },
    );
  }, [params, navigate, back]);

  if (mismatch) {
    return (
      <main className="min-h-dvh bg-surface">
        <OAuthSetupDialog
          open
          onOpenChange={(open) => {
            if (!open) navigate(back, { replace: true });
          }}
          use="mismatch"
          provider={mismatch.provider}
          redirectUris={mismatch.uris}
        />
      </main>
    );
  }
  return <FullPageSpinner label="Connecting your calendar..." />;
}
