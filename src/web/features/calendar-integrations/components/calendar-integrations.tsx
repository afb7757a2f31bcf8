// Settings: Calendar Integrations, tabs Connections and Sync History (spec sections 2, 4, 8 and 9).
// A provider not yet connected shows its connect card (Connect opens the setup dialog when this
// server has no OAuth client for it, else the provider's sign-in after the 3-second setup dialog);
// once connected the card gives way to the connection with Sync Now, Disconnect, the auto-sync
// schedule and, when the provider refused the grant, Reconnect.
import { format } from "date-fns";
import { AlertTriangle, CalendarDays, CheckCircle2, History, RefreshCw, Unplug, XCircle } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type {
  CalendarConnectionSummary,
  CalendarProviderStatus,
  SyncLogEntry,
} from "#shared/contracts/calendar-integrations.ts";
import { SYNC_ERROR_CODES } from "#shared/contracts/calendar-integrations.ts";
import { CALENDAR_SYNC, CALENDAR_TEXT, type CalendarProviderId } from "#shared/domain/calendar-sync.ts";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/notify.ts";
import { useConnectCalendar } from "../api/connect-calendar.ts";
import { useDisconnectCalendar } from "../api/disconnect-calendar.ts";
import { useCalendarIntegrations } from "../api/get-calendar-integrations.ts";
import { useSyncCalendar } from "../api/sync-calendar.ts";
import { IcalFeedPanel } from "./ical-feed-panel.tsx";
import { OAuthSetupDialog, type SetupDialogUse } from "./oauth-setup-dialog.tsx";
import { PlanWriteBackPanel } from "./plan-write-back-panel.tsx";

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy HH:mm");

type SetupState = { use: SetupDialogUse; provider: CalendarProviderId; uris: string[] } | null;

export function CalendarIntegrations({ upgradeAction }: { upgradeAction?: ReactNode }) {
  const data = useCalendarIntegrations();
  const [setup, setSetup] = useState<SetupState>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const connect = useConnectCalendar();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  function startConnect(provider: CalendarProviderStatus) {
    setLimitMessage(null);
    if (!provider.configured) {
      setSetup({ use: "not-configured", provider: provider.id, uris: data.data?.redirectUris ?? [] });
      return;
    }
    connect.mutate(provider.id, {
      onSuccess: ({ authUrl, validRedirectUris }) => {
        if (validRedirectUris.length === 0) {
          window.location.assign(authUrl);
          return;
        }
        // The setup dialog shows where the provider will return, then the browser moves on.
        setSetup({ use: "redirecting", provider: provider.id, uris: validRedirectUris });
        redirectTimer.current = setTimeout(
          () => window.location.assign(authUrl),
          CALENDAR_SYNC.redirectDelayMs,
        );
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === "PLAN_REQUIRED") setLimitMessage(err.message);
        else toast.error(CALENDAR_TEXT.connectFailedTitle, { description: CALENDAR_TEXT.connectFailed });
      },
    });
  }

  return (
    <section
      id="calendar"
      aria-labelledby="calendar-heading"
      className="scroll-mt-20 rounded-lg border border-border bg-background p-6"
    >
      <h2 id="calendar-heading" className="text-lg font-semibold">
        Calendar Integrations
      </h2>
      <p className="mt-1 text-sm text-muted">
        Bring the next {CALENDAR_SYNC.windowDays} days of your calendar into Kairo, kept in sync every{" "}
        {CALENDAR_SYNC.autoSyncMinutes} minutes. Kairo only reads your calendar, unless you choose below to
        have your accepted plan written to it.
      </p>
      <Tabs defaultValue="connections" className="mt-5">
        <TabsList aria-label="Calendar integrations">
          <TabsTrigger value="connections">Connections</TabsTrigger>
          <TabsTrigger value="history">Sync History</TabsTrigger>
        </TabsList>
        {!data.data ? (
          <Spinner className="mt-5 justify-start" label="Loading..." visibleLabel />
        ) : (
          <>
            <TabsContent value="connections" className="mt-5 flex flex-col gap-3">
              {limitMessage && (
                <Alert tone="info">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <span>{limitMessage}</span>
                    {upgradeAction}
                  </div>
                </Alert>
              )}
              {data.data.connections.map((c) => (
                <ConnectionCard
                  key={c.id}
                  connection={c}
                  providerName={data.data.providers.find((p) => p.id === c.provider)?.name ?? c.provider}
                  onReconnect={() => {
                    const p = data.data.providers.find((x) => x.id === c.provider);
                    if (p) startConnect(p);
                  }}
                  reconnecting={connect.isPending}
                />
              ))}
              {data.data.providers
                .filter((p) => !data.data.connections.some((c) => c.provider === p.id))
                .map((p) => (
                  <ConnectCard
                    key={p.id}
                    provider={p}
                    busy={connect.isPending && connect.variables === p.id}
                    onConnect={() => startConnect(p)}
                  />
                ))}
              <PlanWriteBackPanel
                connections={data.data.connections}
                providerName={(id) => data.data.providers.find((p) => p.id === id)?.name ?? id}
              />
            </TabsContent>
            <TabsContent value="history" className="mt-5">
              <SyncHistory logs={data.data.syncLogs} providers={data.data.providers} />
            </TabsContent>
          </>
        )}
      </Tabs>
      <SectionBoundary what="The subscription address" className="mt-6">
        <IcalFeedPanel />
      </SectionBoundary>
      {setup && (
        <OAuthSetupDialog
          open
          onOpenChange={(open) => {
            if (open) return;
            clearTimeout(redirectTimer.current);
            setSetup(null);
          }}
          use={setup.use}
          provider={setup.provider}
          redirectUris={setup.uris}
        />
      )}
    </section>
  );
}

function ConnectCard({
  provider,
  busy,
  onConnect,
}: {
  provider: CalendarProviderStatus;
  busy: boolean;
  onConnect: () => void;
}) {
  const noteId = `calendar-${provider.id}-note`;
  return (
    <div className="rounded-lg border border-border p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <CalendarDays className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
          <div className="min-w-0">
            <h3 className="text-sm font-medium">{provider.name}</h3>
            <p id={noteId} className="mt-0.5 text-sm text-muted">
              {provider.configured
                ? `Connect your ${provider.name} to see its events beside your tasks.`
                : `Not set up on this server yet: Connect shows how to set up ${provider.name}.`}
            </p>
          </div>
        </div>
        <Button
          variant="outline"
          onClick={onConnect}
          disabled={busy}
          aria-describedby={noteId}
          aria-label={`Connect ${provider.name}`}
          className="shrink-0"
        >
          {busy ? "Connecting..." : "Connect"}
        </Button>
      </div>
    </div>
  );
}

function ConnectionCard({
  connection: c,
  providerName,
  onReconnect,
  reconnecting,
}: {
  connection: CalendarConnectionSummary;
  providerName: string;
  onReconnect: () => void;
  reconnecting: boolean;
}) {
  const sync = useSyncCalendar();
  const disconnect = useDisconnectCalendar();
  const [confirming, setConfirming] = useState(false);
  const name = c.calendarName ?? c.calendarEmail;

  function syncNow() {
    sync.mutate(c.id, {
      onSuccess: (r) =>
        toast.success(CALENDAR_TEXT.syncCompleteTitle, {
          description: CALENDAR_TEXT.syncComplete(r.eventsSynced, r.calendarName),
        }),
      onError: (err) => {
        if (err instanceof ApiError && err.code === SYNC_ERROR_CODES.reconnect) {
          toast.error(CALENDAR_TEXT.authRequiredTitle, { description: CALENDAR_TEXT.authRequired });
        } else if (err instanceof ApiError && err.code === SYNC_ERROR_CODES.busy) {
          toast.info(err.message);
        } else {
          toast.error(CALENDAR_TEXT.syncFailedTitle, { description: CALENDAR_TEXT.syncFailed });
        }
      },
    });
  }

  return (
    <article className="rounded-lg border border-border p-4" aria-label={`${providerName}: ${name}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          <div className="min-w-0">
            <h3 className="text-sm font-medium">
              {providerName}{" "}
              <Badge tone={c.needsReconnect ? "warning" : "success"}>
                {c.needsReconnect ? "Reconnect needed" : "Connected"}
              </Badge>
            </h3>
            <p className="mt-0.5 truncate text-sm">
              {name} <span className="text-muted">({c.calendarEmail})</span>
            </p>
            <p className="mt-1 text-sm text-muted">
              {c.lastSync ? `Last synced ${when(c.lastSync)}` : "Not synced yet"}
            </p>
            {c.needsReconnect ? (
              <p className="mt-1 text-sm text-muted">Auto-sync is paused until you reconnect.</p>
            ) : (
              <p className="mt-1 text-sm text-muted">
                Auto-sync: ON, every {CALENDAR_SYNC.autoSyncMinutes} minutes
                {c.nextSyncAt ? ` · next at ${format(new Date(c.nextSyncAt), "HH:mm")}` : ""}
              </p>
            )}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {c.needsReconnect ? (
            <Button onClick={onReconnect} disabled={reconnecting}>
              Reconnect
            </Button>
          ) : (
            <Button
              variant="outline"
              onClick={syncNow}
              disabled={sync.isPending}
              aria-label={`Sync Now ${name}`}
            >
              <RefreshCw className={sync.isPending ? "animate-spin" : undefined} aria-hidden="true" />
              {sync.isPending ? "Syncing..." : "Sync Now"}
            </Button>
          )}
          <Button variant="ghost" onClick={() => setConfirming(true)} aria-label={`Disconnect ${name}`}>
            <Unplug aria-hidden="true" />
            Disconnect
          </Button>
        </div>
      </div>
      {c.errorMessage && (
        <p className="mt-3 flex items-start gap-2 text-sm text-danger" role="status">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {c.errorMessage}
        </p>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          title={`Disconnect ${providerName}?`}
          description={`Kairo stops syncing ${name} and removes its events from your calendar views. Your sync history stays.`}
        >
          <DialogActions busy={disconnect.isPending}>
            <Button
              variant="danger"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(c.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success(CALENDAR_TEXT.disconnected);
                  },
                  onError: () => toast.error("The calendar could not be disconnected. Please try again."),
                })
              }
            >
              {disconnect.isPending ? "Disconnecting..." : "Disconnect"}
            </Button>
          </DialogActions>
        </DialogContent>
      </Dialog>
    </article>
  );
}

function SyncHistory({ logs, providers }: { logs: SyncLogEntry[]; providers: CalendarProviderStatus[] }) {
  if (logs.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed border-border px-6 py-10 text-center">
        <History className="size-8 text-muted" aria-hidden="true" />
        <h3 className="mt-3 text-sm font-semibold">No syncs yet</h3>
        <p className="mt-1 max-w-sm text-sm text-muted">
          Once a calendar is connected, each sync appears here with how many events it brought in.
        </p>
      </div>
    );
  }
  const nameOf = (id: string) => providers.find((p) => p.id === id)?.name ?? id;
  return (
    <ul
      className="flex flex-col divide-y divide-border overflow-y-auto rounded-lg border border-border"
      style={{ maxHeight: CALENDAR_SYNC.historyListHeightPx }}
      aria-label="Sync history"
    >
      {logs.map((l) => (
        <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
          <span className="flex items-center gap-2">
            {l.status === "success" ? (
              <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
            ) : (
              <XCircle className="size-4 text-danger" aria-hidden="true" />
            )}
            <span>
              {nameOf(l.provider)}: {l.status === "success" ? `${l.eventsSynced} events` : "failed"}
            </span>
            <Badge tone="neutral">{l.syncType}</Badge>
          </span>
          <span className="text-muted tabular-nums">{when(l.startedAt)}</span>
          {l.errorMessage && <span className="w-full text-danger">{l.errorMessage}</span>}
        </li>
      ))}
    </ul>
  );
}
