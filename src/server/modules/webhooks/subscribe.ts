// After a commit that may have queued webhook messages (a task change, a stopped timer, a finished
// run), a delivery pass starts in this instance at once; the every-instance timer catches the rest.
import type { DomainEvents, DomainEventType } from "../../events/domain-events.ts";
import type { WebhookDelivery } from "./delivery.ts";

const QUEUEING: DomainEventType[] = [
  "task.created",
  "task.updated",
  "task.deleted",
  "task.timer_changed",
  "comment.changed",
  "workflow.run",
  "workflow.changed",
];

export function subscribeWebhookDelivery(events: DomainEvents, delivery: WebhookDelivery) {
  for (const type of QUEUEING) events.on(type, () => delivery.kick());
}
