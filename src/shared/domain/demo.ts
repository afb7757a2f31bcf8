// "Try Demo Mode" (spec sections 1, 4 and 9): 30 minutes of Pro and Team features, checked every
// 60 seconds, and a few previews per account so it stays a preview.
export const DEMO_MINUTES = 30;
export const DEMO_CHECK_EVERY_MS = 60_000;
export const DEMO_PREVIEWS_PER_ACCOUNT = 3;
export const DEMO_ACTIVATED = {
  title: "Demo Mode Activated",
  description: "Preview Pro and Team features for 30 minutes",
};

export type DemoStatus = {
  active: boolean;
  plan: "team" | null;
  expiresAt: string | null;
  previewsLeft: number;
};

export function demoMinutesLeft(expiresAt: string | null, now: Date): number {
  if (!expiresAt) return 0;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now.getTime()) / 60_000));
}
