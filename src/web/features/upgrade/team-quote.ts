// The team size calculator's arithmetic (spec sections 5 and 9): what a team of N pays per month and
// per year (20% off), the hint for its size, and custom pricing above 100 people. Prices come from
// the shared plan catalogue, the same numbers the server charges.
import { planTotal, TEAM_SIZE, type TeamSizeHint, teamSizeHint } from "#shared/domain/plans.ts";

export type TeamQuote =
  | {
      kind: "priced";
      seats: number;
      hint: TeamSizeHint["label"];
      /** USD per month. */
      monthly: number;
      /** USD per year with the yearly discount. */
      yearly: number;
      /** USD saved per year by paying yearly. */
      yearlySaving: number;
    }
  | { kind: "custom"; seats: number }
  | { kind: "invalid"; message: string };

export const TEAM_SIZE_MESSAGE = `A team has at least ${TEAM_SIZE.min} people.`;
/** Upper bound of the number input: enough to ask for custom pricing, small enough to stay sane. */
export const TEAM_SIZE_INPUT_MAX = 10_000;

/**
 * The seats typed into the number input: a whole number, or null with a message. Values above 100
 * are kept (they mean custom pricing); values below 2 are refused.
 */
export function parseTeamSize(raw: string): { seats: number } | { message: string } {
  const text = raw.trim();
  if (text === "") return { message: "Enter the number of people in your team." };
  if (!/^\d+$/.test(text)) return { message: "Use a whole number of people." };
  const seats = Number(text);
  if (seats < TEAM_SIZE.min) return { message: TEAM_SIZE_MESSAGE };
  if (seats > TEAM_SIZE_INPUT_MAX) return { seats: TEAM_SIZE_INPUT_MAX };
  return { seats };
}

export function teamQuote(raw: string): TeamQuote {
  const parsed = parseTeamSize(raw);
  if ("message" in parsed) return { kind: "invalid", message: parsed.message };
  const { seats } = parsed;
  if (teamSizeHint(seats).customPricing) return { kind: "custom", seats };
  const monthly = planTotal("team", { seats, billing: "monthly" });
  const yearly = planTotal("team", { seats, billing: "yearly" });
  if (monthly === null || yearly === null) return { kind: "custom", seats };
  return {
    kind: "priced",
    seats,
    hint: teamSizeHint(seats).label,
    monthly,
    yearly,
    yearlySaving: Math.round((monthly * 12 - yearly) * 100) / 100,
  };
}

/** Where the slider sits for any typed size: within its 2 to 100 track. */
export function sliderSeats(raw: string): number {
  const parsed = parseTeamSize(raw);
  if ("message" in parsed) return TEAM_SIZE.min;
  return Math.min(TEAM_SIZE.max, Math.max(TEAM_SIZE.min, parsed.seats));
}
