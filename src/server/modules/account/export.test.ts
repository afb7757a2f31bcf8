import { describe, expect, it } from "vitest";
import { buildAccountExport, EXPORT_FORMAT, type ExportRows, exportFileName } from "./export.ts";

const at = new Date("2025-10-17T09:30:00.000Z");
const userId = "user-1";
const conn = "11111111-1111-4111-8111-111111111111";

function rows(): ExportRows {
  return {
    user: {
      id: userId,
      name: "Robin Example",
      email: "robin@example.com",
      emailVerified: true,
      image: null,
      role: "user",
      banned: false,
      banReason: null,
      banExpires: null,
      twoFactorEnabled: false,
      preferences: { job_title: "Engineer", notifications: { desktop: false } },
      createdAt: at,
      updatedAt: at,
    },
    subscription: null,
    tasks: [
      {
        id: "t1",
        userId,
        organizationId: null,
        title: "Write the report",
        description: null,
        deadline: null,
        estimatedMinutes: 30,
        actualMinutes: 0,
        category: "General",
        priority: "medium",
        completed: false,
        completedAt: null,
        status: "todo",
        isActive: false,
        activeStartTime: null,
        priorityScore: 0,
        createdAt: at,
        updatedAt: at,
        projectId: null,
        milestoneId: null,
        assigneeId: null,
        createdBy: userId,
        updatedBy: null,
        version: 1,
        subtasksTotal: 0,
        subtasksDone: 0,
        subtasksOpenMinutes: 0,
        recurrenceRule: null,
        recurrenceStart: null,
        recurrenceTimeZone: null,
        recurrenceAfterCompletion: false,
        occurrenceDue: null,
        seriesTitle: null,
        occurrencesDone: 0,
      },
    ],
    subtasks: [],
    taskOccurrences: [],
    reminders: [],
    timeLogs: [],
    pomodoroSessions: [],
    taskComments: [],
    taskHistory: [],
    aiInsights: [],
    recommendations: [],
    burnoutAlerts: [],
    workflows: [],
    workflowExecutions: [],
    workflowTemplateUses: [],
    calendarConnections: [
      {
        id: conn,
        userId,
        provider: "google",
        calendarEmail: "robin@example.com",
        calendarName: "Work",
        isActive: true,
        lastSync: null,
        errorMessage: null,
        accessToken: "enc:ACCESS-SECRET",
        refreshToken: "enc:REFRESH-SECRET",
        tokenExpiresAt: at,
        needsReconnect: false,
        syncCursor: "SYNC-CURSOR",
        nextSyncAt: at,
        syncLeaseUntil: null,
        writeGranted: false,
        createdAt: at,
        updatedAt: at,
      },
    ],
    syncedEvents: [],
    syncLogs: [],
    notifications: [],
    teamActivity: [],
    demoGrants: [],
    checkoutSessions: [],
    launchOfferWindow: { userId, openedAt: at },
    sessions: [
      {
        id: "s1",
        token: "SESSION-TOKEN-SECRET",
        userId,
        expiresAt: at,
        ipAddress: "10.0.0.1",
        userAgent: "Firefox",
        impersonatedBy: null,
        activeOrganizationId: null,
        createdAt: at,
        lastActiveAt: at,
        updatedAt: at,
      },
    ],
    teamMemberships: [],
    clientErrorReports: [],
    accountDeletion: null,
  };
}

describe("account export", () => {
  it("has one section per kind of data the person owns", () => {
    const doc = buildAccountExport(rows(), at);
    expect(Object.keys(doc)).toEqual([
      "format",
      "version",
      "generatedAt",
      "profile",
      "subscription",
      "tasks",
      "subtasks",
      "taskOccurrences",
      "reminders",
      "timeLogs",
      "pomodoroSessions",
      "taskComments",
      "taskHistory",
      "aiInsights",
      "recommendations",
      "burnoutAlerts",
      "workflows",
      "workflowExecutions",
      "workflowTemplateUses",
      "calendarConnections",
      "syncedEvents",
      "syncLogs",
      "notifications",
      "teamActivity",
      "demoGrants",
      "checkoutSessions",
      "launchOfferWindow",
      "sessions",
      "teamMemberships",
      "clientErrorReports",
      "accountDeletion",
    ]);
    expect(doc.format).toBe(EXPORT_FORMAT);
    expect(doc.generatedAt).toBe("2025-10-17T09:30:00.000Z");
  });

  it("gives the profile with its preferences, and no ban or password fields", () => {
    const { profile } = buildAccountExport(rows(), at);
    expect(profile).toEqual({
      id: userId,
      email: "robin@example.com",
      fullName: "Robin Example",
      emailVerified: true,
      image: null,
      role: "user",
      twoFactorEnabled: false,
      preferences: { job_title: "Engineer", notifications: { desktop: false } },
      createdAt: "2025-10-17T09:30:00.000Z",
      updatedAt: "2025-10-17T09:30:00.000Z",
    });
  });

  it("writes rows whole, with dates as ISO strings", () => {
    const doc = buildAccountExport(rows(), at);
    expect(doc.tasks).toEqual([
      expect.objectContaining({ id: "t1", title: "Write the report", createdAt: "2025-10-17T09:30:00.000Z" }),
    ]);
  });

  it("never includes a token, a session token or a password", () => {
    const doc = buildAccountExport(rows(), at);
    const json = JSON.stringify(doc);
    expect(json).not.toMatch(/SECRET/);
    expect(json).not.toMatch(/"(accessToken|refreshToken|token|password|secret)"/);
    expect(doc.calendarConnections[0]).toMatchObject({ id: conn, provider: "google", calendarName: "Work" });
    expect(doc.sessions[0]).toEqual({
      id: "s1",
      createdAt: "2025-10-17T09:30:00.000Z",
      updatedAt: "2025-10-17T09:30:00.000Z",
      lastActiveAt: "2025-10-17T09:30:00.000Z",
      expiresAt: "2025-10-17T09:30:00.000Z",
      ipAddress: "10.0.0.1",
      userAgent: "Firefox",
    });
  });

  it("names the file after the UTC date", () => {
    expect(exportFileName(new Date("2025-10-17T23:59:59Z"))).toBe("kairo-export-2025-10-17.json");
  });
});
