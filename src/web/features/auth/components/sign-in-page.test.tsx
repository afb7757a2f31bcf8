// @vitest-environment happy-dom
// The sign-in form as a person meets it: the spec's password rule, Better Auth's refusal in words,
// and the notice when a session this browser held could not be restored (decision 155). The
// session store is one per page, so each test loads the page's modules afresh.
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiAnswer, ApiRequest } from "#web/testing/render-with-api.tsx";

const RESTORE_FAILED = "Failed to restore session. Please log in again.";

async function open(answer: (request: ApiRequest) => ApiAnswer) {
  vi.resetModules();
  const { renderWithApi } = await import("#web/testing/render-with-api.tsx");
  const { SignInPage } = await import("./sign-in-page.tsx");
  const { getSession } = await import("#web/lib/session.ts");
  const view = renderWithApi(<SignInPage />, answer);
  /** Resolves once the page's first session check has settled. */
  const settled = () => vi.waitFor(() => expect(getSession().status).not.toBe("loading"));
  return { ...view, settled };
}

const signedOut = (request: ApiRequest): ApiAnswer =>
  request.path === "/api/auth/get-session" ? { status: 200, body: null } : { status: 500 };

beforeEach(() => localStorage.clear());

describe("the sign-in form", () => {
  it("asks for a password of at least 6 characters before sending anything", async () => {
    const { user, requests } = await open(signedOut);
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "12345");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByText("Password must be at least 6 characters")).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
    expect(requests.filter((r) => r.path === "/api/auth/sign-in/email")).toEqual([]);
  });

  it("sends six characters, and says a wrong password in the spec's words", async () => {
    const { user, requests } = await open((request) =>
      request.path === "/api/auth/sign-in/email"
        ? { status: 401, body: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" } }
        : signedOut(request),
    );
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "123456");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByText("Incorrect email or password. Please try again.")).toBeTruthy();
    expect(requests.filter((r) => r.path === "/api/auth/sign-in/email")).toEqual([
      {
        method: "POST",
        path: "/api/auth/sign-in/email",
        body: { email: "ada@example.com", password: "123456" },
      },
    ]);
  });
});

describe("a session that cannot be restored", () => {
  it.each([
    [
      "the server fails",
      { status: 500, body: { error: { code: "INTERNAL", message: "Something went wrong" } } },
    ],
    ["the answer cannot be read", { status: 200, body: { user: "not a person" } }],
  ])("is said on the sign-in page when this browser held one and %s", async (_, failure) => {
    localStorage.setItem("kairo-session-held", "1");
    await open((request) => (request.path === "/api/auth/get-session" ? failure : { status: 500 }));
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toBe(RESTORE_FAILED);
  });

  it("is not said when the browser held none, or when the server says there is none", async () => {
    const failing = await open(() => ({ status: 500 }));
    await failing.settled();
    expect(screen.queryByText(RESTORE_FAILED)).toBeNull();

    localStorage.setItem("kairo-session-held", "1");
    const answered = await open(signedOut);
    await answered.settled();
    expect(screen.queryByText(RESTORE_FAILED)).toBeNull();
    // The server said there is no session: the browser no longer counts one as held.
    expect(localStorage.getItem("kairo-session-held")).toBeNull();
  });

  it("says the browser is offline instead, and checks again when the network returns", async () => {
    localStorage.setItem("kairo-session-held", "1");
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    let network = false;
    const person = { id: "p1", email: "ada@example.com", name: "Ada", role: "user", emailVerified: true };
    try {
      await open((request) =>
        request.path !== "/api/auth/get-session"
          ? { status: 500 }
          : network
            ? { status: 200, body: { user: person, session: { expiresAt: "2099-01-01T00:00:00.000Z" } } }
            : { status: 503 },
      );
      const notice = await screen.findByRole("alert");
      expect(notice.textContent).toBe(
        "You are offline, so Kairo cannot check your sign-in. It will as soon as the connection returns.",
      );
      const { getSession } = await import("#web/lib/session.ts");
      network = true;
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event("online"));
      await vi.waitFor(() => expect(getSession().status).toBe("signed-in"));
    } finally {
      onLine.mockRestore();
    }
  });
});
