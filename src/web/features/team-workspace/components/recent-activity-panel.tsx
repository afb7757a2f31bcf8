// Recent Activity: the team's last 10 events, newest first ("No recent activity" when empty), a text
// field that drives the typing indicator, and the Broadcast Test Action button, which sends the
// field's text with the test action and clears it.
import { formatDistanceToNowStrict } from "date-fns";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ACTIVITY_NOTE_MAX } from "#shared/contracts/team-workspace.ts";
import {
  initialTypingSender,
  onKeystroke,
  onTypingTick,
  stopTyping,
  type TypingSender,
  typingClearsAt,
} from "#shared/domain/presence.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { notifyFailure } from "#web/lib/notify.ts";
import type { TeamWorkspaceLive } from "../hooks/use-team-workspace.ts";
import { activityText } from "../page-label.ts";

export function RecentActivityPanel({ live }: { live: TeamWorkspaceLive }) {
  const fieldId = useId();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const sender = useRef<TypingSender>(initialTypingSender());
  const clearTimer = useRef<number | undefined>(undefined);
  const setTyping = useRef(live.setTyping);
  setTyping.current = live.setTyping;

  const apply = (r: { state: TypingSender; send: boolean | null }) => {
    sender.current = r.state;
    if (r.send !== null) setTyping.current(r.send);
    window.clearTimeout(clearTimer.current);
    const at = typingClearsAt(r.state);
    if (at !== null) {
      clearTimer.current = window.setTimeout(
        () => apply(onTypingTick(sender.current, Date.now())),
        at - Date.now(),
      );
    }
  };

  // Leaving the page while typing stops the indicator.
  useEffect(
    () => () => {
      window.clearTimeout(clearTimer.current);
      if (sender.current.typing) setTyping.current(false);
    },
    [],
  );

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    apply(stopTyping(sender.current));
    setSending(true);
    try {
      const ack = await live.broadcast(text.trim());
      if (ack.ok) setText("");
      else notifyFailure("The test action was not sent", ack.error.message);
    } catch {
      notifyFailure("The test action was not sent", "No answer from the server. Please try again.");
    } finally {
      setSending(false);
    }
  };

  const list = live.activity;
  return (
    <section
      aria-labelledby="recent-activity-heading"
      className="min-w-0 rounded-lg border border-border bg-background p-4 sm:p-6"
    >
      <h2 id="recent-activity-heading" className="text-lg font-semibold">
        Recent Activity
      </h2>
      {list === null ? (
        live.activityError ? (
          <p className="mt-4 text-sm text-danger">
            Recent activity could not be loaded. It will appear when you reconnect.
          </p>
        ) : (
          <Spinner className="mt-6 justify-start" label="Loading..." visibleLabel />
        )
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No recent activity</p>
      ) : (
        <ol aria-label="Recent activity" className="mt-3 divide-y divide-border">
          {list.map((a) => (
            <li key={a.id} className="py-2.5 text-sm">
              <span className="font-medium break-all">{a.userEmail}</span> {activityText(a)}
              <time dateTime={a.timestamp} className="block text-xs text-muted">
                {formatDistanceToNowStrict(new Date(a.timestamp), { addSuffix: true })}
              </time>
            </li>
          ))}
        </ol>
      )}
      {live.phase !== "no_team" && (
        <form onSubmit={(e) => void onSubmit(e)} className="mt-4 flex flex-col gap-2">
          <Label htmlFor={fieldId}>Message to your team</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={fieldId}
              value={text}
              maxLength={ACTIVITY_NOTE_MAX}
              placeholder="Type to show teammates you're typing"
              autoComplete="off"
              className="h-11"
              onChange={(e) => {
                setText(e.target.value);
                apply(onKeystroke(sender.current, e.target.value, Date.now()));
              }}
            />
            <Button type="submit" className="h-11 shrink-0" disabled={sending || live.stale}>
              Broadcast Test Action
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
