// The admin area's calls (/api/admin/*): query, path and body schemas shared by the server and the
// admin screens, and the shapes the server answers with.
import { z } from "zod";
import { TEAM_SIZE } from "../domain/plans.ts";
import { noNul, ROLES } from "./auth.ts";
import { inSupportedYears } from "./instant.ts";

export const ADMIN_LIMITS = {
  /** Longest search text (a name or an email fits well inside it). */
  search: 200,
  banReason: 500,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  /** Pages beyond this are refused: nobody pages that far by hand. */
  pageMax: 100_000,
  /** How far ahead an admin may set a trial's end, in days. */
  trialMaxDays: 365,
  /** Sign-ups per day are shown for this many days, today included. */
  signupDays: 30,
  /** "Active people" had a session in use within this many days. */
  activeDays: 7,
} as const;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} must be a whole number` })
    .regex(/^\d{1,9}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`),
    );

const paging = {
  page: wholeNumber("page", 1, ADMIN_LIMITS.pageMax).optional().default(1),
  pageSize: wholeNumber("pageSize", 1, ADMIN_LIMITS.pageSizeMax)
    .optional()
    .default(ADMIN_LIMITS.pageSizeDefault),
};

/** ?page=&pageSize= of the paged lists (audit log, error reports, pending deletions). */
export const adminPageQuery = z.object(paging).strict();

/** GET /api/admin/users?q=&page=&pageSize=: q matches the name or the email, any case. */
export const adminUsersQuery = z
  .object({
    q: z
      .string()
      .max(ADMIN_LIMITS.search, `Search must be at most ${ADMIN_LIMITS.search} characters`)
      .refine(noNul, "Search must not contain control characters")
      .transform((s) => s.trim())
      .optional(),
    ...paging,
  })
  .strict();

/** Better Auth's user ids: letters, digits, dashes and underscores. Anything else is "not found". */
export const adminUserIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const roleField = z.enum(ROLES, {
  error: (issue) =>
    issue.input === undefined ? "role is required" : `Unknown role. Choose one of: ${ROLES.join(", ")}.`,
});

/** PUT /api/admin/users/:id/role */
export const setRoleBody = z.object({ role: roleField }).strict();

/** POST /api/admin/users/:id/ban */
export const banBody = z
  .object({
    reason: z
      .string({ error: "reason must be text" })
      .trim()
      .max(ADMIN_LIMITS.banReason, `Reason must be at most ${ADMIN_LIMITS.banReason} characters`)
      .refine(noNul, "Reason must not contain control characters")
      .optional(),
  })
  .strict();

/** POST /api/admin/users/:id/unban */
export const unbanBody = z.object({}).strict();

export const OVERRIDE_PLANS = ["free", "trial", "pro", "team"] as const;
export type OverridePlan = (typeof OVERRIDE_PLANS)[number];

/**
 * PUT /api/admin/users/:id/plan. A trial needs its new end (in the future, at most
 * ADMIN_LIMITS.trialMaxDays ahead: the server checks against its clock); a team its seats.
 */
export const planOverrideBody = z.discriminatedUnion(
  "plan",
  [
    z.object({ plan: z.literal("free") }).strict(),
    z
      .object({
        plan: z.literal("trial"),
        trialEndsAt: z.iso
          .datetime({
            offset: true,
            error: "trialEndsAt must be a date and time (ISO 8601)",
          })
          .refine(inSupportedYears, "trialEndsAt must be between the years 0001 and 9999 (UTC)"),
      })
      .strict(),
    z.object({ plan: z.literal("pro") }).strict(),
    z
      .object({
        plan: z.literal("team"),
        seats: z
          .number({ error: "seats must be a whole number" })
          .int("seats must be a whole number")
          .min(TEAM_SIZE.min, `A team has at least ${TEAM_SIZE.min} seats`)
          .max(TEAM_SIZE.max, `A team has at most ${TEAM_SIZE.max} seats`),
      })
      .strict(),
  ],
  { error: `plan must be one of: ${OVERRIDE_PLANS.join(", ")}` },
);
export type PlanOverrideBody = z.infer<typeof planOverrideBody>;

/** One page of a list, with the total the pager needs. */
const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number(), pageSize: z.number(), total: z.number() });

/** A person as the users list shows them; also the answer of every action on a person. */
export const adminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  banned: z.boolean(),
  banReason: z.string().nullable(),
  /** The plan the person is on now (a live trial is "trial"; a member of a paid team is "team"). */
  plan: z.enum(OVERRIDE_PLANS),
  /** Seats of a team subscription the person pays for, else null. */
  seats: z.number().nullable(),
  trialEndsAt: z.string().nullable(),
  /** True while the account waits for its purge after the owner deleted it. */
  pendingDeletion: z.boolean(),
  createdAt: z.string(),
  /** Newest activity of any of the person's sessions; null when they never signed in. */
  lastActiveAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** GET /api/admin/users */
export const adminUsersPage = paged(adminUser);
export type AdminUsersPage = z.infer<typeof adminUsersPage>;

/** GET /api/admin/stats */
export const adminStats = z.object({
  /** One entry per UTC day, oldest first, today last (ADMIN_LIMITS.signupDays entries). */
  signupsPerDay: z.array(z.object({ date: z.string(), count: z.number() })),
  totalUsers: z.number(),
  /** People with a session in use within ADMIN_LIMITS.activeDays days. */
  activeUsers: z.number(),
  /** Pro and Team subscriptions with status active (trials are not paying). */
  payingSubscriptions: z.number(),
  /** USD per month from those subscriptions; yearly ones count their monthly equivalent. */
  monthlyRevenue: z.number(),
});
export type AdminStats = z.infer<typeof adminStats>;

/** GET /api/admin/mail */
export const adminMail = z.object({
  /** "smtp": mail leaves through the SMTP server and Kairo keeps no copy. */
  transport: z.enum(["outbox", "smtp"]),
  messages: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), sentAt: z.string() })),
});
export type AdminMail = z.infer<typeof adminMail>;

export const adminErrorReport = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  message: z.string(),
  stack: z.string().nullable(),
  componentStack: z.string().nullable(),
  url: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminErrorReport = z.infer<typeof adminErrorReport>;

/** GET /api/admin/error-reports */
export const adminErrorReportsPage = paged(adminErrorReport);
export type AdminErrorReportsPage = z.infer<typeof adminErrorReportsPage>;

export const adminDeletion = z.object({
  userId: z.string(),
  email: z.string(),
  requestedAt: z.string(),
  purgeAfter: z.string(),
});
export type AdminDeletion = z.infer<typeof adminDeletion>;

/** GET /api/admin/deletions */
export const adminDeletionsPage = paged(adminDeletion);
export type AdminDeletionsPage = z.infer<typeof adminDeletionsPage>;

export const AUDIT_ACTIONS = [
  "user.role_changed",
  "user.banned",
  "user.unbanned",
  "user.plan_overridden",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const adminAuditEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;

/** GET /api/admin/audit-log */
export const adminAuditPage = paged(adminAuditEntry);
export type AdminAuditPage = z.infer<typeof adminAuditPage>;
