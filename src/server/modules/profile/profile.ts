// The person's own profile: read it, and change the full name, job title and company.
import { eq } from "drizzle-orm";
import type { Me, ProfileUpdateBody, Role } from "#shared/contracts/auth.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { param, preparedPer, rawRows } from "../../db/prepared.ts";
import { isoFromPg } from "../../db/schema/any-year-timestamp.ts";
import { user } from "../../db/schema/auth.ts";

type UserRow = typeof user.$inferSelect;

function toMe(row: UserRow): Me {
  return {
    id: row.id,
    email: row.email,
    fullName: row.name,
    role: row.role as Role,
    emailVerified: row.emailVerified,
    preferences: { job_title: row.preferences.job_title, company: row.preferences.company },
    createdAt: row.createdAt.toISOString(),
  };
}

const personById = preparedPer((db) =>
  db
    .select()
    .from(user)
    .where(eq(user.id, param("id")))
    .limit(1)
    .prepare("kairo_person_by_id"),
);

/** `toMe` from the driver's row (columns by SQL name), skipping drizzle's per-column mapping. */
function meFromDriverRow(r: Record<string, unknown>): Me {
  const preferences = (typeof r.preferences === "string" ? JSON.parse(r.preferences) : r.preferences) as
    | UserRow["preferences"]
    | null;
  return {
    id: r.id as string,
    email: r.email as string,
    fullName: r.full_name as string,
    role: r.role as Role,
    emailVerified: r.email_verified as boolean,
    preferences: { job_title: preferences?.job_title, company: preferences?.company },
    createdAt: isoFromPg(r.created_at)!,
  };
}

export async function getMe(db: Db, userId: string): Promise<Me> {
  const [row] = await rawRows(personById(db), { id: userId });
  if (!row) throw new AppError("UNAUTHENTICATED", "Not authenticated");
  return meFromDriverRow(row);
}

/** Applies only the fields given; preferences are merged, never replaced wholesale. */
export async function updateProfile(db: Db, userId: string, body: ProfileUpdateBody): Promise<Me> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(user).where(eq(user.id, userId)).for("update").limit(1);
    if (!current) throw new AppError("UNAUTHENTICATED", "Not authenticated");
    const preferences = { ...current.preferences };
    if (body.jobTitle !== undefined) preferences.job_title = body.jobTitle;
    if (body.company !== undefined) preferences.company = body.company;
    const [row] = await tx
      .update(user)
      .set({
        ...(body.fullName !== undefined ? { name: body.fullName } : {}),
        preferences,
        updatedAt: new Date(),
      })
      .where(eq(user.id, userId))
      .returning();
    return toMe(row!);
  });
}
