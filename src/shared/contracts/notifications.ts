// The bell in the top bar: GET /api/notifications and POST /api/notifications/read, and the socket
// event that brings a new notification to every open tab of the person.
import { z } from "zod";

/** The newest notifications the bell lists by default, and at most. */
export const NOTIFICATION_PAGE = 20;
export const NOTIFICATION_PAGE_MAX = 50;

export const notificationDto = z.object({
  id: z.string(),
  /** What raised it: "workflow", "report", "calendar", "team", ... */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** An in-app path to open when it is picked, or null. */
  link: z.string().nullable(),
  /** A fired reminder's id (kind "reminder"): the notification offers to snooze it. */
  reminderId: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

/** GET /api/notifications: the newest first, and how many of all the person's are unread. */
export const notificationListResponse = z.object({
  notifications: z.array(notificationDto),
  unread: z.number(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

/** POST /api/notifications/read: how many are still unread. */
export const notificationReadResponse = z.object({ unread: z.number() });

export const notificationListQuery = z
  .object({
    limit: z.coerce
      .number({ error: "limit must be a whole number" })
      .int({ error: "limit must be a whole number" })
      .min(1, { error: "limit must be at least 1" })
      .max(NOTIFICATION_PAGE_MAX, { error: `limit must be at most ${NOTIFICATION_PAGE_MAX}` })
      .default(NOTIFICATION_PAGE),
  })
  .strict();

/**
 * POST /api/notifications/read: mark the listed ones read, or all of them. An id that is not the
 * person's (or does not exist) makes the whole call a 404 that changes nothing.
 */
export const notificationReadBody = z
  .object({
    ids: z
      .array(z.uuid({ error: "ids must hold notification ids" }), { error: "ids must be a list" })
      .min(1, { error: "ids must name at least one notification" })
      .max(100, { error: "ids may name at most 100 notifications" })
      .optional(),
    all: z.literal(true, { error: "all must be true" }).optional(),
  })
  .strict()
  .refine((v) => (v.ids === undefined) !== (v.all === undefined), {
    error: "Send either ids or all: true",
  });
export type NotificationReadBody = z.infer<typeof notificationReadBody>;

/** An in-app path: starts with one slash, so a link can never lead off the site. */
export const inAppLink = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, { error: "link must be a path inside Kairo" });
