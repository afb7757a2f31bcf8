// Who may use the admin area: admin and super_admin, read afresh from the database on every call
// (not from the session), so a promotion or demotion counts from the next request. A lookup that
// fails counts as "not admin" and is logged (spec section 8). Every admin use case starts here.
import { eq } from "drizzle-orm";
import { isAdminRole, type SessionUser } from "#shared/contracts/auth.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import type { Logger } from "../../logger.ts";

export const ADMINS_ONLY_MESSAGE = "Only Kairo administrators can do this.";

/** Reads a person's current role (null when there is no such person). */
export type RoleLookup = (personId: string) => Promise<string | null>;

/** The administrator acting: who they are and the role they hold now. */
export type Actor = { id: string; email: string; role: string };

/** What every admin use case is given: the database, the request's log and the signed-in person. */
export type AdminCall = {
  db: Db;
  log: Logger;
  person: SessionUser;
  /** Only tests replace it (a lookup that fails); the database's answer otherwise. */
  lookupRole?: RoleLookup;
};

const roleInDatabase =
  (db: Db): RoleLookup =>
  async (personId) => {
    const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, personId)).limit(1);
    return row?.role ?? null;
  };

/** The person as an acting administrator, or 403 (whatever their session says). */
export async function adminActor({
  db,
  log,
  person,
  lookupRole = roleInDatabase(db),
}: AdminCall): Promise<Actor> {
  let role: string | null;
  try {
    role = await lookupRole(person.id);
  } catch (err) {
    log.error({ err }, "admin role lookup failed; treated as not admin");
    role = null;
  }
  if (!isAdminRole(role)) throw new AppError("FORBIDDEN", ADMINS_ONLY_MESSAGE);
  return { id: person.id, email: person.email, role: role! };
}
