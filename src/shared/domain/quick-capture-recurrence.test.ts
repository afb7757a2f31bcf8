import { describe, expect, it } from "vitest";
import { parseQuickCapture } from "./quick-capture.ts";
import { firstOccurrence, validateRecurrence } from "./recurrence.ts";
import { parseVoiceCommand } from "./voice-commands.ts";

// Wednesday 18 November 2026, 10:00 in Berlin.
const NOW = new Date("2026-11-18T09:00:00Z");
const ZONE = "Europe/Berlin";
const parse = (text: string, now = NOW, zone = ZONE) => parseQuickCapture(text, now, zone);

type Case = {
  title: string;
  rrule: string;
  afterCompletion?: boolean;
  description: string;
  /** The first date as the wall clock in Berlin. */
  start: string;
  phrase: string;
};

describe("quick capture reads repeat phrases (issue 24)", () => {
  it.each<[string, Case]>([
    [
      "Team sync every monday at 9",
      {
        title: "Team sync",
        rrule: "FREQ=WEEKLY;BYDAY=MO",
        description: "Every Monday at 09:00",
        start: "2026-11-23T09:00",
        phrase: "every monday",
      },
    ],
    [
      "Payroll every 2 weeks on friday",
      {
        title: "Payroll",
        rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR",
        description: "Every 2 weeks on Friday at 17:00",
        start: "2026-11-20T17:00",
        phrase: "every 2 weeks on friday",
      },
    ],
    [
      "Review every last friday",
      {
        title: "Review",
        rrule: "FREQ=MONTHLY;BYDAY=-1FR",
        description: "Monthly on the last Friday at 17:00",
        start: "2026-11-27T17:00",
        phrase: "every last friday",
      },
    ],
    [
      "Standup every weekday at 8:30",
      {
        title: "Standup",
        rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
        description: "Every weekday at 08:30",
        start: "2026-11-19T08:30",
        phrase: "every weekday",
      },
    ],
    [
      "Water the plants every 3 days after completion",
      {
        title: "Water the plants",
        rrule: "FREQ=DAILY;INTERVAL=3",
        afterCompletion: true,
        description: "Every 3 days after completion, at 17:00",
        start: "2026-11-18T17:00",
        phrase: "every 3 days after completion",
      },
    ],
    [
      "Journal daily until dec 31",
      {
        title: "Journal",
        rrule: "FREQ=DAILY;UNTIL=20261231T225959Z",
        description: "Every day at 17:00, until 31 December 2026",
        start: "2026-11-18T17:00",
        phrase: "daily until dec 31",
      },
    ],
    [
      "Pay rent every month on the 15th",
      {
        title: "Pay rent",
        rrule: "FREQ=MONTHLY;BYMONTHDAY=15",
        description: "Monthly on the 15th at 17:00",
        start: "2026-12-15T17:00",
        phrase: "every month on the 15th",
      },
    ],
    [
      "Gym every mon, wed and fri at 7am #Admin 1h",
      {
        title: "Gym",
        rrule: "FREQ=WEEKLY;BYDAY=MO,WE,FR",
        description: "Every Monday, Wednesday and Friday at 07:00",
        start: "2026-11-20T07:00",
        phrase: "every mon, wed and fri",
      },
    ],
    [
      "Report every 3rd tuesday !high",
      {
        title: "Report",
        rrule: "FREQ=MONTHLY;BYDAY=3TU",
        description: "Monthly on the third Tuesday at 17:00",
        start: "2026-12-15T17:00",
        phrase: "every 3rd tuesday",
      },
    ],
    [
      "Pay bills on the 1st of every month",
      {
        title: "Pay bills",
        rrule: "FREQ=MONTHLY;BYMONTHDAY=1",
        description: "Monthly on the 1st at 17:00",
        start: "2026-12-01T17:00",
        phrase: "on the 1st of every month",
      },
    ],
    [
      "Invoice every month on the last day",
      {
        title: "Invoice",
        rrule: "FREQ=MONTHLY;BYMONTHDAY=-1",
        description: "Monthly on the last day at 17:00",
        start: "2026-11-30T17:00",
        phrase: "every month on the last day",
      },
    ],
    [
      "Standup each weekday at 9:15 until 31 dec 2026",
      {
        title: "Standup",
        rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20261231T225959Z",
        description: "Every weekday at 09:15, until 31 December 2026",
        start: "2026-11-19T09:15",
        phrase: "each weekday until 31 dec 2026",
      },
    ],
    [
      "Stretch every other day for 10 times",
      {
        title: "Stretch",
        rrule: "FREQ=DAILY;INTERVAL=2;COUNT=10",
        description: "Every 2 days at 17:00, 10 times",
        start: "2026-11-18T17:00",
        phrase: "every other day for 10 times",
      },
    ],
    [
      "Backup weekly",
      {
        title: "Backup",
        rrule: "FREQ=WEEKLY",
        description: "Every Wednesday at 17:00",
        start: "2026-11-18T17:00",
        phrase: "weekly",
      },
    ],
  ])("%j", (text, c) => {
    const result = parse(text);
    expect(result.title).toBe(c.title);
    expect(result.recurrence).toEqual({
      rrule: c.rrule,
      start: c.start,
      timeZone: ZONE,
      afterCompletion: c.afterCompletion ?? false,
      description: c.description,
    });
    expect(result.recognized).toContainEqual({ kind: "recurrence", text: c.phrase });
    // The deadline is the series' first date, as the rule library computes it.
    const recurrence = result.recurrence!;
    expect(validateRecurrence(recurrence)).toBeNull();
    expect(firstOccurrence(recurrence)).toEqual(result.deadline);
  });

  it("a time already past today starts tomorrow", () => {
    const evening = new Date("2026-11-18T18:00:00Z"); // 19:00 in Berlin
    expect(parse("Standup every weekday at 8:30", evening).recurrence?.start).toBe("2026-11-19T08:30");
    expect(parse("Water daily", evening).recurrence?.start).toBe("2026-11-19T17:00");
  });

  it("a date written beside the phrase is where the series starts", () => {
    expect(parse("Standup every weekday from dec 7 at 9").recurrence?.start).toBe("2026-12-07T09:00");
  });

  it.each([
    "Write weekly report",
    "Daily standup",
    "Check every box",
    "Every so often",
    "Monthly review meeting notes",
    "Read the first chapter",
  ])("%j stays a title", (text) => {
    const result = parse(text);
    expect(result.recurrence).toBeNull();
    expect(result.title).toBe(text);
  });

  it("a line without a repeat phrase parses as before", () => {
    expect(parse("Review budget tomorrow 3pm 45m").recurrence).toBeNull();
  });
});

describe("voice commands read the same phrases said aloud", () => {
  it.each([
    [
      "add task water the plants every three days after completion",
      "FREQ=DAILY;INTERVAL=3",
      true,
      "water the plants",
    ],
    ["remind me to call mom every sunday at nine", "FREQ=WEEKLY;BYDAY=SU", false, "call mom"],
    ["add pay rent every month on the fifteenth", "FREQ=MONTHLY;BYMONTHDAY=15", false, "pay rent"],
    ["add task standup every weekday at eight thirty", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", false, "standup"],
    ["create a task review every last friday", "FREQ=MONTHLY;BYDAY=-1FR", false, "review"],
  ])("%j", (said, rrule, afterCompletion, title) => {
    const command = parseVoiceCommand(said, NOW, ZONE);
    expect(command.kind).toBe("add_task");
    if (command.kind !== "add_task") return;
    expect(command.draft.title).toBe(title);
    expect(command.draft.recurrence).toMatchObject({ rrule, afterCompletion });
  });

  it("times said in words", () => {
    const command = parseVoiceCommand("add task standup every weekday at eight thirty", NOW, ZONE);
    expect(command.kind === "add_task" && command.draft.recurrence?.description).toBe(
      "Every weekday at 08:30",
    );
  });
});
