// The person's notification and privacy choices (spec section 3, "Settings toggles"). Kairo saves
// them on the server, in the user's `preferences` jsonb beside job_title and company
// (docs/decisions/150-settings-toggles-saved-on-the-server.md). The spec's choices default to on.
// There is no "Usage analytics": Kairo measures no usage, so there is nothing to switch (decision
// 159); a stored `privacy.analytics` from before is ignored.
import { z } from "zod";

export const NOTIFICATION_KEYS = ["email", "desktop", "focusReminders"] as const;
export const PRIVACY_KEYS = ["crashReports", "shareTaskTitles"] as const;

export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];
export type PrivacyKey = (typeof PRIVACY_KEYS)[number];

/** Pomodoro lengths set by applying an AI recommendation; the panel adopts them once, when idle. */
const pomodoroLengths = z.object({ workMinutes: z.number(), breakMinutes: z.number(), setAt: z.string() });
export type PomodoroLengths = z.infer<typeof pomodoroLengths>;

/** GET and PATCH /api/preferences. */
export const preferencesDto = z.object({
  notifications: z.object({ email: z.boolean(), desktop: z.boolean(), focusReminders: z.boolean() }),
  /** shareTaskTitles: send task titles to the configured AI model (off unless turned on). */
  privacy: z.object({ crashReports: z.boolean(), shareTaskTitles: z.boolean() }),
  pomodoro: pomodoroLengths.nullable(),
  /** How the task list is grouped: "category" after applying "batch similar tasks". */
  taskGrouping: z.enum(["none", "category"]),
  /** Minutes before the deadline of the reminder new tasks with a deadline get; null: none (decision 247). */
  defaultReminderMinutes: z.number().nullable(),
});
export type Preferences = z.infer<typeof preferencesDto>;

export const DEFAULT_PREFERENCES: Preferences = {
  notifications: { email: true, desktop: true, focusReminders: true },
  privacy: { crashReports: true, shareTaskTitles: false },
  pomodoro: null,
  taskGrouping: "none",
  defaultReminderMinutes: null,
};

/** The default reminder's longest lead: a week. */
export const MAX_DEFAULT_REMINDER_MINUTES = 7 * 24 * 60;

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` }).optional();

/** PATCH /api/preferences: any subset of the switches; unknown keys and non-booleans are refused. */
export const preferencesPatchBody = z
  .object({
    notifications: z
      .object({
        email: flag("notifications.email"),
        desktop: flag("notifications.desktop"),
        focusReminders: flag("notifications.focusReminders"),
      })
      .strict()
      .optional(),
    privacy: z
      .object({
        crashReports: flag("privacy.crashReports"),
        shareTaskTitles: flag("privacy.shareTaskTitles"),
      })
      .strict()
      .optional(),
    taskGrouping: z.enum(["none", "category"], { error: "taskGrouping must be none or category" }).optional(),
    defaultReminderMinutes: z
      .number({ error: "defaultReminderMinutes must be a whole number of minutes or null" })
      .int({ error: "defaultReminderMinutes must be a whole number of minutes or null" })
      .min(1, { error: "defaultReminderMinutes must be at least 1" })
      .max(7 * 24 * 60, { error: "defaultReminderMinutes must be at most a week (10080)" })
      .nullable()
      .optional(),
  })
  .strict()
  .refine(
    (v) =>
      Object.keys(v.notifications ?? {}).length +
        Object.keys(v.privacy ?? {}).length +
        (v.taskGrouping ? 1 : 0) +
        (v.defaultReminderMinutes !== undefined ? 1 : 0) >
      0,
    "Send at least one preference to change",
  );

export type PreferencesPatch = z.infer<typeof preferencesPatchBody>;

type Stored = {
  notifications?: Partial<Record<NotificationKey, unknown>>;
  privacy?: Partial<Record<PrivacyKey, unknown>>;
  pomodoro?: unknown;
  taskGrouping?: unknown;
  defaultReminderMinutes?: unknown;
} | null;

function storedLengths(v: unknown): PomodoroLengths | null {
  const p = v as Partial<PomodoroLengths> | null | undefined;
  return p &&
    typeof p.workMinutes === "number" &&
    typeof p.breakMinutes === "number" &&
    typeof p.setAt === "string"
    ? { workMinutes: p.workMinutes, breakMinutes: p.breakMinutes, setAt: p.setAt }
    : null;
}

/** The stored choices with every missing (or damaged) one at its default. */
export function resolvePreferences(stored: Stored | undefined): Preferences {
  const pick = <K extends string>(
    keys: readonly K[],
    saved: Partial<Record<K, unknown>> | undefined,
    def: Record<K, boolean>,
  ) =>
    Object.fromEntries(
      keys.map((k) => [k, typeof saved?.[k] === "boolean" ? (saved[k] as boolean) : def[k]]),
    ) as Record<K, boolean>;
  return {
    notifications: pick(NOTIFICATION_KEYS, stored?.notifications, DEFAULT_PREFERENCES.notifications),
    privacy: pick(PRIVACY_KEYS, stored?.privacy, DEFAULT_PREFERENCES.privacy),
    pomodoro: storedLengths(stored?.pomodoro),
    taskGrouping: stored?.taskGrouping === "category" ? "category" : "none",
    defaultReminderMinutes:
      typeof stored?.defaultReminderMinutes === "number" &&
      Number.isInteger(stored.defaultReminderMinutes) &&
      stored.defaultReminderMinutes >= 1 &&
      stored.defaultReminderMinutes <= MAX_DEFAULT_REMINDER_MINUTES
        ? stored.defaultReminderMinutes
        : null,
  };
}

/** Applies a patch to resolved preferences (pure: the web's optimistic update and the server agree). */
export function applyPreferencesPatch(current: Preferences, patch: PreferencesPatch): Preferences {
  return {
    notifications: { ...current.notifications, ...stripUndefined(patch.notifications) },
    privacy: { ...current.privacy, ...stripUndefined(patch.privacy) },
    pomodoro: current.pomodoro,
    taskGrouping: patch.taskGrouping ?? current.taskGrouping,
    defaultReminderMinutes:
      patch.defaultReminderMinutes !== undefined
        ? patch.defaultReminderMinutes
        : current.defaultReminderMinutes,
  };
}

function stripUndefined<T extends object>(o: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}
