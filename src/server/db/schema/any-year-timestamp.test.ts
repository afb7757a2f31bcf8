import { describe, expect, it } from "vitest";
import { parsePgTimestamptz } from "./any-year-timestamp.ts";

describe("reading PostgreSQL's timestamptz text", () => {
  it("keeps the years 1-99 that new Date() would move to the 1900s and 2000s", () => {
    expect(parsePgTimestamptz("0001-01-01 00:00:00+00").toISOString()).toBe("0001-01-01T00:00:00.000Z");
    expect(parsePgTimestamptz("0049-06-01 12:30:00+00").toISOString()).toBe("0049-06-01T12:30:00.000Z");
  });

  it("applies offsets with minutes and seconds, and keeps milliseconds", () => {
    expect(parsePgTimestamptz("2026-05-04 09:00:00.123456+02").toISOString()).toBe(
      "2026-05-04T07:00:00.123Z",
    );
    expect(parsePgTimestamptz("2026-05-04 09:00:00-03:30").toISOString()).toBe("2026-05-04T12:30:00.000Z");
    expect(parsePgTimestamptz("1900-01-01 00:00:00+00:19:32").toISOString()).toBe("1899-12-31T23:40:28.000Z");
    expect(parsePgTimestamptz("9999-12-31 23:59:59.999+00").toISOString()).toBe("9999-12-31T23:59:59.999Z");
  });
});
