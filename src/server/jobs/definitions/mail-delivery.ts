// Every instance, every half lease: delivers the mail outbox's due mail (retries after a failed
// send, and mail whose sender's instance died before delivering it).
import { z } from "zod";
import type { MailOutbox } from "../../providers/mail/mail-outbox.ts";
import { defineJob } from "../queue.ts";

export const MAIL_DELIVERY_JOB = "mail-delivery";

export function mailDeliveryJob(deps: { outbox: MailOutbox; everySeconds: number }) {
  return defineJob({
    name: MAIL_DELIVERY_JOB,
    payload: z.object({}).strict(),
    everyInstanceSeconds: deps.everySeconds,
    async handler() {
      await deps.outbox.deliverDue();
    },
  });
}
