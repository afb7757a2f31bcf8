// The static demo build (no backend configured, spec sections 1, 2 and 8): the whole product in the
// browser with a stubbed person. What its screens say about what it cannot do.

/** Spec section 8: the demo-mode notices say these are disabled. */
export const DEMO_MODE_NOTICES = {
  signIn:
    "Demo mode: no backend is configured, so authentication is disabled. Try Demo opens the dashboard with a demo account whose data stays in this browser.",
  passwordReset: "Demo mode: password reset is disabled because no backend is configured.",
  passwordUpdate: "Demo mode: password update is disabled because no backend is configured.",
  profileUpdate: "Demo mode: profile update is disabled because no backend is configured.",
} as const;

/** What the in-browser app answers to a call that needs a real account. */
export const DEMO_MODE_DISABLED_MESSAGE =
  "Demo mode: authentication, password reset, password update and profile update are disabled.";

export const DEMO_PERSON = {
  id: "demo-person",
  email: "demo@kairo.local",
  name: "Demo User",
  role: "user",
  emailVerified: true,
} as const;
