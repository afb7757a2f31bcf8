import { describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { createOutboxMailer } from "../../providers/mail/mailer.ts";
import { mailOutbox } from "./reports.ts";

describe("the admin mail outbox", () => {
  it("shows the development outbox's messages, newest first", async () => {
    const outbox = createOutboxMailer(createLogger("silent"));
    await outbox.send({ to: "a@example.com", subject: "First", text: "one", html: "<p>one</p>" });
    await outbox.send({ to: "b@example.com", subject: "Second", text: "two", html: "<p>two</p>" });
    const shown = mailOutbox(outbox);
    expect(shown.transport).toBe("outbox");
    expect(shown.messages.map((m) => [m.to, m.subject, m.text])).toEqual([
      ["b@example.com", "Second", "two"],
      ["a@example.com", "First", "one"],
    ]);
  });

  it("says SMTP is used, with nothing to show, when mail leaves through SMTP", () => {
    expect(mailOutbox({ kind: "smtp", send: async () => {} })).toEqual({ transport: "smtp", messages: [] });
  });
});
