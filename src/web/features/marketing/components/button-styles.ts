// The design system's button look (components/ui/button.tsx) for the landing page's plain buttons
// and links. A copy, because importing button.tsx brings Radix's Slot and tailwind-merge along
// (about 10 KB of the landing page's 90 KB script budget); button-styles.test.ts keeps the two equal.
// Classes are joined without tailwind-merge, so a class added by a caller must not clash with the
// variant's own: pass size: null to set height and padding yourself.
import { cva } from "class-variance-authority";

export const landingButton = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-medium transition-colors duration-150 disabled:pointer-events-none disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-accent text-accent-foreground hover:bg-accent-hover",
        outline: "border border-border bg-background hover:bg-surface-2",
        ghost: "hover:bg-surface-2",
      },
      size: {
        md: "h-10 px-4",
        lg: "h-12 px-6 text-base",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);
