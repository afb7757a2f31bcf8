// Settings > Notifications: "Notifications in this browser" (decision 280). Turning it on asks the
// browser's permission, subscribes this browser to Web Push with Kairo's VAPID key and gives the
// server the subscription, so reminders arrive with no Kairo tab open; off removes both. It says
// where this browser stands (on, off, blocked and how to allow, not supported) and, when on, offers
// a test notification.
import { useEffect, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import {
  PushSetupError,
  type PushState,
  readPushState,
  sendTestPush,
  turnPushOff,
  turnPushOn,
} from "#web/lib/web-push.ts";
import { PreferenceSwitch } from "./preference-switch.tsx";

const STATE_TEXT: Record<PushState, string> = {
  on: "On: this browser shows Kairo's reminders, even with no Kairo tab open.",
  off: "Off in this browser.",
  blocked:
    "Blocked: your browser refuses notifications from Kairo. To allow them, open the site settings (the icon left of the address), set Notifications to Allow, then reload this page.",
  unsupported: "This browser cannot receive notifications from Kairo (it has no Web Push).",
};

export function BrowserPushSwitch({
  desktopOn,
  enableDesktop,
}: {
  /** The account's "Desktop notifications" preference: off, the server sends no pushes at all. */
  desktopOn: boolean;
  /** Turns that preference on (when this browser is turned on while it is off). */
  enableDesktop: () => Promise<boolean>;
}) {
  const [state, setState] = useState<PushState | "loading">("loading");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    readPushState()
      .catch((): PushState => "off")
      .then((s) => {
        if (live) setState(s);
      });
    return () => {
      live = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (on) {
        const next = await turnPushOn();
        setState(next);
        if (next === "on") {
          if (!desktopOn) await enableDesktop();
          notifySuccess("Notifications on", "This browser will show Kairo's reminders.");
        }
      } else {
        setState(await turnPushOff());
        notifySuccess("Notifications off", "This browser will no longer show Kairo's reminders.");
      }
    } catch (err) {
      const message =
        err instanceof PushSetupError || err instanceof ApiError
          ? err.message
          : "Notifications could not be changed in this browser. Please try again.";
      setError(message);
      setState(await readPushState().catch((): PushState => "off"));
    } finally {
      setBusy(false);
    }
  };

  const test = async () => {
    setBusy(true);
    try {
      const queued = await sendTestPush();
      notifySuccess("Test notification sent", `Sent to ${queued} ${queued === 1 ? "browser" : "browsers"}.`);
    } catch (err) {
      notifyError(err, { title: "Error", fallback: "The test notification could not be sent." });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PreferenceSwitch
      label="Notifications in this browser"
      description="Reminders pop up from this browser through Web Push, even with no Kairo tab open."
      checked={state === "on"}
      disabled={busy || state === "loading" || state === "unsupported" || state === "blocked"}
      onCheckedChange={(on) => void change(on)}
    >
      {state !== "loading" && (
        <p
          role="status"
          className={`mt-2 text-sm ${state === "blocked" || state === "unsupported" ? "text-warning" : "text-muted"}`}
        >
          {STATE_TEXT[state]}
          {state === "on" && !desktopOn && " Desktop notifications are off above, so Kairo sends none."}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      {state === "on" && (
        <Button variant="outline" size="sm" className="mt-2" disabled={busy} onClick={() => void test()}>
          Send a test notification
        </Button>
      )}
    </PreferenceSwitch>
  );
}
