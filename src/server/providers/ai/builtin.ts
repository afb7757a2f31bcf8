// The built-in assistant: a varied, sensible break suggestion chosen by break length, energy and
// time of day, never repeating the previous one.
import type { AiProvider, BreakSuggestionInput } from "./ai-provider.ts";
import { builtinInsightsText } from "./builtin-insights.ts";

type Idea = {
  text: string;
  minMinutes: number;
  maxMinutes: number;
  energy: "low" | "any" | "high";
  times?: Array<BreakSuggestionInput["timeOfDay"]>;
};

const IDEAS: Idea[] = [
  {
    text: "Stand up, roll your shoulders and stretch your neck slowly for a minute, then refill your water.",
    minMinutes: 1,
    maxMinutes: 10,
    energy: "any",
  },
  {
    text: "Look out of a window at something far away for a minute to rest your eyes, then take ten slow breaths.",
    minMinutes: 1,
    maxMinutes: 10,
    energy: "low",
  },
  {
    text: "Walk to the kitchen and make a cup of tea; leave your phone at your desk.",
    minMinutes: 5,
    maxMinutes: 15,
    energy: "any",
  },
  {
    text: "Do a quick round of 10 squats and 10 wall push-ups to get your blood moving.",
    minMinutes: 3,
    maxMinutes: 10,
    energy: "high",
  },
  {
    text: "Step outside for a short walk around the block and notice five things you can see.",
    minMinutes: 10,
    maxMinutes: 30,
    energy: "any",
    times: ["morning", "afternoon"],
  },
  {
    text: "Close your eyes and try a box-breathing round: in for 4, hold 4, out for 4, hold 4.",
    minMinutes: 2,
    maxMinutes: 10,
    energy: "low",
  },
  {
    text: "Tidy your desk and write down the one thing you will do next, so you restart without friction.",
    minMinutes: 5,
    maxMinutes: 15,
    energy: "any",
  },
  {
    text: "Have a healthy snack, like fruit or a handful of nuts, away from the screen.",
    minMinutes: 5,
    maxMinutes: 20,
    energy: "low",
    times: ["afternoon"],
  },
  {
    text: "Put on one favourite song and move to it, then get back to work refreshed.",
    minMinutes: 4,
    maxMinutes: 10,
    energy: "high",
  },
  {
    text: "Take a proper lunch-style break: eat something, get some daylight and do not check messages.",
    minMinutes: 15,
    maxMinutes: 60,
    energy: "any",
  },
  {
    text: "Do a gentle full-body stretch: reach up, fold forward, and twist each side for 30 seconds.",
    minMinutes: 5,
    maxMinutes: 20,
    energy: "any",
  },
  {
    text: "Call or message a friend for a few minutes about something that is not work.",
    minMinutes: 10,
    maxMinutes: 30,
    energy: "any",
    times: ["afternoon", "evening"],
  },
  {
    text: "Lie down or lean back with your eyes closed for a short, quiet rest.",
    minMinutes: 10,
    maxMinutes: 30,
    energy: "low",
    times: ["afternoon"],
  },
  {
    text: "Drink a glass of water and do a short set of calf raises while you finish it.",
    minMinutes: 1,
    maxMinutes: 5,
    energy: "any",
  },
];

export function createBuiltinAi(random: () => number = Math.random): AiProvider {
  return {
    kind: "builtin",
    async suggestBreakActivity(input) {
      const energy = input.energyLevel <= 4 ? "low" : input.energyLevel >= 8 ? "high" : "any";
      const fits = (i: Idea) =>
        input.breakDuration >= i.minMinutes &&
        input.breakDuration <= i.maxMinutes &&
        (i.energy === "any" || i.energy === energy || energy === "any") &&
        (!i.times || i.times.includes(input.timeOfDay)) &&
        i.text !== input.previousActivity;
      let pool = IDEAS.filter(fits);
      if (pool.length === 0) pool = IDEAS.filter((i) => i.text !== input.previousActivity);
      const idea = pool[Math.floor(random() * pool.length)] ?? IDEAS[0]!;
      return `${input.breakDuration}-minute break: ${idea.text}`;
    },
    async writeInsights(input) {
      return { text: builtinInsightsText(input), source: "builtin" };
    },
  };
}
