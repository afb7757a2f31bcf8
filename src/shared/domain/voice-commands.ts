// Voice commands (spec section 6, feature voice_commands): what the browser's speech recognition
// heard becomes one command. Adding a task goes through the very parser quick capture uses
// (quick-capture.ts) after the spoken forms are turned into its written ones ("high priority" →
// !high, "for 45 minutes" → 45 minutes, "category design" → #Design); the other commands are
// Kairo's own short grammar. Pure: the web previews with it, the server checks with it.
import {
  localTimeZone,
  parseQuickCapture,
  projectTag,
  type QuickCaptureProject,
  type QuickCaptureResult,
} from "./quick-capture.ts";
import { TASK_CATEGORIES, type TaskPriority } from "./tasks.ts";

export const VOICE_DESTINATIONS = [
  "overview",
  "tasks",
  "calendar",
  "analytics",
  "ai-insights",
  "workflows",
  "team",
  "settings",
] as const;
export type VoiceDestination = (typeof VOICE_DESTINATIONS)[number];

export type VoiceCommand =
  | { kind: "add_task"; draft: QuickCaptureResult }
  | { kind: "start_timer"; taskTitle: string }
  | { kind: "stop_timer" }
  | { kind: "start_focus" }
  | { kind: "navigate"; to: VoiceDestination }
  | { kind: "unknown" };

/** Spoken names of each place, matched whole after "open", "go to", "show me"... */
const DESTINATION_NAMES: Readonly<Record<VoiceDestination, readonly string[]>> = {
  overview: ["overview", "dashboard", "home", "home page"],
  tasks: ["tasks", "my tasks", "task list", "to do list", "todo list"],
  calendar: ["calendar", "my calendar", "schedule", "my schedule"],
  analytics: ["analytics", "stats", "statistics", "reports"],
  "ai-insights": ["ai insights", "a i insights", "insights", "ai"],
  workflows: ["workflows", "workflow automation", "automations", "workflow"],
  team: ["team", "team workspace", "my team", "workspace"],
  settings: ["settings", "preferences", "my settings", "account settings"],
};

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  "forty five": 45,
  "forty-five": 45,
  forty: 40,
  fifty: 50,
  sixty: 60,
  ninety: 90,
};

/** Days of the month said as ordinals, for "every month on the fifteenth". */
const DAY_ORDINALS: Readonly<Record<string, string>> = Object.fromEntries(
  [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
    "twenty first",
    "twenty second",
    "twenty third",
    "twenty fourth",
    "twenty fifth",
    "twenty sixth",
    "twenty seventh",
    "twenty eighth",
    "twenty ninth",
    "thirtieth",
    "thirty first",
  ].map((word, i) => {
    const n = i + 1;
    const suffix =
      n % 10 === 1 && n !== 11
        ? "st"
        : n % 10 === 2 && n !== 12
          ? "nd"
          : n % 10 === 3 && n !== 13
            ? "rd"
            : "th";
    return [word, `${n}${suffix}`];
  }),
);

const PRIORITIES: readonly TaskPriority[] = ["low", "medium", "high", "urgent"];

/** Lower case, single spaces, no end punctuation, "p.m." as "pm" (how recognisers write them). */
export function normalizeTranscript(text: string): string {
  return text
    .toLowerCase()
    .replace(/\b([ap])\.\s?m\.?/g, "$1m")
    .replace(/[.,!?;]+(\s|$)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** Turns spoken task details into quick capture's written syntax; the rest is left as it was said. */
export function spokenToQuickCapture(text: string, projects: readonly QuickCaptureProject[] = []): string {
  let line = ` ${text} `;
  // "in project website redesign", "to the website redesign project": the project's +Name (decision
  // 176), longest names first so "Q4 launch plan" wins over "Q4 launch".
  for (const p of [...projects].sort((a, b) => b.name.length - a.name.length)) {
    const name = normalizeTranscript(p.name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (!name) continue;
    line = line.replace(
      new RegExp(` (?:in|to|for|under|into) (?:the )?project ${name} `),
      ` ${projectTag(p.name)} `,
    );
    line = line.replace(
      new RegExp(` (?:in|to|for|under|into) (?:the |my )?${name} project `),
      ` ${projectTag(p.name)} `,
    );
  }
  // Numbers said as words before a unit: "forty five minutes", "an hour", "half an hour".
  line = line.replace(/ (for )?half an hour /g, " 30m ");
  line = line.replace(/ (for )?an hour and a half /g, " 90m ");
  const numberWords = Object.keys(NUMBER_WORDS)
    .sort((a, b) => b.length - a.length)
    .join("|");
  line = line.replace(
    new RegExp(` (${numberWords}) (minutes?|mins?|hours?|hrs?) `, "g"),
    (_m, n: string, unit: string) => ` ${NUMBER_WORDS[n]} ${unit} `,
  );
  // "at nine", "at seven thirty": a time said in words, as quick capture reads it in digits.
  const hours = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve";
  line = line.replace(
    new RegExp(` at (${hours})(?: (fifteen|thirty|forty five))?(?: o'?clock)? `, "g"),
    (_m, h: string, m: string | undefined) => ` at ${NUMBER_WORDS[h]}${m ? `:${NUMBER_WORDS[m]}` : ""} `,
  );
  // "on the fifteenth": a day of the month said in words ("the first chapter" stays as said).
  const ordinals = Object.keys(DAY_ORDINALS)
    .sort((a, b) => b.length - a.length)
    .join("|");
  line = line.replace(
    new RegExp(` on the (${ordinals}) `, "g"),
    (_m, o: string) => ` on the ${DAY_ORDINALS[o]} `,
  );
  // "for 45 minutes": the estimate without its lead word.
  line = line.replace(/ for (\d+(?:\.\d+)? ?(?:minutes?|mins?|m|hours?|hrs?|h)) /g, " $1 ");
  // "high priority", "priority high", "urgent priority", "with low priority".
  const prio = PRIORITIES.join("|");
  line = line.replace(new RegExp(` (?:with )?(?:a )?(${prio}) priority `, "g"), " !$1 ");
  line = line.replace(new RegExp(` priority (${prio}) `, "g"), " !$1 ");
  // "category design", "in the design category", "hashtag design": only the product's categories.
  const cats = TASK_CATEGORIES.map((c) => c.toLowerCase()).join("|");
  line = line.replace(new RegExp(` (?:category|hashtag|tag) (${cats}) `, "g"), " #$1 ");
  line = line.replace(new RegExp(` in (?:the )?(${cats}) category `, "g"), " #$1 ");
  return line.trim();
}

const ADD_LEAD =
  /^(?:please )?(?:(?:add|create|new|make)(?: me)?(?: a)?(?: new)? (?:task|to do|todo|reminder)(?: to| called| named)?|remind me to|add) (.+)$/;
const START_TIMER =
  /^(?:please )?(?:start|begin|resume)(?: the| a)? (?:time tracking|tracking time|timer|tracking|clock)(?: on| for)?(?: the)?(?: task)? (.+)$/;
const STOP_TIMER =
  /^(?:please )?(?:stop|end|pause|finish)(?: the| my)? (?:timer|tracking|time tracking|clock)$/;
const START_FOCUS =
  /^(?:please )?(?:start|begin)(?: a| the| my)? (?:focus(?: session| timer)?|pomodoro(?: session| timer)?)$/;
const NAVIGATE =
  /^(?:please )?(?:open|go to|show me|show|take me to|switch to|navigate to)(?: the| my)? (.+?)(?: page| section| tab)?$/;

/** What a transcript asks for. Dates ("tomorrow at 3pm") are read from `now` in `timeZone`. */
export function parseVoiceCommand(
  transcript: string,
  now: Date,
  timeZone = localTimeZone(),
  projects: readonly QuickCaptureProject[] = [],
): VoiceCommand {
  const text = normalizeTranscript(transcript);
  if (text === "") return { kind: "unknown" };
  if (STOP_TIMER.test(text)) return { kind: "stop_timer" };
  if (START_FOCUS.test(text)) return { kind: "start_focus" };
  const timer = START_TIMER.exec(text);
  if (timer) return { kind: "start_timer", taskTitle: timer[1]!.trim() };
  const nav = NAVIGATE.exec(text);
  if (nav) {
    const to = destinationOf(nav[1]!);
    if (to) return { kind: "navigate", to };
  }
  const add = ADD_LEAD.exec(text);
  if (add) {
    const draft = parseQuickCapture(spokenToQuickCapture(add[1]!, projects), now, timeZone, projects);
    if (draft.title.trim() !== "") return { kind: "add_task", draft };
  }
  return { kind: "unknown" };
}

function destinationOf(name: string): VoiceDestination | null {
  for (const to of VOICE_DESTINATIONS) if (DESTINATION_NAMES[to].includes(name)) return to;
  return null;
}

const words = (s: string) => normalizeTranscript(s).split(" ").filter(Boolean);

/**
 * The open task a spoken title means: an exact title first, then the one sharing the most words with
 * what was said (at least half of them). Null when nothing is close enough.
 */
export function matchTaskByTitle<T extends { title: string }>(tasks: readonly T[], spoken: string): T | null {
  const said = words(spoken);
  if (said.length === 0) return null;
  const exact = tasks.find((t) => normalizeTranscript(t.title) === said.join(" "));
  if (exact) return exact;
  let best: { task: T; score: number } | null = null;
  for (const task of tasks) {
    const title = new Set(words(task.title));
    const shared = said.filter((w) => title.has(w)).length;
    const score = shared / Math.max(said.length, title.size);
    if (shared > 0 && score >= 0.5 && (!best || score > best.score)) best = { task, score };
  }
  return best?.task ?? null;
}
