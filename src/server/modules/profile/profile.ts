// The person's own profile: read it, and change the full name, job title and company.
import { eq, sql } from "drizzle-orm";
import type { Me, ProfileUpdateBody, Role } from "#shared/contracts/auth.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { preparedPer } from "../../db/prepared.ts";
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
    .where(eq(user.id, sql.placeholder("id")))
    .limit(1)
    .prepare("kairo_person_by_id"),
);

export async function getMe(db: Db, userId: string): Promise<Me> {
  const [row] = await personById(db).execute({ id: userId });
  if (!row) throw new AppError("UNAUTHENTICATED", "Not authenticated");
  return toMe(row);
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
