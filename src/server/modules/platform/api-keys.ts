// Personal API keys (issue 26): scoped, expiring, shown once, stored hashed, revoked at once.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { CreateApiKeyBody } from "#shared/contracts/platform.ts";
import { sortScopes } from "#shared/domain/api-scopes.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { apiKeys, oauthGrants } from "../../db/schema/platform.ts";
import type { Clock } from "../../db/transaction.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { hashSecret, newSecret, PREFIX } from "./secrets.ts";

const DAY_MS = 86_400_000;
export const KEYS_NEED_TEAM = "API keys are part of the Team plan. Upgrade to Team to use them.";
/** Live keys a person may hold at once. */
export const MAX_KEYS = 25;

const toDto = (k: typeof apiKeys.$inferSelect) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes,
  createdAt: k.createdAt.toISOString(),
  expiresAt: k.expiresAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});

export async function listKeys(o: { db: Db; personId: string }) {
  const rows = await o.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, o.personId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt))
    .limit(MAX_KEYS);
  return { keys: rows.map(toDto) };
}

export async function createKey(o: {
  db: Db;
  clock: Clock;
  entitlements: Pick<Entitlements, "forPerson">;
  personId: string;
  body: CreateApiKeyBody & { scopes: string[]; expiresInDays: number };
}) {
  const answers = await o.entitlements.forPerson(o.personId);
  if (answers.plan.plan !== "team")
    throw new AppError("PLAN_REQUIRED", KEYS_NEED_TEAM, { requiredPlan: "team" });
  const { keys } = await listKeys({ db: o.db, personId: o.personId });
  if (keys.length >= MAX_KEYS)
    throw new AppError("CONFLICT", `You have ${MAX_KEYS} keys. Revoke one to add another.`);
  const secret = newSecret(PREFIX.apiKey);
  const now = o.clock();
  const [row] = await o.db
    .insert(apiKeys)
    .values({
      userId: o.personId,
      name: o.body.name,
      prefix: secret.slice(0, PREFIX.apiKey.length + 6),
      tokenHash: hashSecret(secret),
      scopes: sortScopes(o.body.scopes),
      expiresAt: new Date(now.getTime() + o.body.expiresInDays * DAY_MS),
      createdAt: now,
    })
    .returning();
  return { key: toDto(row!), secret };
}

export async function revokeKey(o: { db: Db; clock: Clock; personId: string; keyId: string }) {
  const done = await o.db
    .update(apiKeys)
    .set({ revokedAt: o.clock() })
    .where(and(eq(apiKeys.id, o.keyId), eq(apiKeys.userId, o.personId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (done.length === 0) throw new AppError("NOT_FOUND", "API key not found.");
}

/** Every app grant and API key of a person ends (a password change). */
export async function revokeEverything(db: Db, now: Date, personId: string) {
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.userId, personId), isNull(apiKeys.revokedAt)));
  await db
    .update(oauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(oauthGrants.userId, personId), isNull(oauthGrants.revokedAt)));
}
