// `Idempotency-Key` on task creation (decision 257, after the IETF httpapi idempotency-key draft),
// for /api/v1 and for the app's own POST /api/tasks (decision 282: the offline capture queue): the
// same person, key and body within 24 hours answers the first call's answer again and does nothing
// twice. The key is claimed (a row without an answer) before the work runs, so two calls racing with
// one key cannot both create; the second answers 409 while the first runs. The same key with another
// body answers 422. A call that fails gives its key back. Refusals are the app's `{ error }` answers;
// /api/v1's middleware turns them into problem documents (decision 255).
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../db/client.ts";
import { apiIdempotencyKeys } from "../db/schema/platform.ts";
import type { Clock } from "../db/transaction.ts";
import type { AppBindings } from "./types.ts";

export const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;
/** A key the client chose: printable ASCII, as the draft's examples (a UUID fits). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

type Answer = { status: number; body: unknown };

/** A refusal in the app's error shape (ErrorBody), with a status AppError has no code for. */
function refuse(c: Context, status: 409 | 422, code: string, message: string): Response {
  return c.json({ error: { code, message } }, status);
}

/**
 * Runs `run` once per person, `operation` and Idempotency-Key (when the request has one). `operation`
 * keeps the app's and /api/v1's keys apart: their answers have different shapes.
 */
export async function idempotent<B extends AppBindings>(
  c: Context<B>,
  o: { db: Db; clock: Clock; operation: string; body: unknown },
  run: () => Promise<Answer>,
): Promise<Response> {
  const key = c.req.header("idempotency-key");
  if (key === undefined) {
    const answer = await run();
    return c.json(answer.body as object, answer.status as ContentfulStatusCode);
  }
  if (!KEY_PATTERN.test(key))
    throw new AppError("VALIDATION", "Idempotency-Key must be 1 to 255 printable ASCII characters.", {
      fields: { "Idempotency-Key": "1 to 255 printable ASCII characters." },
    });
  const user = (c as unknown as Context<AppBindings>).get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Not authenticated");
  const userId = user.id;
  const requestHash = createHash("sha256").update(JSON.stringify(o.body)).digest("hex");
  const now = o.clock();
  // Keys older than the window are forgotten (this person's only: the index keeps it cheap).
  await o.db
    .delete(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.userId, userId),
        lt(apiIdempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)),
      ),
    );
  const [claimed] = await o.db
    .insert(apiIdempotencyKeys)
    .values({ userId, key, operation: o.operation, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: apiIdempotencyKeys.id });
  if (claimed) {
    let answer: Answer;
    try {
      answer = await run();
    } catch (err) {
      await o.db.delete(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.id, claimed.id));
      throw err;
    }
    await o.db
      .update(apiIdempotencyKeys)
      .set({ status: answer.status, body: answer.body })
      .where(eq(apiIdempotencyKeys.id, claimed.id));
    return c.json(answer.body as object, answer.status as ContentfulStatusCode);
  }
  const [first] = await o.db
    .select()
    .from(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.userId, userId),
        eq(apiIdempotencyKeys.operation, o.operation),
        eq(apiIdempotencyKeys.key, key),
      ),
    )
    .limit(1);
  if (!first) return idempotent(c, o, run); // given back by a failed call just now: claim it again
  if (first.requestHash !== requestHash)
    return refuse(
      c,
      422,
      "IDEMPOTENCY_KEY_REUSED",
      "This Idempotency-Key was used with another request body. Use a new key for a new request.",
    );
  if (first.status === null)
    return refuse(
      c,
      409,
      "IDEMPOTENCY_KEY_IN_USE",
      "A request with this Idempotency-Key is still being handled. Try again in a moment.",
    );
  c.header("Idempotent-Replayed", "true");
  return c.json(first.body as object, first.status as ContentfulStatusCode);
}
