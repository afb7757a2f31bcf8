// In-app notifications: other modules raise them with `createNotification` (workflows, reports,
// calendar sync, team), the bell lists them and marks them read. Every query is scoped to the person.
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { NotificationDto, NotificationListResponse } from "#shared/contracts/notifications.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { type Notification, notifications } from "../../db/schema/notifications.ts";
import type { DomainEvents } from "../../events/domain-events.ts";

export const NOTIFICATION_NOT_FOUND = "Notification not found.";

/** A transaction handle works as well as the database: the row then commits with the change. */
type DbOrTx = Pick<Db, "insert" | "select" | "update">;

export function toNotificationDto(row: Notification): NotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    reminderId: row.reminderId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type NewNotification = {
  userId: string;
  kind: string;
  title: string;
  body?: string;
  /** An in-app path (starting with one "/"), or nothing. */
  link?: string | null;
  /** The fired reminder it tells of (kind "reminder"). */
  reminderId?: string | null;
  now?: Date;
};

const valuesOf = (n: NewNotification) => {
  if (n.link && !/^\/(?!\/)/.test(n.link)) throw new Error("A notification link must be an in-app path.");
  return {
    userId: n.userId,
    kind: n.kind,
    title: n.title.slice(0, 200),
    body: (n.body ?? "").slice(0, 2000),
    link: n.link ?? null,
    reminderId: n.reminderId ?? null,
    ...(n.now ? { createdAt: n.now } : {}),
  };
};

/** Stores a notification without announcing it (inside a transaction; announce after it commits). */
export async function insertNotification(db: DbOrTx, n: NewNotification): Promise<NotificationDto> {
  const [row] = await db.insert(notifications).values(valuesOf(n)).returning();
  return toNotificationDto(row!);
}

/** `insertNotification` for many in one statement; answers them in the order given. */
export async function insertNotifications(db: DbOrTx, list: NewNotification[]): Promise<NotificationDto[]> {
  if (list.length === 0) return [];
  // Ids chosen here, so each answer is matched to its own row whatever order they come back in.
  const values = list.map((n) => ({ id: crypto.randomUUID(), ...valuesOf(n) }));
  const rows = new Map(
    (await db.insert(notifications).values(values).returning()).map((row) => [row.id, row]),
  );
  return values.map((v) => toNotificationDto(rows.get(v.id)!));
}

/**
 * Announces a stored notification (notification.created on the domain-event hub; the socket
 * subscriber tells the person's open tabs on every instance). Inside `events.afterCommit` work it
 * waits for the commit.
 */
export function announceNotification(
  events: Pick<DomainEvents, "emit">,
  userId: string,
  dto: NotificationDto,
) {
  events.emit({ type: "notification.created", personId: userId, notification: dto });
}

/** Stores a notification and delivers it live to the bell. */
export async function createNotification(
  o: { db: DbOrTx; events: Pick<DomainEvents, "emit"> } & NewNotification,
): Promise<NotificationDto> {
  const dto = await insertNotification(o.db, o);
  announceNotification(o.events, o.userId, dto);
  return dto;
}

export async function listNotifications(
  db: Db,
  userId: string,
  limit: number,
): Promise<NotificationListResponse> {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { notifications: rows.map(toNotificationDto), unread: unread?.n ?? 0 };
}

/**
 * Marks the person's notifications read: the listed ones, or all. If any listed id is not theirs
 * the call is a 404 and nothing changes (it says nothing about whose the id is).
 */
export async function markNotificationsRead(o: {
  db: Db;
  events: Pick<DomainEvents, "emit" | "afterCommit">;
  personId: string;
  /** Some of the person's notifications, or all of them. */
  ids: string[] | "all";
  clock: () => Date;
}): Promise<{ unread: number }> {
  const { db, personId: userId, ids: which } = o;
  const target = which === "all" ? { all: true as const } : { ids: which };
  const now = o.clock();
  return o.events.afterCommit(() =>
    db.transaction(async (tx) => {
      if ("ids" in target) {
        const ids = [...new Set(target.ids)];
        const own = await tx
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)));
        if (own.length !== ids.length) throw new AppError("NOT_FOUND", NOTIFICATION_NOT_FOUND);
        await tx
          .update(notifications)
          .set({ readAt: now })
          .where(
            and(
              eq(notifications.userId, userId),
              inArray(notifications.id, ids),
              isNull(notifications.readAt),
            ),
          );
      } else {
        await tx
          .update(notifications)
          .set({ readAt: now })
          .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      }
      const [left] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      // The person's other tabs update their bell.
      o.events.emit({ type: "notification.read", personId: userId, ids: which });
      return { unread: left?.n ?? 0 };
    }),
  );
}
