// Business constants of spec section 9 that more than one side needs, written once.
export const PASSWORD_MIN = 8; // decided: 8 on sign-up as on change password (decision 154)
/** Sign-in's own check, as the spec words it; every stored password is 8 or more (decision 154). */
export const SIGN_IN_PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const TEXT_FIELD_MAX = 200;
export const URL_MAX = 2000;
export const TRIAL_DAYS = 7;
export const TOAST_DEFAULT_MS = 4000;
export const TOASTS_VISIBLE = 3;
export const TOOLTIP_DELAY_MS = 700;
/** Right after a tooltip closes, the next one within this time opens without the delay (Radix's default). */
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_WIDTH_PX = { expanded: 256, collapsed: 64 } as const;
export const ERROR_SCREEN = { retryWithdrawnAfter: 3, logsKept: 10 } as const;
export const DATA_RETENTION_DAYS = 90;
export const REFUND_DAYS = 30;
export const BREACH_NOTICE_HOURS = 72;
export const SUBPROCESSOR_NOTICE_DAYS = 30;
export const LEGAL_DATE = "October 17, 2025";
/** The guided tour: its step count, and how long after the dashboard loads it starts by itself. */
export const TOUR_STEP_COUNT = 11;
export const TOUR_AUTO_START_MS = 2000;

/** Client error reports: caps on what a browser may send (larger bodies are refused with 400). */
export const CLIENT_ERROR_LIMITS = {
  message: 2000,
  stack: 16_000,
  componentStack: 16_000,
  url: URL_MAX,
  userAgent: 500,
  /** Reports one person may send per minute (counted in the database, so across instances). */
  perMinute: 20,
} as const;
