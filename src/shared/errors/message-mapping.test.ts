// Spec section 8, "Message mapping by substring of the underlying error": every row of the table,
// the fallback, the shapes an error can arrive in, and the toast durations per severity.
import { describe, expect, it } from "vitest";
import {
  type ErrorKind,
  type ErrorSeverity,
  errorText,
  FALLBACK_MESSAGE,
  MESSAGE_ROWS,
  mapError,
  OAUTH_CONFIG_MESSAGE,
  SEVERITY_DURATION_MS,
} from "./message-mapping.ts";

/** The table of the spec, written out here independently of the implementation. */
const SPEC_TABLE: ReadonlyArray<{ contains: string; message: string; kind: ErrorKind }> = [
  {
    contains: "Invalid login credentials",
    message: "Incorrect email or password. Please try again.",
    kind: "auth",
  },
  { contains: "User not found", message: "No account found with this email address.", kind: "auth" },
  { contains: "Email not confirmed", message: "Please verify your email before logging in.", kind: "auth" },
  { contains: "Password reset required", message: "You need to reset your password.", kind: "auth" },
  {
    contains: "NetworkError",
    message: "Connection lost. Please check your internet and try again.",
    kind: "network",
  },
  {
    contains: "Failed to fetch",
    message: "Unable to connect to our servers. Please try again.",
    kind: "network",
  },
  { contains: "Invalid email", message: "Please enter a valid email address.", kind: "validation" },
  {
    contains: "Password too weak",
    message: "Password must be at least 8 characters with numbers and symbols.",
    kind: "validation",
  },
  {
    contains: "Unauthorized",
    message: "You don't have permission to perform this action.",
    kind: "permission",
  },
  {
    contains: "Forbidden",
    message: "Access denied. Please contact support if you believe this is an error.",
    kind: "permission",
  },
  {
    contains: "Too many requests",
    message: "Too many attempts. Please wait a moment and try again.",
    kind: "rate_limit",
  },
  // The spec does not give the exact text of the OAuth configuration message.
  { contains: "redirect_uri_mismatch", message: OAUTH_CONFIG_MESSAGE, kind: "auth" },
  {
    contains: "invalid_grant",
    message: "Authorization expired. Please reconnect your account.",
    kind: "auth",
  },
  {
    contains: "access_denied",
    message: "Permission denied. Please grant the required permissions.",
    kind: "permission",
  },
];

const SEVERITIES: ErrorSeverity[] = ["low", "medium", "high", "critical"];

describe("MESSAGE_ROWS", () => {
  it("holds exactly the rows of the spec, in the spec's order", () => {
    expect(MESSAGE_ROWS.map((r) => [r.contains, r.message])).toEqual(
      SPEC_TABLE.map((r) => [r.contains, r.message]),
    );
  });

  it("gives every row a known severity", () => {
    for (const row of MESSAGE_ROWS) expect(SEVERITIES).toContain(row.severity);
  });
});

describe("mapError: each row of the spec table", () => {
  describe.each(SPEC_TABLE)("contains $contains", ({ contains, message, kind }) => {
    it("maps the exact substring", () => {
      expect(mapError(contains).message).toBe(message);
    });

    it("maps the substring inside a longer text (string, Error and {message})", () => {
      const text = `AuthApiError: request failed (${contains}) at step 2`;
      expect(mapError(text).message).toBe(message);
      expect(mapError(new Error(text)).message).toBe(message);
      expect(mapError(new TypeError(text)).message).toBe(message);
      expect(mapError({ message: text, status: 400 }).message).toBe(message);
    });

    it("gives the kind of the row and a severity that has a toast duration", () => {
      const mapped = mapError(new Error(contains));
      expect(mapped.kind).toBe(kind);
      expect(SEVERITIES).toContain(mapped.severity);
      expect(SEVERITY_DURATION_MS[mapped.severity]).toBeGreaterThan(0);
    });

    it("never answers the fallback for the row's substring", () => {
      expect(mapError(contains).message).not.toBe(FALLBACK_MESSAGE);
    });
  });

  it("maps the browser's fetch failures to the network rows", () => {
    expect(mapError(new TypeError("Failed to fetch")).message).toBe(
      "Unable to connect to our servers. Please try again.",
    );
    expect(mapError(new TypeError("NetworkError when attempting to fetch resource.")).message).toBe(
      "Connection lost. Please check your internet and try again.",
    );
  });

  it("gives a non-empty OAuth configuration message that is not the fallback", () => {
    const mapped = mapError("Error 400: redirect_uri_mismatch");
    expect(mapped.message).toBe(OAUTH_CONFIG_MESSAGE);
    expect(mapped.message.length).toBeGreaterThan(10);
    expect(mapped.message).not.toBe(FALLBACK_MESSAGE);
  });

  it("lets the first row of the table win when several substrings occur", () => {
    expect(mapError("Invalid login credentials; Too many requests").message).toBe(
      "Incorrect email or password. Please try again.",
    );
    expect(mapError("Too many requests after Invalid email").message).toBe(
      "Please enter a valid email address.",
    );
    expect(mapError("Forbidden: access_denied").message).toBe(
      "Access denied. Please contact support if you believe this is an error.",
    );
  });
});

describe("mapError: anything else", () => {
  const fallback = { message: FALLBACK_MESSAGE, kind: "unknown" };

  it.each([
    ["an unrelated string", "Database exploded"],
    ["an empty string", ""],
    ["an unrelated Error", new Error("ECONNRESET")],
    ["an unrelated {message}", { message: "Something odd" }],
    ["null", null],
    ["undefined", undefined],
    ["a number", 42],
    ["a boolean", false],
    ["an object without message", { code: "Invalid login credentials" }],
    ["an object whose message is not a string", { message: 404 }],
    ["an array", ["Invalid login credentials"]],
  ])("maps %s to the fallback", (_label, value) => {
    const mapped = mapError(value);
    expect(mapped).toMatchObject(fallback);
    expect(SEVERITIES).toContain(mapped.severity);
  });

  it("uses the spec's fallback text", () => {
    expect(FALLBACK_MESSAGE).toBe("Something went wrong. Please try again or contact support.");
  });
});

describe("errorText", () => {
  it("reads strings, Errors and {message} objects", () => {
    expect(errorText("plain")).toBe("plain");
    expect(errorText(new Error("from error"))).toBe("from error");
    expect(errorText({ message: "from body" })).toBe("from body");
  });

  it("reads nothing from other values", () => {
    expect(errorText(null)).toBe("");
    expect(errorText(undefined)).toBe("");
    expect(errorText(7)).toBe("");
    expect(errorText({ message: 7 })).toBe("");
  });
});

describe("SEVERITY_DURATION_MS", () => {
  it("shows toasts for 3, 5, 7 and 10 seconds by severity", () => {
    expect(SEVERITY_DURATION_MS).toEqual({ low: 3000, medium: 5000, high: 7000, critical: 10000 });
  });
});
