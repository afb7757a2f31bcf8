import { describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { createOutboxMailer } from "../../providers/mail/mailer.ts";
import { hideLinks, outboxView } from "./reports.ts";

describe("the admin mail outbox", () => {
  it("shows the development outbox's messages, newest first", async () => {
    const outbox = createOutboxMailer(createLogger("silent"));
    await outbox.send({ to: "a@example.com", subject: "First", text: "one", html: "<p>one</p>" });
    await outbox.send({ to: "b@example.com", subject: "Second", text: "two", html: "<p>two</p>" });
    const shown = outboxView(outbox);
    expect(shown.transport).toBe("outbox");
    expect(shown.messages.map((m) => [m.to, m.subject, m.text])).toEqual([
      ["b@example.com", "Second", "two"],
      ["a@example.com", "First", "one"],
    ]);
  });

  it("says SMTP is used, with nothing to show, when mail leaves through SMTP", () => {
    expect(outboxView({ kind: "smtp", send: async () => {} })).toEqual({ transport: "smtp", messages: [] });
  });
});

describe("links in the admin's view of the outbox", () => {
  it.each([
    [
      "Reset your password: http://localhost:3000/api/auth/reset-password/abc123?callbackURL=%2F",
      "Reset your password: [link hidden]",
    ],
    [
      "Verify: https://kairo.example/api/auth/verify-email?token=eyJ.x.y\nThanks",
      "Verify: [link hidden]\nThanks",
    ],
    [
      "Join at HTTPS://kairo.example/team/invite/inv_1 or www.kairo.example/x today",
      "Join at [link hidden] or [link hidden] today",
    ],
    ["No links here.", "No links here."],
  ])("%j → %j", (text, shown) => {
    expect(hideLinks(text)).toBe(shown);
  });

  it("are hidden in every message the outbox shows", async () => {
    const outbox = createOutboxMailer(createLogger("silent"));
    await outbox.send({
      to: "a@example.com",
      subject: "Reset your Kairo password",
      text: "Reset password: http://localhost/api/auth/reset-password/secret-token",
      html: "",
    });
    const [shown] = outboxView(outbox).messages;
    expect(shown!.text).toBe("Reset password: [link hidden]");
    expect(outbox.list()[0]!.text).toContain("secret-token");
  });
});
