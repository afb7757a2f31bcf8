// The SMTP adapter against a local SMTP server (the protocol, not a mock), and the dev outbox.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { createOutboxMailer, createSmtpMailer, messageIdFor } from "./mailer.ts";
import { verificationEmail } from "./templates.ts";

type Received = { from: string; to: string[]; raw: string; user?: string };
const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    onAuth(auth, _session, cb) {
      if (auth.username === "kairo" && auth.password === "s3cret") return cb(null, { user: auth.username });
      cb(new Error("Invalid username or password"));
    },
    onData(stream, session, cb) {
      let raw = "";
      stream.on("data", (chunk) => {
        raw += chunk.toString();
      });
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          user: session.user as string | undefined,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const logger = createLogger("silent");

describe("SMTP mailer", () => {
  it("delivers a message over SMTP with authentication", async () => {
    const mailer = createSmtpMailer(
      `smtp://kairo:s3cret@127.0.0.1:${port}`,
      "Kairo <no-reply@kairo.test>",
      logger,
    );
    await mailer.send(
      verificationEmail("ada@example.com", "Ada", "https://kairo.test/api/auth/verify-email?token=abc"),
    );
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.user).toBe("kairo");
    expect(mail.from).toBe("no-reply@kairo.test");
    expect(mail.to).toEqual(["ada@example.com"]);
    expect(mail.raw).toMatch(/Subject: Verify your email for Kairo/);
    expect(mail.raw).toContain("https://kairo.test/api/auth/verify-email?token=abc");
  });

  it("names a mail with an idempotency key by a Message-ID in the sender's domain, the same each time", async () => {
    const mailer = createSmtpMailer(
      `smtp://kairo:s3cret@127.0.0.1:${port}`,
      "Kairo <no-reply@kairo.test>",
      logger,
    );
    const mail = { to: "ada@example.com", subject: "Done", text: "t", html: "<p>t</p>" };
    const key = "workflow-run:0b5e3f5e-9a51-4d36-9b2c-6f7f6b0f6a11:mail:0";
    await mailer.send({ ...mail, idempotencyKey: key });
    await mailer.send({ ...mail, idempotencyKey: key });
    const ids = received.slice(-2).map((m) => m.raw.match(/^Message-ID:\s*(<[^>]+>)/im)?.[1]);
    expect(ids).toEqual([
      "<workflow-run.0b5e3f5e-9a51-4d36-9b2c-6f7f6b0f6a11.mail.0@kairo.test>",
      "<workflow-run.0b5e3f5e-9a51-4d36-9b2c-6f7f6b0f6a11.mail.0@kairo.test>",
    ]);
    // Without a key, nodemailer makes one of its own per message.
    await mailer.send(mail);
    await mailer.send(mail);
    const own = received.slice(-2).map((m) => m.raw.match(/^Message-ID:\s*(<[^>]+>)/im)?.[1]);
    expect(own[0]).not.toBe(own[1]);
  });

  it("fails loudly when the server refuses the credentials", async () => {
    const mailer = createSmtpMailer(
      `smtp://kairo:wrong@127.0.0.1:${port}`,
      "Kairo <no-reply@kairo.test>",
      logger,
    );
    await expect(
      mailer.send({ to: "x@example.com", subject: "s", text: "t", html: "<p>t</p>" }),
    ).rejects.toThrow();
  });
});

describe("outbox mailer", () => {
  it("keeps sent mail newest first with the time it was sent", async () => {
    let t = Date.parse("2026-11-22T10:00:00Z");
    const outbox = createOutboxMailer(logger, () => {
      t += 1000;
      return new Date(t);
    });
    await outbox.send({ to: "a@example.com", subject: "first", text: "1", html: "1" });
    await outbox.send({ to: "b@example.com", subject: "second", text: "2", html: "2" });
    expect(outbox.list().map((m) => [m.to, m.subject, m.sentAt])).toEqual([
      ["b@example.com", "second", "2026-11-22T10:00:02.000Z"],
      ["a@example.com", "first", "2026-11-22T10:00:01.000Z"],
    ]);
  });

  it("records the Message-ID a keyed mail would carry", async () => {
    const outbox = createOutboxMailer(logger, () => new Date(), "Kairo <hello@kairo.example>");
    await outbox.send({
      to: "a@example.com",
      subject: "s",
      text: "t",
      html: "t",
      idempotencyKey: "mail:abc/1",
    });
    expect(outbox.list()[0]?.messageId).toBe("<mail.abc.1@kairo.example>");
    expect(messageIdFor("::x::", "no-reply@kairo.test")).toBe("<x@kairo.test>");
  });

  it("escapes the link and the name in the HTML of a verification email", () => {
    const mail = verificationEmail("a@example.com", "<b>Eve</b>", "https://kairo.test/v?x=1&y=2");
    expect(mail.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(mail.html).toContain("https://kairo.test/v?x=1&amp;y=2");
  });
});
