// The spec's table (section 8) turning an underlying error text into what a person reads.
// Order matters: the first row whose substring occurs in the error wins.

export const FALLBACK_MESSAGE = "Something went wrong. Please try again or contact support.";
export const OAUTH_CONFIG_MESSAGE =
  "This calendar connection is not set up correctly: the sign-in address is not registered with the provider.";

export type ErrorKind =
  | "auth"
  | "network"
  | "validation"
  | "permission"
  | "rate_limit"
  | "server"
  | "unknown";
export type ErrorSeverity = "low" | "medium" | "high" | "critical";

export type MappedError = { message: string; kind: ErrorKind; severity: ErrorSeverity };

type Row = { contains: string; message: string; kind: ErrorKind; severity: ErrorSeverity };

export const MESSAGE_ROWS: readonly Row[] = [
  {
    contains: "Invalid login credentials",
    message: "Incorrect email or password. Please try again.",
    kind: "auth",
    severity: "medium",
  },
  {
    contains: "User not found",
    message: "No account found with this email address.",
    kind: "auth",
    severity: "medium",
  },
  {
    contains: "Email not confirmed",
    message: "Please verify your email before logging in.",
    kind: "auth",
    severity: "medium",
  },
  {
    contains: "Password reset required",
    message: "You need to reset your password.",
    kind: "auth",
    severity: "medium",
  },
  {
    contains: "NetworkError",
    message: "Connection lost. Please check your internet and try again.",
    kind: "network",
    severity: "high",
  },
  {
    contains: "Failed to fetch",
    message: "Unable to connect to our servers. Please try again.",
    kind: "network",
    severity: "critical",
  },
  {
    contains: "Invalid email",
    message: "Please enter a valid email address.",
    kind: "validation",
    severity: "low",
  },
  {
    contains: "Password too weak",
    message: "Password must be at least 8 characters with numbers and symbols.",
    kind: "validation",
    severity: "low",
  },
  {
    contains: "Unauthorized",
    message: "You don't have permission to perform this action.",
    kind: "permission",
    severity: "high",
  },
  {
    contains: "Forbidden",
    message: "Access denied. Please contact support if you believe this is an error.",
    kind: "permission",
    severity: "high",
  },
  {
    contains: "Too many requests",
    message: "Too many attempts. Please wait a moment and try again.",
    kind: "rate_limit",
    severity: "medium",
  },
  { contains: "redirect_uri_mismatch", message: OAUTH_CONFIG_MESSAGE, kind: "auth", severity: "high" },
  {
    contains: "invalid_grant",
    message: "Authorization expired. Please reconnect your account.",
    kind: "auth",
    severity: "medium",
  },
  {
    contains: "access_denied",
    message: "Permission denied. Please grant the required permissions.",
    kind: "permission",
    severity: "medium",
  },
];

/** Maps any thrown value (Error, string, server error body) to the person-facing message, kind and severity. */
export function mapError(error: unknown): MappedError {
  const text = errorText(error);
  const row = MESSAGE_ROWS.find((r) => text.includes(r.contains));
  if (row) return { message: row.message, kind: row.kind, severity: row.severity };
  return { message: FALLBACK_MESSAGE, kind: "unknown", severity: "medium" };
}

export function errorText(error: unknown): string {
  if (typeof error === "string") return error;
  if (error instanceof Error) return error.message;
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") {
    return error.message;
  }
  return "";
}

/** Toast durations per severity, in milliseconds (spec section 8: 3, 5, 7 and 10 seconds). */
export const SEVERITY_DURATION_MS: Record<ErrorSeverity, number> = {
  low: 3000,
  medium: 5000,
  high: 7000,
  critical: 10000,
};
