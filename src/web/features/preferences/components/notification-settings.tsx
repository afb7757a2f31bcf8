// Settings: Notifications. Email, desktop and focus reminders, saved to the person's preferences.
// Desktop asks the browser for permission when turned on and says so if the browser refuses; "Notifications
// in this browser" subscribes this browser to Web Push (browser-push-switch.tsx).

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { NotificationKey } from "#shared/contracts/preferences.ts";
import { offsetInWords } from "#shared/domain/reminders.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { preferencesQueryOptions } from "#web/lib/preferences.ts";
import { throwWhenEmpty } from "#web/lib/query-client.ts";
import { BrowserPushSwitch } from "./browser-push-switch.tsx";
import { PreferenceSwitch } from "./preference-switch.tsx";
import { usePreferenceToggle } from "./use-preference-toggle.ts";

type Permission = NotificationPermission | "unsupported";

function browserPermission(): Permission {
  try {
    return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
  } catch {
    return "unsupported";
  }
}

/** Asks from the click that turned the switch on, as browsers require. */
async function askPermission(): Promise<Permission> {
  const now = browserPermission();
  if (now !== "default") return now;
  try {
    return await Notification.requestPermission();
  } catch {
    return browserPermission();
  }
}

const ITEMS: { key: NotificationKey; label: string; description: string }[] = [
  {
    key: "email",
    label: "Email notifications",
    description:
      "Activity summaries and product news by email. Kairo sends none of these yet; account emails such as verification and password reset always arrive.",
  },
  {
    key: "desktop",
    label: "Desktop notifications",
    description:
      "Show Kairo's alerts as notifications: the end of a Pomodoro in an open tab, and reminders in each browser turned on below.",
  },
  {
    key: "focusReminders",
    label: "Focus reminders",
    description: "A chime and an alert when a Pomodoro focus or break ends. Off keeps the timer silent.",
  },
];

/** The default reminder's choices (decision 247): off, or this many minutes before the deadline. */
const DEFAULT_REMINDER_CHOICES = [10, 30, 60, 1440];

export function NotificationSettings() {
  // A failed first load goes to the settings section's boundary (throwWhenEmpty).
  const preferences = useQuery({ ...preferencesQueryOptions(), throwOnError: throwWhenEmpty });
  const toggle = usePreferenceToggle();
  const [permission, setPermission] = useState<Permission>(() => browserPermission());

  const change = async (key: NotificationKey, label: string, on: boolean) => {
    const saved = await toggle.save({ notifications: { [key]: on } }, label, on);
    if (saved && key === "desktop" && on) setPermission(await askPermission());
  };

  const desktopOn = preferences.data?.notifications.desktop ?? false;
  const blocked =
    desktopOn && permission === "denied"
      ? "Your browser blocks notifications from Kairo, so none will appear. Allow them in the browser's site settings for this page."
      : desktopOn && permission === "unsupported"
        ? "This browser cannot show desktop notifications."
        : null;

  return (
    <section
      aria-labelledby="notifications-heading"
      className="rounded-lg border border-border bg-background p-6"
    >
      <h2 id="notifications-heading" className="text-lg font-semibold">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-muted">
        Choose how Kairo gets your attention. Changes are saved at once.
      </p>
      <div className="mt-5">
        {!preferences.data ? (
          <Spinner className="justify-start" label="Loading..." visibleLabel />
        ) : (
          <div className="divide-y divide-border">
            {ITEMS.map((item) => (
              <PreferenceSwitch
                key={item.key}
                label={item.label}
                description={item.description}
                checked={preferences.data.notifications[item.key]}
                onCheckedChange={(on) => void change(item.key, item.label, on)}
              >
                {item.key === "desktop" && blocked && (
                  <p role="status" className="mt-2 text-sm text-warning">
                    {blocked}
                  </p>
                )}
                {item.key === "desktop" && desktopOn && permission === "default" && (
                  <Button
                    variant="link"
                    size="sm"
                    className="mt-1 h-auto"
                    onClick={() => void askPermission().then(setPermission)}
                  >
                    Allow notifications in this browser
                  </Button>
                )}
              </PreferenceSwitch>
            ))}
            <BrowserPushSwitch
              desktopOn={desktopOn}
              enableDesktop={() =>
                toggle.save({ notifications: { desktop: true } }, "Desktop notifications", true)
              }
            />
            <div className="py-4">
              <Label htmlFor="default-reminder">Default reminder</Label>
              <p id="default-reminder-hint" className="text-sm text-muted">
                Added to each new task you give a deadline.
              </p>
              <NativeSelect
                id="default-reminder"
                aria-describedby="default-reminder-hint"
                className="mt-2 max-w-xs"
                disabled={toggle.isPending}
                value={String(preferences.data.defaultReminderMinutes ?? "off")}
                onChange={(e) => {
                  const minutes = e.target.value === "off" ? null : Number(e.target.value);
                  void toggle.save(
                    { defaultReminderMinutes: minutes },
                    minutes === null ? "Default reminder" : `Default reminder ${offsetInWords(minutes)}`,
                    minutes !== null,
                  );
                }}
              >
                <option value="off">Off</option>
                {[...new Set([...DEFAULT_REMINDER_CHOICES, preferences.data.defaultReminderMinutes])]
                  .filter((m): m is number => m !== null)
                  .map((m) => (
                    <option key={m} value={String(m)}>
                      {offsetInWords(m)}
                    </option>
                  ))}
              </NativeSelect>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
