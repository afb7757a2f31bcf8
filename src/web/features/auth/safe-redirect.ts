/** Only same-site paths may be used as the place to return to after sign-in. */
export function safeRedirect(target: string | null | undefined, fallback = "/dashboard"): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
