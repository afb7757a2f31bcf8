// The OAuth tokens of a calendar connection, sealed with the secret box before they are written and
// opened after they are read, so the calendar_connections columns never hold a usable token. Each
// token is bound to its connection and its kind: a value copied onto another row, or from the refresh
// column to the access column, does not open.
import { and, eq } from "drizzle-orm";
import type { SecretBox } from "../../crypto/secret-box.ts";
import type { Db } from "../../db/client.ts";
import { calendarConnections } from "../../db/schema/calendar.ts";

export type ConnectionTokens = {
  accessToken: string;
  /** Providers do not always send a new one on refresh: null keeps the stored one. */
  refreshToken: string | null;
  expiresAt: Date | null;
};

const context = (connectionId: string, kind: "access" | "refresh") => `calendar:${connectionId}:${kind}`;

/** The token columns of a connection, sealed for that connection (for an insert or an update). */
export function sealedTokenColumns(box: SecretBox, connectionId: string, tokens: ConnectionTokens) {
  return {
    accessToken: box.seal(tokens.accessToken, context(connectionId, "access")),
    ...(tokens.refreshToken !== null
      ? { refreshToken: box.seal(tokens.refreshToken, context(connectionId, "refresh")) }
      : {}),
    tokenExpiresAt: tokens.expiresAt,
  };
}

/**
 * Stores new tokens for the person's connection, only while it is active (a disconnected row keeps
 * no token) and, with `leaseUntil`, only while the sync holding that lease still holds it. Returns
 * false when nothing was written: not theirs, gone, disconnected, or the lease lost.
 */
export async function saveConnectionTokens(
  db: Db,
  box: SecretBox,
  userId: string,
  connectionId: string,
  tokens: ConnectionTokens,
  o: { leaseUntil?: Date } = {},
): Promise<boolean> {
  const rows = await db
    .update(calendarConnections)
    .set(sealedTokenColumns(box, connectionId, tokens))
    .where(
      and(
        eq(calendarConnections.id, connectionId),
        eq(calendarConnections.userId, userId),
        eq(calendarConnections.isActive, true),
        o.leaseUntil ? eq(calendarConnections.syncLeaseUntil, o.leaseUntil) : undefined,
      ),
    )
    .returning({ id: calendarConnections.id });
  return rows.length > 0;
}

/**
 * The tokens of the person's connection, or null when it is not theirs or holds none (the spec's
 * sync then fails with "No access token found"). A value that does not open (tampered, moved, or
 * sealed under another server secret) counts as no token: the person reconnects.
 */
export async function readConnectionTokens(
  db: Db,
  box: SecretBox,
  userId: string,
  connectionId: string,
): Promise<ConnectionTokens | null> {
  const [row] = await db
    .select({
      accessToken: calendarConnections.accessToken,
      refreshToken: calendarConnections.refreshToken,
      expiresAt: calendarConnections.tokenExpiresAt,
    })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.id, connectionId), eq(calendarConnections.userId, userId)));
  if (!row?.accessToken) return null;
  try {
    return {
      accessToken: box.open(row.accessToken, context(connectionId, "access")),
      refreshToken: row.refreshToken ? box.open(row.refreshToken, context(connectionId, "refresh")) : null,
      expiresAt: row.expiresAt,
    };
  } catch {
    return null;
  }
}
