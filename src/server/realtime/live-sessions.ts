// Which of a person's sessions may still be used: not expired, and the person not banned (a ban
// with an expiry in the past no longer counts). The account's deletion bans it and ends its sessions.
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { session, user } from "../db/schema/auth.ts";

/** Session expiry follows the real time, as the session check does (http/session.ts). */
export function liveSessionIds(db: Db, clock: () => Date = () => new Date()) {
  return async (userId: string): Promise<Set<string>> => {
    const now = clock();
    const rows = await db
      .select({ id: session.id, banned: user.banned, banExpires: user.banExpires })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(and(eq(session.userId, userId), gt(session.expiresAt, now)));
    const banned = (r: (typeof rows)[number]) =>
      r.banned === true && (r.banExpires === null || r.banExpires.getTime() > now.getTime());
    return new Set(rows.filter((r) => !banned(r)).map((r) => r.id));
  };
}
