// What GET /api/subscription answers: the person's plan as the entitlements service decides it, the
// limits that plan sets, and any live demo preview.
import type { SubscriptionResponse } from "#shared/contracts/billing.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../db/transaction.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { demoStatus } from "./demo.ts";

export async function subscriptionOverview(o: {
  db: Db;
  entitlements: Pick<Entitlements, "forPerson">;
  clock: Clock;
  personId: string;
}): Promise<SubscriptionResponse> {
  const [person, demo] = await Promise.all([
    o.entitlements.forPerson(o.personId),
    demoStatus(o.db, o.personId, o.clock()),
  ]);
  const { taskLimit, historyDays, workflowLimit, calendarConnectionLimit } = person;
  return { ...person.plan, demo, limits: { taskLimit, historyDays, workflowLimit, calendarConnectionLimit } };
}
