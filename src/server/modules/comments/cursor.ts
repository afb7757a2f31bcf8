// The place a page of comments or history ends, as an opaque token: the last row's time and id.
// A token this server did not give is refused as a 400, never read as a different place.
import { AppError } from "#shared/errors/app-error.ts";

export function pageCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString("base64url");
}

export function readCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime()) || !id || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError("VALIDATION", "cursor is not one this list gave", {
      fields: { cursor: "cursor is not one this list gave" },
    });
  }
  return { at, id };
}
