// Roles without zod, so the browser's always-loaded code can ask them (the contracts re-export them).
export const ROLES = ["user", "admin", "super_admin"] as const;
export type Role = (typeof ROLES)[number];
export const isAdminRole = (role: string | null | undefined): boolean =>
  role === "admin" || role === "super_admin";
