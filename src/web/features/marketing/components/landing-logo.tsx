// The Kairo logo (components/layout/logo.tsx) for the landing page. A copy, because logo.tsx joins
// classes with tailwind-merge, 8 KB of the landing page's 90 KB script budget for one class list;
// landing-logo.test.tsx keeps the two identical.
export function LandingLogo() {
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-foreground">
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-accent" />
        <path
          d="M10 8v16M10 16l9-8M13 14l7 10"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
          className="text-accent-foreground"
        />
      </svg>
      <span className="text-lg tracking-tight">Kairo</span>
    </span>
  );
}
