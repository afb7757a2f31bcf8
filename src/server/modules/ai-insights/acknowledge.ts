// "I'll Take Care": stores a burnout_alerts row with the current score, level and factors and the
// spec's four recommendations, acknowledged. The alert then stays hidden until the level rises.
import type { z } from "zod";
import type { acknowledgeResponse } from "#shared/contracts/ai-insights.ts";
import { alertShows, assessBurnout, BURNOUT_ACK_RECOMMENDATIONS } from "#shared/domain/burnout.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { burnoutAlerts } from "../../db/schema/insights.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import type { InsightsCache } from "./generate.ts";
import { readInsightsData } from "./insights-data.ts";

export async function acknowledgeBurnout(o: {
  db: Db;
  entitlements: Pick<Entitlements, "require">;
  clock: () => Date;
  /** The person's cached insights are dropped: the alert now reads acknowledged. */
  cache: Pick<InsightsCache, "drop">;
  personId: string;
  /** An IANA zone, already checked. */
  tz: string;
}): Promise<z.infer<typeof acknowledgeResponse>> {
  const { db, personId: userId, tz } = o;
  await o.entitlements.require(userId, "ai_insights");
  const now = o.clock();
  const data = await readInsightsData(db, userId, tz, now);
  const risk = assessBurnout(data.days);
  if (!alertShows(risk.level)) {
    throw new AppError(
      "CONFLICT",
      "There is no burnout alert to acknowledge: your workload strain is not high.",
    );
  }
  const [row] = await db
    .insert(burnoutAlerts)
    .values({
      userId,
      riskScore: risk.score,
      riskLevel: risk.level,
      contributingFactors: risk.factors.map((f) => f.text),
      recommendations: [...BURNOUT_ACK_RECOMMENDATIONS],
      isAcknowledged: true,
      acknowledgedAt: now,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("burnout alert not stored");
  o.cache.drop(userId);
  return {
    id: row.id,
    riskScore: row.riskScore,
    riskLevel: row.riskLevel as z.infer<typeof acknowledgeResponse>["riskLevel"],
    recommendations: row.recommendations,
    acknowledgedAt: now.toISOString(),
  };
}
