// "Try Demo Mode" (spec sections 1, 4 and 9): 30 minutes of Pro and Team features, checked every
// 60 seconds, and a few previews per account so it stays a preview.
export const DEMO_MINUTES = 30;
export const DEMO_CHECK_EVERY_MS = 60_000;
export const DEMO_PREVIEWS_PER_ACCOUNT = 3;
export const DEMO_ACTIVATED = {
  title: "Demo Mode Activated",
  description: "Preview Pro and Team features for 30 minutes",
};

/**
 * A preview gives a person who is in no team a sample team holding a sample project, live while the
 * preview is and removed once it has ended (decision 216); the team is told apart by its metadata.
 */
export const DEMO_SAMPLE_TEAM = { name: "Sample team", metadata: '{"kairoSample":"demo-preview"}' } as const;

export type DemoStatus = {
  active: boolean;
  plan: "team" | null;
  expiresAt: string | null;
  /** Milliseconds left when the server answered: the browser counts from there, not from its own clock. */
  msLeft: number;
  previewsLeft: number;
};

/**
 * When a preview ends on this device's clock: the time left the server reported, counted from when
 * the answer arrived. Immune to a device clock that is off from the server's.
 */
export function localDemoExpiry(
  demo: Pick<DemoStatus, "active" | "msLeft">,
  receivedAt: number,
): Date | null {
  return demo.active ? new Date(receivedAt + demo.msLeft) : null;
}

export function demoMinutesLeft(expiresAt: string | null, now: Date): number {
  if (!expiresAt) return 0;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now.getTime()) / 60_000));
}
