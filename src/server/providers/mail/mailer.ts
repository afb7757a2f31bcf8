// Mail leaves Kairo through one interface: SMTP (nodemailer) when SMTP_URL is set, otherwise the
// development outbox, which prints to the log and keeps the latest messages in memory.
import nodemailer from "nodemailer";
import type { Logger } from "../../logger.ts";

export type MailMessage = { to: string; subject: string; text: string; html: string };
export type SentMail = MailMessage & { sentAt: string };

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

export function createOutboxMailer(logger: Logger, now: () => Date = () => new Date()): OutboxMailer {
  const sent: SentMail[] = [];
  return {
    kind: "outbox",
    async send(message) {
      sent.unshift({ ...message, sentAt: now().toISOString() });
      sent.length = Math.min(sent.length, OUTBOX_LIMIT);
      logger.info(
        { mail: { to: message.to, subject: message.subject } },
        `mail to ${message.to}:\n${message.text}`,
      );
    },
    list: () => sent.map((m) => ({ ...m })),
  };
}

export function createSmtpMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
      logger.info({ mail: { to: message.to, subject: message.subject } }, "mail sent");
    },
  };
}
