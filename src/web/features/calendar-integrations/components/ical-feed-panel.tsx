// "Subscribe in another calendar app": the person's private iCalendar address (task deadlines and
// completed focus sessions), with the browser's time zone added so events land at the right hour.
// It can be copied, replaced by a new one (the old stops working) and turned off.
import { Copy, Link2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/notify.ts";
import { useIcalFeed } from "../api/get-ical-feed.ts";
import { useRegenerateIcalFeed } from "../api/regenerate-ical-feed.ts";
import { useRevokeIcalFeed } from "../api/revoke-ical-feed.ts";
import { copyText } from "../copy-text.ts";

function withTimeZone(url: string): string {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return tz && tz !== "UTC" ? `${url}?tz=${encodeURIComponent(tz)}` : url;
}

export function IcalFeedPanel() {
  const feed = useIcalFeed();
  const regenerate = useRegenerateIcalFeed();
  const revoke = useRevokeIcalFeed();
  const [confirmNew, setConfirmNew] = useState(false);
  const inputId = useId();
  const failed = () => toast.error("The subscription address could not be changed. Please try again.");

  return (
    <div className="mt-6 border-t border-border pt-5">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Link2 className="size-4 text-accent" aria-hidden="true" />
        Subscribe in another calendar app
      </h3>
      <p className="mt-1 text-sm text-muted">
        A private address with your task deadlines (repeating tasks as repeating events, without the skipped
        dates) and completed focus sessions, for Google Calendar, Outlook, Apple Calendar or any app that
        subscribes to iCalendar feeds. Anyone with the address can read it.
      </p>
      {!feed.data ? (
        <Spinner className="mt-3 justify-start" label="Loading..." visibleLabel />
      ) : feed.data.url ? (
        <div className="mt-3 flex flex-col gap-2">
          <Label htmlFor={inputId}>Subscription address</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={inputId}
              readOnly
              value={withTimeZone(feed.data.url)}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              variant="outline"
              onClick={() => copyText(withTimeZone(feed.data.url!))}
              className="shrink-0"
            >
              <Copy aria-hidden="true" />
              Copy address
            </Button>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => setConfirmNew(true)}
              disabled={regenerate.isPending}
            >
              New address
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => toast.success("Subscription address turned off"),
                  onError: failed,
                })
              }
            >
              Turn off
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="outline"
          className="mt-3"
          disabled={regenerate.isPending}
          onClick={() => regenerate.mutate(undefined, { onError: failed })}
        >
          {regenerate.isPending ? "Creating..." : "Create subscription address"}
        </Button>
      )}
      <Dialog open={confirmNew} onOpenChange={setConfirmNew}>
        <DialogContent
          title="Make a new address?"
          description="Calendar apps subscribed to the current address stop receiving updates. Subscribe them again with the new one."
        >
          <DialogActions busy={regenerate.isPending}>
            <Button
              disabled={regenerate.isPending}
              onClick={() =>
                regenerate.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmNew(false);
                    toast.success("New subscription address ready");
                  },
                  onError: failed,
                })
              }
            >
              Make a new address
            </Button>
          </DialogActions>
        </DialogContent>
      </Dialog>
    </div>
  );
}
