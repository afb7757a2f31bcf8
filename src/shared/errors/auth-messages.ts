// Messages of the authentication screens (spec section 8, "Per action").
export const AUTH_MESSAGES = {
  emailExists: "An account with this email already exists. Please sign in instead.",
  signUpFailed: "Failed to create account. Please try again.",
  signUpSuccess:
    "Your account has been created. Please check your email to verify your account before signing in.",
  verifyBeforeSignIn: "Please verify your email before signing in. Check your inbox.",
  signInFailed: "Sign in failed. Please try again.",
  wrongCredentials: "Incorrect email or password. Please try again.",
  signOutFailed: "Failed to sign out. Please try again.",
  resetEmailFailed: "Failed to send reset email. Please check your email address.",
  updatePasswordFailed: "Failed to update password. Please try again.",
  updateProfileFailed: "Failed to update profile. Please try again.",
  mustBeSignedIn: "You must be logged in to update your profile.",
  restoreSessionFailed: "Failed to restore session. Please log in again.",
  notAuthenticated: "Not authenticated",
  tooManyAttempts: "Too many attempts. Please wait a moment and try again.",
  invalidEmail: "Please enter a valid email address",
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 8 characters",
  signInPasswordTooShort: "Password must be at least 6 characters",
} as const;
