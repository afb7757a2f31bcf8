// The person's notification and privacy choices (spec section 3, "Settings toggles"). Kairo saves
// them on the server, in the user's `preferences` jsonb beside job_title and company
// (docs/decisions/009-settings-toggles-saved-on-the-server.md). Every choice defaults to on.
import { z } from "zod";

export const NOTIFICATION_KEYS = ["email", "desktop", "focusReminders"] as const;
export const PRIVACY_KEYS = ["analytics", "crashReports"] as const;

export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];
export type PrivacyKey = (typeof PRIVACY_KEYS)[number];

export type Preferences = {
  notifications: Record<NotificationKey, boolean>;
  privacy: Record<PrivacyKey, boolean>;
};

export const DEFAULT_PREFERENCES: Preferences = {
  notifications: { email: true, desktop: true, focusReminders: true },
  privacy: { analytics: true, crashReports: true },
};

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
        analytics: flag("privacy.analytics"),
        crashReports: flag("privacy.crashReports"),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine(
    (v) => Object.keys(v.notifications ?? {}).length + Object.keys(v.privacy ?? {}).length > 0,
    "Send at least one preference to change",
  );

export type PreferencesPatch = z.infer<typeof preferencesPatchBody>;

type Stored = {
  notifications?: Partial<Record<NotificationKey, unknown>>;
  privacy?: Partial<Record<PrivacyKey, unknown>>;
} | null;

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
  };
}

/** Applies a patch to resolved preferences (pure: the web's optimistic update and the server agree). */
export function applyPreferencesPatch(current: Preferences, patch: PreferencesPatch): Preferences {
  return {
    notifications: { ...current.notifications, ...stripUndefined(patch.notifications) },
    privacy: { ...current.privacy, ...stripUndefined(patch.privacy) },
  };
}

function stripUndefined<T extends object>(o: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}
