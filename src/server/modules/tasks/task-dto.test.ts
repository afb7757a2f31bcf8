import { describe, expect, it } from "vitest";
import { isoFromPg, parsePgTimestamptz } from "../../db/schema/any-year-timestamp.ts";
import { taskDtoFromDriverRow, toTaskDto } from "./task-dto.ts";

// PostgreSQL's timestamptz text in the forms it prints (fractions trimmed of trailing zeros).
const SAMPLES = [
  "2026-11-24 06:20:43+00",
  "2026-11-24 06:20:43.1+00",
  "2026-11-24 06:20:43.12+00",
  "2026-11-24 06:20:43.123+00",
  "2026-11-24 06:20:43.1239+00",
  "2026-11-24 06:20:43.999999+00",
  "0001-01-01 00:00:00+00",
  "0099-12-31 23:59:59.5+00",
  "9999-12-31 23:59:59.999999+00",
  "2026-11-24 08:20:43.5+02",
  "2026-11-24 01:50:43-04:30",
  "2026-03-01 00:00:00+05:45:12",
];

describe("isoFromPg", () => {
  it("gives what reading the text through a Date gives, for every form", () => {
    for (const text of SAMPLES) expect(isoFromPg(text), text).toBe(parsePgTimestamptz(text).toISOString());
    // The years drizzle's own columns can hold read the same through `new Date` (what toTaskDto sees).
    for (const text of SAMPLES.filter((t) => !t.startsWith("00") && !t.endsWith(":12")))
      expect(isoFromPg(text), text).toBe(new Date(text).toISOString());
  });

  it("passes null through and accepts a Date (a driver that parses timestamps itself)", () => {
    expect(isoFromPg(null)).toBeNull();
    expect(isoFromPg(new Date("2026-01-02T03:04:05.678Z"))).toBe("2026-01-02T03:04:05.678Z");
  });
});

describe("taskDtoFromDriverRow", () => {
  it("answers what toTaskDto answers for the same row", () => {
    const raw = {
      id: "8f6c2f61-8a4e-4d55-9d7e-0a4a1b9f3c11",
      user_id: "u1",
      organization_id: null,
      title: "Write the report",
      description: null,
      deadline: "0001-01-01 00:00:00+00",
      estimated_minutes: 30,
      actual_minutes: 12,
      category: "Work",
      priority: "high",
      completed: true,
      completed_at: "2026-11-24 06:20:43.123456+00",
      status: "done",
      is_active: false,
      active_start_time: null,
      priority_score: 71.25,
      created_at: "2026-11-20 10:00:00+00",
      updated_at: "2026-11-24 06:20:43.5+00",
      project_id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
      milestone_id: null,
      assignee_id: "u2",
      created_by: "u1",
      updated_by: null,
      version: 3,
      subtasks_total: 5,
      subtasks_done: 2,
      subtasks_open_minutes: 25,
      recurrence_rule: "FREQ=DAILY;INTERVAL=3",
      recurrence_start: "2026-11-24T09:00",
      recurrence_time_zone: "Europe/Berlin",
      recurrence_after_completion: true,
      occurrence_due: "2026-11-27 08:00:00+00",
      series_title: "Water the plants",
      occurrences_done: 2,
      count: "5000",
    };
    const viaDrizzle = toTaskDto({
      id: raw.id,
      userId: raw.user_id,
      organizationId: raw.organization_id,
      title: raw.title,
      description: raw.description,
      deadline: parsePgTimestamptz(raw.deadline),
      estimatedMinutes: raw.estimated_minutes,
      actualMinutes: raw.actual_minutes,
      category: raw.category,
      priority: raw.priority,
      completed: raw.completed,
      completedAt: new Date(raw.completed_at),
      status: raw.status,
      isActive: raw.is_active,
      activeStartTime: null,
      priorityScore: raw.priority_score,
      createdAt: new Date(raw.created_at),
      updatedAt: new Date(raw.updated_at),
      projectId: raw.project_id,
      milestoneId: raw.milestone_id,
      assigneeId: raw.assignee_id,
      createdBy: raw.created_by,
      updatedBy: raw.updated_by,
      version: raw.version,
      subtasksTotal: raw.subtasks_total,
      subtasksDone: raw.subtasks_done,
      subtasksOpenMinutes: raw.subtasks_open_minutes,
      recurrenceRule: raw.recurrence_rule,
      recurrenceStart: raw.recurrence_start,
      recurrenceTimeZone: raw.recurrence_time_zone,
      recurrenceAfterCompletion: raw.recurrence_after_completion,
      occurrenceDue: parsePgTimestamptz(raw.occurrence_due),
      seriesTitle: raw.series_title,
      occurrencesDone: raw.occurrences_done,
    });
    expect(taskDtoFromDriverRow(raw)).toEqual(viaDrizzle);
    expect(Object.keys(taskDtoFromDriverRow(raw))).toEqual(Object.keys(viaDrizzle));
  });
});
