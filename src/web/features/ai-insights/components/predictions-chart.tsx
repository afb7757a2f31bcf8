// The Predictions line chart (spec section 2): points Current, Next Week, Next Month; series
// Completion Rate (%) and Productivity Score. Loaded on demand with Recharts.
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Predictions } from "#shared/contracts/ai-insights.ts";

export default function PredictionsChart({ predictions }: { predictions: Predictions }) {
  const rows = [
    { point: "Current", ...predictions.current },
    { point: "Next Week", ...predictions.nextWeek },
    { point: "Next Month", ...predictions.nextMonth },
  ].map((p) => ({
    point: p.point,
    "Completion Rate (%)": Math.round(p.completionRate * 100),
    "Productivity Score": p.productivityScore,
  }));
  return (
    <div
      className="h-64 w-full"
      role="img"
      aria-label={`Completion rate ${rows.map((r) => `${r.point} ${r["Completion Rate (%)"]}%`).join(", ")}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis dataKey="point" tick={{ fill: "var(--muted)", fontSize: 12 }} />
          <YAxis domain={[0, 100]} tick={{ fill: "var(--muted)", fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="Completion Rate (%)" stroke="var(--accent)" strokeWidth={2} />
          <Line type="monotone" dataKey="Productivity Score" stroke="var(--success)" strokeWidth={2} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
