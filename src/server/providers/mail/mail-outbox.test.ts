import { describe, expect, it } from "vitest";
import { MAX_MAIL_ATTEMPTS, mailRetryDelaySeconds } from "./mail-outbox.ts";

describe("the mail outbox's backoff", () => {
  it("waits 30 s after a first failure, doubling up to an hour, and gives up after its last attempt", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(mailRetryDelaySeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600,
    ]);
    // About two hours of trying in all before a mail is given up.
    const total = Array.from({ length: MAX_MAIL_ATTEMPTS - 1 }, (_, i) =>
      mailRetryDelaySeconds(i + 1),
    ).reduce((a, b) => a + b);
    expect(total).toBe(3810);
  });
});
