import { describe, expect, it } from "vitest";
import {
  matchTaskByTitle,
  normalizeTranscript,
  parseVoiceCommand,
  spokenToQuickCapture,
} from "./voice-commands.ts";

// Wednesday 18 November 2026, 10:00 on the machine's own clock (as quick-capture.test.ts).
const NOW = new Date(2026, 10, 18, 10, 0);

describe("parseVoiceCommand: adding a task", () => {
  it("reads the issue's example: date, time, estimate and priority out of the title", () => {
    const cmd = parseVoiceCommand(
      "Add task review the budget tomorrow at 3pm for 45 minutes high priority",
      NOW,
    );
    expect(cmd.kind).toBe("add_task");
    if (cmd.kind !== "add_task") return;
    expect(cmd.draft.title).toBe("review the budget");
    expect(cmd.draft.deadline).toEqual(new Date(2026, 10, 19, 15, 0));
    expect(cmd.draft.estimatedMinutes).toBe(45);
    expect(cmd.draft.priority).toBe("high");
  });

  it("reads the deadline in the person's time zone, whatever the machine's", () => {
    const heard = "add task review the budget tomorrow at 3pm for 45 minutes high priority";
    const cmd = parseVoiceCommand(heard, new Date("2026-11-18T10:00:00Z"), "Europe/Berlin");
    expect(cmd.kind === "add_task" && cmd.draft.deadline).toEqual(new Date("2026-11-19T14:00:00Z"));
  });

  it.each([
    ["create a new task call the bank", "call the bank"],
    ["add a task to water the plants", "water the plants"],
    ["remind me to book flights", "book flights"],
    ["add buy milk", "buy milk"],
    ["new todo write the report.", "write the report"],
  ])("%s → %s", (heard, title) => {
    const cmd = parseVoiceCommand(heard, NOW);
    expect(cmd.kind === "add_task" && cmd.draft.title).toBe(title);
  });

  it("understands estimates, categories and times the way recognisers write them", () => {
    const cmd = parseVoiceCommand(
      "Add task plan the sprint on Friday at 9 a.m. for an hour category meeting",
      NOW,
    );
    expect(cmd.kind).toBe("add_task");
    if (cmd.kind !== "add_task") return;
    expect(cmd.draft.title).toBe("plan the sprint");
    expect(cmd.draft.deadline).toEqual(new Date(2026, 10, 20, 9, 0));
    expect(cmd.draft.estimatedMinutes).toBe(60);
    expect(cmd.draft.category).toBe("Meeting");
    const words = parseVoiceCommand("add task stretch for forty five minutes with low priority", NOW);
    expect(words.kind === "add_task" && [words.draft.estimatedMinutes, words.draft.priority]).toEqual([
      45,
      "low",
    ]);
    const half = parseVoiceCommand("add task tidy the desk for half an hour", NOW);
    expect(half.kind === "add_task" && [half.draft.title, half.draft.estimatedMinutes]).toEqual([
      "tidy the desk",
      30,
    ]);
  });

  it("keeps words that only look like details in the title", () => {
    const cmd = parseVoiceCommand("add task design the priority queue", NOW);
    expect(cmd.kind === "add_task" && cmd.draft.title).toBe("design the priority queue");
    const notCategory = parseVoiceCommand("add task research category theory", NOW);
    expect(notCategory.kind === "add_task" && notCategory.draft.category).toBeNull();
  });
});

describe("parseVoiceCommand: timers, focus and places", () => {
  it.each([
    ["start timer on review the budget", "review the budget"],
    ["Start the timer for the quarterly report", "quarterly report"],
    ["begin tracking time on emails", "emails"],
  ])("%s starts the timer on %s", (heard, taskTitle) => {
    expect(parseVoiceCommand(heard, NOW)).toEqual({ kind: "start_timer", taskTitle });
  });

  it.each(["stop the timer", "Stop timer.", "end my timer", "pause tracking"])(
    "%s stops the timer",
    (heard) => {
      expect(parseVoiceCommand(heard, NOW)).toEqual({ kind: "stop_timer" });
    },
  );

  it.each(["start a focus session", "start pomodoro", "begin focus"])(
    "%s starts a focus session",
    (heard) => {
      expect(parseVoiceCommand(heard, NOW)).toEqual({ kind: "start_focus" });
    },
  );

  it.each([
    ["open analytics", "analytics"],
    ["go to settings", "settings"],
    ["show me my tasks", "tasks"],
    ["take me to the calendar page", "calendar"],
    ["open AI insights", "ai-insights"],
    ["go to the team workspace", "team"],
    ["open workflows", "workflows"],
    ["go to the dashboard", "overview"],
  ])("%s goes to %s", (heard, to) => {
    expect(parseVoiceCommand(heard, NOW)).toEqual({ kind: "navigate", to });
  });
});

describe("parseVoiceCommand: what it does not understand", () => {
  it.each([
    "",
    "   ",
    "hello there",
    "open the pod bay doors",
    "add",
    "add task tomorrow at 3pm",
    "start timer",
  ])("%j is unknown and adds nothing", (heard) => {
    expect(parseVoiceCommand(heard, NOW)).toEqual({ kind: "unknown" });
  });
});

describe("the helpers", () => {
  it("normalises recognisers' punctuation and case", () => {
    expect(normalizeTranscript("  Stop the Timer.  ")).toBe("stop the timer");
    expect(normalizeTranscript("at 3 P.M. tomorrow")).toBe("at 3 pm tomorrow");
  });

  it("rewrites spoken details as quick capture's syntax", () => {
    expect(spokenToQuickCapture("review for 45 minutes high priority")).toBe("review 45 minutes !high");
    expect(spokenToQuickCapture("review priority urgent tag research")).toBe("review !urgent #research");
  });

  it("matches a spoken title to the closest open task", () => {
    const tasks = [{ title: "Review the budget" }, { title: "Budget meeting prep" }, { title: "Email Sam" }];
    expect(matchTaskByTitle(tasks, "review the budget")).toBe(tasks[0]);
    expect(matchTaskByTitle(tasks, "the budget review")).toBe(tasks[0]);
    expect(matchTaskByTitle(tasks, "email sam")).toBe(tasks[2]);
    expect(matchTaskByTitle(tasks, "walk the dog")).toBeNull();
    expect(matchTaskByTitle(tasks, "")).toBeNull();
  });
});
