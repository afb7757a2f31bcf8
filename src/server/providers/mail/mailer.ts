// Mail leaves Kairo through one interface: SMTP (nodemailer) when SMTP_URL is set, otherwise the
// development outbox, which prints to the log and keeps the latest messages in memory.
import nodemailer from "nodemailer";
import type { Logger } from "../../logger.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Names this mail once for all its delivery attempts (the mail outbox sets it): its Message-ID
   * is derived from it, so a copy delivered again after a crash mid-send is recognisably the same.
   */
  idempotencyKey?: string;
};
export type SentMail = MailMessage & { sentAt: string; messageId?: string };

/**
 * The Message-ID of the mail with this idempotency key, in the sender's domain (RFC 5322: the key's
 * characters other than letters, digits and dashes become dots). The same key, the same Message-ID.
 */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const address = from.match(/<([^>]+)>/)?.[1] ?? from;
  const domain = address.split("@")[1]?.trim() || "kairo.local";
  const id = idempotencyKey.replace(/[^A-Za-z0-9-]+/g, ".").replace(/^\.+|\.+$/g, "") || "mail";
  return `<${id}@${domain}>`;
}

export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

export interface OutboxMailer extends Mailer {
  readonly kind: "outbox";
  /** Sent messages, newest first. */
  list(): SentMail[];
}

const OUTBOX_LIMIT = 200;

export function createOutboxMailer(
  logger: Logger,
  now: () => Date = () => new Date(),
  from = "Kairo <no-reply@kairo.local>",
): OutboxMailer {
  const sent: SentMail[] = [];
  return {
    kind: "outbox",
    async send(message) {
      const messageId = message.idempotencyKey ? messageIdFor(message.idempotencyKey, from) : undefined;
      sent.unshift({ ...message, sentAt: now().toISOString(), ...(messageId ? { messageId } : {}) });
      sent.length = Math.min(sent.length, OUTBOX_LIMIT);
      logger.info(
        { mail: { to: message.to, subject: message.subject } },
        `mail to ${message.to}:\n${message.text}`,
      );
    },
    list: () => sent.map((m) => ({ ...m })),
  };
}

/** Every wait on the relay is bounded, so a send never outlasts the mail outbox's claim on it. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createSmtpMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    kind: "smtp",
    async send({ idempotencyKey, ...message }) {
      await transport.sendMail({
        from,
        ...message,
        ...(idempotencyKey ? { messageId: messageIdFor(idempotencyKey, from) } : {}),
      });
      logger.info({ mail: { to: message.to, subject: message.subject } }, "mail sent");
    },
  };
}
