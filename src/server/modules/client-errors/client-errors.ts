// Error reports from browsers whose owner left "crash reports" on. Each person may send
// CLIENT_ERROR_LIMITS.perMinute reports a minute; the count is read from the table itself, so it
// holds across instances without Redis (two reports racing at the limit may both get in, which is
// harmless for a cap meant to stop a loop in a broken page from flooding the table).
import { and, count, eq, gt } from "drizzle-orm";
import { CLIENT_ERROR_LIMITS, type ClientErrorBody } from "#shared/contracts/account.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { clientErrorReports } from "../../db/schema/admin.ts";

export async function storeClientError(
  db: Db,
  person: { id: string },
  report: ClientErrorBody,
  userAgent: string | undefined,
  now: Date,
): Promise<{ id: string }> {
  const since = new Date(now.getTime() - 60_000);
  const [recent] = await db
    .select({ n: count() })
    .from(clientErrorReports)
    .where(and(eq(clientErrorReports.userId, person.id), gt(clientErrorReports.createdAt, since)));
  if ((recent?.n ?? 0) >= CLIENT_ERROR_LIMITS.perMinute) {
    throw new AppError("RATE_LIMITED", "Too many error reports. Please wait a moment.");
  }
  const [row] = await db
    .insert(clientErrorReports)
    .values({
      userId: person.id,
      message: report.message,
      stack: report.stack ?? null,
      componentStack: report.componentStack ?? null,
      url: report.url ?? null,
      userAgent: stripControl(userAgent)?.slice(0, CLIENT_ERROR_LIMITS.userAgent) ?? null,
      createdAt: now,
    })
    .returning({ id: clientErrorReports.id });
  return { id: row!.id };
}

function stripControl(s: string | undefined) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return s?.replace(/[\u0000-\u001f]/g, "");
}
