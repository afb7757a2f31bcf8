// "I'll Take Care": stores a burnout_alerts row with the current score, level and factors and the
// spec's four recommendations, acknowledged. The alert then stays hidden until the level rises.
import type { z } from "zod";
import type { acknowledgeResponse } from "#shared/contracts/ai-insights.ts";
import { alertShows, assessBurnout, BURNOUT_ACK_RECOMMENDATIONS } from "#shared/domain/burnout.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { burnoutAlerts } from "../../db/schema/insights.ts";
import { readInsightsData } from "./insights-data.ts";

export async function acknowledgeBurnout(
  db: Db,
  userId: string,
  tz: string,
  now: Date,
): Promise<z.infer<typeof acknowledgeResponse>> {
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
  return {
    id: row.id,
    riskScore: row.riskScore,
    riskLevel: row.riskLevel as z.infer<typeof acknowledgeResponse>["riskLevel"],
    recommendations: row.recommendations,
    acknowledgedAt: now.toISOString(),
  };
}
