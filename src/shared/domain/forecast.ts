// Forecasting a person's weekly series (completion rate per week) for the AI Insights predictions.
// Short, noisy series: with 8 weeks or more, Holt's linear trend with a damped trend (the additive
// ETS(A,Ad,N) model) fitted by a small grid search; under 8 weeks, the mean and the spread of what
// was seen. Both give an 80% prediction interval, and the stated confidence comes from its width and
// the number of weeks (docs/decisions/040-insights-forecast.md).

/** Weeks of history from which the damped trend is fitted instead of mean and spread. */
export const HOLT_MIN_WEEKS = 8;
/** z for a central 80% interval of a normal distribution. */
const Z80 = 1.2815515655446004;

export type Forecast = {
  method: "holt-damped" | "mean-spread";
  /** Point forecasts for 1..h weeks ahead. */
  points: number[];
  /** Half-widths of the 80% prediction interval for 1..h weeks ahead. */
  halfWidth80: number[];
  weeks: number;
};

/** One-sided 0.90 quantiles of Student's t for 1..30 degrees of freedom (beyond that, z). */
const T90 = [
  3.078, 1.886, 1.638, 1.533, 1.476, 1.44, 1.415, 1.397, 1.383, 1.372, 1.363, 1.356, 1.35, 1.345, 1.341,
  1.337, 1.333, 1.33, 1.328, 1.325, 1.323, 1.321, 1.319, 1.318, 1.316, 1.315, 1.314, 1.313, 1.311, 1.31,
];
export const t90 = (df: number) => (df < 1 ? Number.POSITIVE_INFINITY : (T90[df - 1] ?? Z80));

/**
 * Mean and spread: the next values are forecast as the mean, with the exact prediction interval of
 * independent normal values, mean ± t(0.90, n-1) · s · sqrt(1 + 1/n). Needs at least 2 values.
 */
export function meanSpreadForecast(series: readonly number[], horizon: number): Forecast {
  const n = series.length;
  const mean = series.reduce((s, v) => s + v, 0) / n;
  const s = n > 1 ? Math.sqrt(series.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1)) : 0;
  const half = t90(n - 1) * s * Math.sqrt(1 + 1 / n);
  return {
    method: "mean-spread",
    points: Array.from({ length: horizon }, () => mean),
    halfWidth80: Array.from({ length: horizon }, () => half),
    weeks: n,
  };
}

type HoltFit = { alpha: number; beta: number; phi: number; level: number; trend: number; sse: number };

/** One pass of the damped-trend recursions; returns the final state and the one-step squared errors. */
export function holtDampedFit(series: readonly number[], alpha: number, beta: number, phi: number): HoltFit {
  let level = series[0] ?? 0;
  let trend = series.length > 1 ? (series[1] ?? 0) - level : 0;
  let sse = 0;
  for (let t = 1; t < series.length; t++) {
    const forecast = level + phi * trend;
    const error = (series[t] ?? 0) - forecast;
    sse += error * error;
    level = forecast + alpha * error;
    trend = phi * trend + beta * error;
  }
  return { alpha, beta, phi, level, trend, sse };
}

const ALPHAS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
const BETAS = [0.01, 0.05, 0.1, 0.2];
const PHIS = [0.8, 0.9, 0.98];

/**
 * Holt's damped trend, parameters chosen by least squares of the one-step errors over a small grid.
 * The h-step variance is σ²(1 + Σ_{j<h} c_j²) with c_j = α + βφ(1-φ^j)/(1-φ) (Hyndman et al.,
 * Forecasting with Exponential Smoothing, class 1 models); σ² is the mean squared one-step error with
 * the three smoothing parameters and the two initial states counted against its degrees of freedom.
 */
export function holtDampedForecast(series: readonly number[], horizon: number): Forecast {
  let best: HoltFit | null = null;
  for (const alpha of ALPHAS)
    for (const beta of BETAS)
      for (const phi of PHIS) {
        if (beta > alpha) continue;
        const fit = holtDampedFit(series, alpha, beta, phi);
        if (!best || fit.sse < best.sse) best = fit;
      }
  const fit = best as HoltFit;
  const n = series.length;
  const sigma2 = fit.sse / Math.max(1, n - 1 - 3);
  const points: number[] = [];
  const halfWidth80: number[] = [];
  let dampSum = 0;
  let varianceFactor = 1;
  for (let h = 1; h <= horizon; h++) {
    dampSum += fit.phi ** h;
    points.push(fit.level + dampSum * fit.trend);
    if (h > 1) {
      const j = h - 1;
      const c = fit.alpha + (fit.beta * fit.phi * (1 - fit.phi ** j)) / (1 - fit.phi);
      varianceFactor += c * c;
    }
    // t with the residual degrees of freedom widens the interval for the parameters being estimated.
    halfWidth80.push(t90(Math.max(1, n - 4)) * Math.sqrt(sigma2 * varianceFactor));
  }
  return { method: "holt-damped", points, halfWidth80, weeks: n };
}

/** The method that suits the length of the series (at least 2 weeks). */
export function forecastWeekly(series: readonly number[], horizon: number): Forecast {
  return series.length >= HOLT_MIN_WEEKS
    ? holtDampedForecast(series, horizon)
    : meanSpreadForecast(series, horizon);
}

/**
 * How far to trust a forecast of a 0..1 rate, 0 to 1: one minus the 80% half-width as a share of the
 * widest useful interval (±0.5), times n/(n+2) so that a few weeks never look certain.
 */
export function forecastConfidence(halfWidth80: number, weeks: number): number {
  if (!(weeks > 0) || !Number.isFinite(halfWidth80)) return 0;
  const spread = Math.max(0, 1 - halfWidth80 / 0.5);
  const sample = weeks / (weeks + 2);
  return Math.round(Math.min(0.95, spread * sample) * 100) / 100;
}

/** Improving, stable or declining: the forecast moves by more than 2 points of rate either way. */
export function trendOf(current: number, future: number): "improving" | "stable" | "declining" {
  const delta = future - current;
  if (delta > 0.02) return "improving";
  if (delta < -0.02) return "declining";
  return "stable";
}
