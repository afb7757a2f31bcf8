// Desktop notification and a soft chime when a Pomodoro phase ends, only after the person has said
// yes. Every browser API here may be missing (Notification on iOS Safari, AudioContext in old
// browsers) or may throw (the Notification constructor on Android Chrome); none of that may break
// the timer.
import { useSyncExternalStore } from "react";

const KEY = "kairo-pomodoro-alerts";
const listeners = new Set<() => void>();

function readEnabled(): boolean {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

function writeEnabled(on: boolean) {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // private mode: the choice lasts for this page only
  }
  for (const l of listeners) l();
}

export function useAlertsEnabled(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      const onStorage = (e: StorageEvent) => e.key === KEY && l();
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(l);
        window.removeEventListener("storage", onStorage);
      };
    },
    readEnabled,
    () => false,
  );
}

export type NotificationSupport = "granted" | "denied" | "default" | "unsupported";

export function notificationPermission(): NotificationSupport {
  try {
    return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
  } catch {
    return "unsupported";
  }
}

/**
 * Turns alerts on or off. Turning them on asks for notification permission (from the click that
 * called this, as browsers require) and unlocks audio; the sound plays even where notifications are
 * refused or unsupported. Returns the notification permission afterwards.
 */
export async function setAlertsEnabled(on: boolean): Promise<NotificationSupport> {
  if (!on) {
    writeEnabled(false);
    return notificationPermission();
  }
  unlockAudio();
  writeEnabled(true);
  let permission = notificationPermission();
  if (permission === "default") {
    try {
      permission = await Notification.requestPermission();
    } catch {
      permission = notificationPermission();
    }
  }
  return permission;
}

let audio: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (audio) return audio;
  try {
    const Ctor =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    audio = Ctor ? new Ctor() : null;
  } catch {
    audio = null;
  }
  return audio;
}

// Browsers start an AudioContext suspended until a user gesture; resuming it inside one lets the
// chime play later from a timer.
function unlockAudio() {
  const ctx = audioContext();
  if (ctx?.state === "suspended") void ctx.resume().catch(() => {});
}

/** Two short, quiet sine tones (about half a second in all). */
function chime(kind: "focus" | "break") {
  const ctx = audioContext();
  if (!ctx) return;
  try {
    if (ctx.state === "suspended") void ctx.resume().catch(() => {});
    const notes = kind === "focus" ? [660, 880] : [880, 660];
    notes.forEach((freq, i) => {
      const t0 = ctx.currentTime + i * 0.22;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(0.06, t0 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.2);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + 0.21);
    });
  } catch {
    // no sound is better than a broken timer
  }
}

function desktopNotification(title: string, body: string) {
  if (notificationPermission() !== "granted") return;
  try {
    new Notification(title, { body, tag: "kairo-pomodoro" });
  } catch {
    // e.g. Android Chrome only allows notifications from a service worker
  }
}

/** What the person's settings allow (Settings > Notifications); both default to on. */
export type AlertAllowance = { desktop: boolean; focusReminders: boolean };

/**
 * Alerts for the end of a phase, if the person turned them on in this browser and their settings
 * allow them: "Focus reminders" off silences them entirely, "Desktop notifications" off leaves only
 * the chime.
 */
export function alertPhaseEnd(
  kind: "focus" | "break",
  title: string,
  body: string,
  allow: AlertAllowance = { desktop: true, focusReminders: true },
) {
  if (!readEnabled() || !allow.focusReminders) return;
  chime(kind);
  if (allow.desktop) desktopNotification(title, body);
}
