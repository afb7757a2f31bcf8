// Typed refusals with plain English messages: a bad input is refused whole, never half planned.

import { DateTime } from "luxon";
import type { Refusal, RefusalCode } from "./types.ts";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Tuesday 10 March, 14:00" in the person's zone. */
export function formatWhen(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).setLocale("en-GB").toFormat("cccc d LLLL, HH:mm");
}

function message(code: RefusalCode, p: Record<string, string | number>): string {
  switch (code) {
    case "invalidTimeZone":
      return `"${p.zone}" is not a time zone Kairo knows; choose one such as Europe/Berlin.`;
    case "invalidWindow":
      return `The ${p.which} window ${p.window}${p.weekday !== undefined ? ` on ${WEEKDAYS[Number(p.weekday)]}` : ""} is not a valid time range; use HH:MM with the start before the end.`;
    case "overlappingWindows":
      return `Two ${p.which} windows on ${WEEKDAYS[Number(p.weekday)]} overlap (${p.first} and ${p.second}); make them separate.`;
    case "noWorkingHours":
      return p.inHorizon
        ? "You have no working hours in the days being planned; set them in Settings → Planning or plan other days."
        : "You have no working hours; set them in Settings → Planning before planning.";
    case "horizonTooLong":
      return `A plan covers at most ${p.max} days (8 weeks); ${p.days} days were asked.`;
    case "invalidHorizon":
      return "The days to plan are not valid: give a start date (YYYY-MM-DD) and at least one day.";
    case "invalidBlockLengths":
      return String(p.detail);
    case "invalidTask":
      return `Task ${p.taskId} cannot be planned: ${p.detail}.`;
    case "conflictingPins":
      return `The pinned blocks of "${p.first}" and "${p.second}" overlap; move one of them.`;
    case "pinOutsideWorkingHours":
      return `The block of "${p.title}" at ${p.when} is outside your working hours${p.lunch ? " (over lunch)" : ""}.`;
    case "pinOverBusy":
      return `The block of "${p.title}" at ${p.when} is over busy time${p.label ? ` ("${p.label}")` : ""}.`;
    case "pinsOverCap":
      return `Pinned blocks on ${p.date} add up to ${p.minutes} minutes, over your daily cap of ${p.cap} minutes.`;
    case "pinsOverEstimate":
      return `The pinned blocks of "${p.title}" add up to ${p.minutes} minutes, more than its ${p.estimate}-minute estimate.`;
    case "tooManyPeople":
      return `A meeting can be planned for at most ${p.max} people; ${p.people} were chosen.`;
    case "emptyWindow":
      return "There is no time to search: the window to look in is empty.";
    case "invalidMeeting":
      return String(p.detail);
    case "noCommonTime":
      return `No ${p.minutes}-minute time in the next ${p.days} days is inside everyone's working hours and free for all.`;
  }
}

export function refuse(code: RefusalCode, params: Record<string, string | number> = {}): Refusal {
  return { ok: false, code, params, message: message(code, params) };
}
