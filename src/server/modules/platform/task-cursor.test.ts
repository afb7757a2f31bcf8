import { describe, expect, it } from "vitest";
import { decodeTaskCursor, encodeTaskCursor } from "./task-cursor.ts";

const id = "0b6a3a4e-6a1f-4c1e-9a55-0c2a7f1c8d21";
const forged = (parts: unknown) => `t1.${Buffer.from(JSON.stringify(parts)).toString("base64url")}`;

describe("the task list cursor (decision 310)", () => {
  it("reads back exactly the place it was made from, microseconds and odd years included", () => {
    for (const key of [
      { score: 87.25, deadline: "2026-12-01 09:00:00+00", createdAt: "2026-11-27 17:38:16.123456+00", id },
      { score: -0.5, deadline: null, createdAt: "2026-11-27 17:38:16+00", id },
      { score: 1e-9, deadline: "12028-02-29 00:00:00+00", createdAt: "2024-02-29 23:59:59.5+05:30", id },
      { score: 3, deadline: "0001-01-01 00:00:00+00 BC", createdAt: "2026-01-01 00:00:00-08", id },
    ]) {
      const cursor = encodeTaskCursor(key);
      expect(cursor).toMatch(/^t1\.[A-Za-z0-9_-]+$/);
      expect(decodeTaskCursor(cursor)).toEqual(key);
    }
  });

  it("refuses anything it did not make with a 400 naming the cursor", () => {
    for (const text of [
      "",
      "t2.abc",
      "t1.!!!",
      forged({ score: 1 }),
      forged([1, null, "2026-11-27 17:38:16+00"]),
      forged([Number.NaN, null, "2026-11-27 17:38:16+00", id]),
      forged(["1", null, "2026-11-27 17:38:16+00", id]),
      forged([1, null, "2026-02-29 10:00:00+00", id]), // 2026 is not a leap year
      forged([1, null, "2026-04-31 10:00:00+00", id]),
      forged([1, null, "2026-11-27 24:00:00+00", id]),
      forged([1, null, "0000-01-01 00:00:00+00", id]),
      forged([1, "now", "2026-11-27 17:38:16+00", id]),
      forged([1, null, "2026-11-27T17:38:16Z", id]),
      forged([1, null, "2026-11-27 17:38:16+00", "not-a-uuid"]),
      forged([1, null, "2026-11-27 17:38:16+00'; drop table tasks; --", id]),
    ]) {
      expect(() => decodeTaskCursor(text), text).toThrow(
        expect.objectContaining({ code: "VALIDATION", status: 400, fields: { cursor: expect.any(String) } }),
      );
    }
  });
});
