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

export type TeamRole = "owner" | "member";

export type TeamMemberDto = {
  id: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt: string;
};

export type TeamInvitationDto = {
  id: string;
  email: string;
  sentAt: string;
  expiresAt: string;
};

export type TeamDto = {
  id: string;
  name: string;
  /** Seats the owner pays for; the owner takes one. */
  seats: number;
  /** Members plus pending invitations: what counts against the seats. */
  seatsUsed: number;
  isOwner: boolean;
  members: TeamMemberDto[];
  /** Pending, unexpired invitations (listed to the owner only). */
  invitations: TeamInvitationDto[];
};

/** GET /api/team and the answer of every change: the person's team, or null when they have none. */
export type TeamResponse = { team: TeamDto | null };

export type InvitationStatus = "pending" | "accepted" | "canceled" | "expired";

/** GET /api/team/invitations/:id: what the accept page shows to the invited person. */
export type InvitationPreview = {
  id: string;
  teamName: string;
  inviterName: string;
  status: InvitationStatus;
  expiresAt: string;
  /** True when the person reading it already belongs to this team. */
  alreadyMember: boolean;
};

/** The text the spec-free seat limit shows, written once for the server and the web. */
export const seatsFullMessage = (seats: number) =>
  `All ${seats} seats are taken. Add seats in the billing portal to invite more people.`;
