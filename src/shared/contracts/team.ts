// Team seats (the Team plan's team): the invitation form's schema, shared by the web form and the
// server, and the shapes /api/team answers with.
import { z } from "zod";
import { TEAM_ROLES } from "../domain/permissions.ts";
import { emailField } from "./auth.ts";

/** How long an invitation can be accepted. */
export const INVITATION_DAYS = 7;

/** POST /api/team/invitations. Addresses are compared without regard to case. */
export const inviteMemberBody = z.strictObject({
  email: emailField.transform((email) => email.toLowerCase()),
});
export type InviteMemberBody = z.input<typeof inviteMemberBody>;

export { TEAM_ROLES, type TeamRole } from "../domain/permissions.ts";

export const teamMemberDto = z.object({
  /** The membership's id (what /api/team/members/:memberId takes). */
  id: z.string(),
  /** The person's id (what assigneeId and project members take). */
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  joinedAt: z.string(),
});
export type TeamMemberDto = z.infer<typeof teamMemberDto>;

export const teamInvitationDto = z.object({
  id: z.string(),
  email: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitationDto = z.infer<typeof teamInvitationDto>;

export const teamDto = z.object({
  id: z.string(),
  name: z.string(),
  /** Seats the owner pays for; the owner takes one. */
  seats: z.number(),
  /** Members plus pending invitations: what counts against the seats. */
  seatsUsed: z.number(),
  isOwner: z.boolean(),
  /** The reader's own role in the team. */
  myRole: z.enum(TEAM_ROLES),
  members: z.array(teamMemberDto),
  /** Pending, unexpired invitations (listed to the owner only). */
  invitations: z.array(teamInvitationDto),
});
export type TeamDto = z.infer<typeof teamDto>;

/** GET /api/team and the answer of every change: the person's team, or null when they have none. */
export const teamResponse = z.object({ team: teamDto.nullable() });
export type TeamResponse = z.infer<typeof teamResponse>;

export const INVITATION_STATUSES = ["pending", "accepted", "canceled", "expired"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** GET /api/team/invitations/:id: what the accept page shows to the invited person. */
export const invitationPreview = z.object({
  id: z.string(),
  teamName: z.string(),
  inviterName: z.string(),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
  /** True when the person reading it already belongs to this team. */
  alreadyMember: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** The text the spec-free seat limit shows, written once for the server and the web. */
export const seatsFullMessage = (seats: number) =>
  `All ${seats} seats are taken. Add seats in the billing portal to invite more people.`;

/** GET /api/team/analytics (decision 210): the range in days, and the asker's zone for the weeks. */
export const teamAnalyticsQuery = z
  .object({
    range: z.enum(["7", "30", "90"], { error: "Range must be 7, 30 or 90 days" }).default("30"),
    tz: z.string().max(64).optional(),
  })
  .strict();

export const teamFiguresDto = z.object({
  tasksCompleted: z.number(),
  hoursTracked: z.number(),
  /** 0 to 1; null when none of the completed tasks had a deadline. */
  onTimeRate: z.number().nullable(),
  workloadThisWeekHours: z.number(),
  workloadNextWeekHours: z.number(),
  overdueTasks: z.number(),
});
export type TeamFiguresDto = z.infer<typeof teamFiguresDto>;

export const teamAnalyticsResponse = z.object({
  range: z.union([z.literal(7), z.literal(30), z.literal(90)]),
  /** The UTC days counted, first and last ("YYYY-MM-DD"). */
  from: z.string(),
  to: z.string(),
  /** Monday of this week in the asker's zone, as an instant; next week follows it. */
  weekStart: z.string(),
  team: teamFiguresDto,
  me: teamFiguresDto,
  /** Per member and per project: owners and admins only; null for everyone else. */
  members: z
    .array(
      z.object({
        userId: z.string(),
        name: z.string(),
        role: z.enum(TEAM_ROLES),
        figures: teamFiguresDto,
      }),
    )
    .nullable(),
  projects: z
    .array(
      z.object({
        projectId: z.string(),
        name: z.string(),
        colour: z.string(),
        archived: z.boolean(),
        figures: teamFiguresDto,
      }),
    )
    .nullable(),
});
export type TeamAnalyticsResponse = z.infer<typeof teamAnalyticsResponse>;
