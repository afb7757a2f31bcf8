// Kairo's VAPID key pair (RFC 8292), made on first start and kept in the database beside the data
// it serves, sealed with the server secret (secret-box.ts): every instance on one PostgreSQL reads
// the same pair, and the embedded database keeps it in the data folder with the generated secret.
// Decision 172 says why not derived from the secret, and not read from the environment.
import { and, eq } from "drizzle-orm";
import webpush from "web-push";
import type { SecretBox } from "../../crypto/secret-box.ts";
import type { Db } from "../../db/client.ts";
import { pushSubscriptions, serverSecrets } from "../../db/schema/push.ts";
import type { Logger } from "../../logger.ts";

export type VapidKeys = { publicKey: string; privateKey: string };

const NAME = "vapid";
const CONTEXT = "server-secret:vapid";

function parse(text: string): VapidKeys {
  const keys = JSON.parse(text) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== "string" || typeof keys.privateKey !== "string")
    throw new Error("The stored VAPID keys are not a key pair.");
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * The pair every instance shares: the stored one, or a new one stored by whichever instance gets
 * there first (the insert is a no-op for the others, which then read the winner's).
 */
export async function loadVapidKeys(o: {
  db: Db;
  secretBox: SecretBox;
  logger: Logger;
  generate?: () => VapidKeys;
}): Promise<VapidKeys> {
  const generate = o.generate ?? webpush.generateVAPIDKeys;
  const read = async () =>
    (await o.db.select().from(serverSecrets).where(eq(serverSecrets.name, NAME)).limit(1))[0];
  await o.db
    .insert(serverSecrets)
    .values({ name: NAME, value: o.secretBox.seal(JSON.stringify(generate()), CONTEXT) })
    .onConflictDoNothing();
  const row = (await read())!;
  try {
    return parse(o.secretBox.open(row.value, CONTEXT));
  } catch (err) {
    // The server secret changed since the pair was sealed. Browsers subscribed with the old public
    // key, so their subscriptions cannot carry a new one's messages: both go together.
    o.logger.error(
      { err },
      "the stored VAPID keys do not open with this server secret (was BETTER_AUTH_SECRET changed?): new keys are made, and each browser must turn notifications on again",
    );
    const replacement = o.secretBox.seal(JSON.stringify(generate()), CONTEXT);
    await o.db.transaction(async (tx) => {
      const replaced = await tx
        .update(serverSecrets)
        .set({ value: replacement, createdAt: new Date() })
        .where(and(eq(serverSecrets.name, NAME), eq(serverSecrets.value, row.value)))
        .returning({ name: serverSecrets.name });
      if (replaced.length > 0) await tx.delete(pushSubscriptions);
    });
    return parse(o.secretBox.open((await read())!.value, CONTEXT));
  }
}
