// Settings: Calendar Integrations, tabs Connections and Sync History (spec sections 2 and 9). Each
// provider says plainly whether this server has an OAuth client for it; syncing itself arrives with
// the calendar work, so Connect stays off until then.
import { format } from "date-fns";
import { CalendarDays, CheckCircle2, History, XCircle } from "lucide-react";
import type {
  CalendarConnectionSummary,
  CalendarProviderStatus,
  SyncLogEntry,
} from "#shared/contracts/calendar-integrations.ts";
import { CALENDAR_SYNC } from "#shared/domain/calendar-sync.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { useCalendarIntegrations } from "../api/get-calendar-integrations.ts";

const ENV_NAMES: Record<CalendarProviderStatus["id"], string> = {
  google: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET",
  microsoft: "MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET",
};

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy HH:mm");

export function CalendarIntegrations() {
  const data = useCalendarIntegrations();
  return (
    <section aria-labelledby="calendar-heading" className="rounded-lg border border-border bg-background p-6">
      <h2 id="calendar-heading" className="text-lg font-semibold">
        Calendar Integrations
      </h2>
      <p className="mt-1 text-sm text-muted">
        Bring the next {CALENDAR_SYNC.windowDays} days of your calendar into Kairo, kept in sync every{" "}
        {CALENDAR_SYNC.autoSyncMinutes} minutes.
      </p>
      <Tabs defaultValue="connections" className="mt-5">
        <TabsList aria-label="Calendar integrations">
          <TabsTrigger value="connections">Connections</TabsTrigger>
          <TabsTrigger value="history">Sync History</TabsTrigger>
        </TabsList>
        {data.isPending ? (
          <Spinner className="mt-5 justify-start" label="Loading..." visibleLabel />
        ) : data.isError ? (
          <Alert tone="error" className="mt-5">
            Your calendar integrations could not be loaded. Please refresh the page.
          </Alert>
        ) : (
          <>
            <TabsContent value="connections" className="mt-5 flex flex-col gap-3">
              {data.data.providers.map((p) => (
                <ProviderRow
                  key={p.id}
                  provider={p}
                  connections={data.data.connections.filter((c) => c.provider === p.id)}
                />
              ))}
            </TabsContent>
            <TabsContent value="history" className="mt-5">
              <SyncHistory logs={data.data.syncLogs} providers={data.data.providers} />
            </TabsContent>
          </>
        )}
      </Tabs>
    </section>
  );
}

function ProviderRow({
  provider,
  connections,
}: {
  provider: CalendarProviderStatus;
  connections: CalendarConnectionSummary[];
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
                ? "Available on this server. Connecting calendars arrives with calendar sync, coming soon."
                : `Not configured on this server: ${provider.name} has no OAuth client yet, so it cannot be connected. An administrator can set ${ENV_NAMES[provider.id]}.`}
            </p>
          </div>
        </div>
        <Button variant="outline" disabled aria-describedby={noteId} className="shrink-0">
          Connect
        </Button>
      </div>
      {connections.length > 0 && (
        <ul
          className="mt-3 flex flex-col gap-2 border-t border-border pt-3"
          aria-label={`${provider.name} connections`}
        >
          {connections.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate">
                {c.calendarName ?? c.calendarEmail} <span className="text-muted">({c.calendarEmail})</span>
              </span>
              <span className="text-muted">
                {c.errorMessage ? (
                  <span className="text-danger">{c.errorMessage}</span>
                ) : c.lastSync ? (
                  `Last synced ${when(c.lastSync)}`
                ) : (
                  "Not synced yet"
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
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
