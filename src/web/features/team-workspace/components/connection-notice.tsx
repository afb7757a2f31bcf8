// Says when the live picture may be out of date: "Reconnecting..." while the socket is down, or
// offline, with the time the picture is from.
import { format } from "date-fns";
import { WifiOff } from "lucide-react";
import type { ConnectionState } from "#web/lib/realtime.ts";

export function ConnectionNotice({ connection, asOf }: { connection: ConnectionState; asOf: number | null }) {
  if (connection === "connected" || connection === "connecting") return null;
  const since = asOf ? ` The list below is from ${format(asOf, "HH:mm")} and may be out of date.` : "";
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
    >
      <WifiOff className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <p>
        {connection === "offline" ? (
          <>
            <span className="font-medium">You're offline.</span> We'll reconnect when your network is back.
          </>
        ) : (
          <span className="font-medium">Reconnecting...</span>
        )}
        {since}
      </p>
    </div>
  );
}
