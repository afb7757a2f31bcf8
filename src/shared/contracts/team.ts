// Team seats (the Team plan's team): the invitation form's schema, shared by the web form and the
// server, and the shapes /api/team answers with.
import { z } from "zod";
import { emailField } from "./auth.ts";

/** How long an invitation can be accepted. */
export const INVITATION_DAYS = 7;

/** POST /api/team/invitations. Addresses are compared without regard to case. */
export const inviteMemberBody = z.strictObject({
  email: emailField.transform((email) => email.toLowerCase()),
});
export type InviteMemberBody = z.input<typeof inviteMemberBody>;

export const TEAM_ROLES = ["owner", "member"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const teamMemberDto = z.object({
  id: z.string(),
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
