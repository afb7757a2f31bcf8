import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "h-10 w-full rounded-lg border border-border bg-background px-3 text-sm placeholder:text-muted focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-danger disabled:opacity-60 read-only:bg-surface",
        className,
      )}
      {...props}
    />
  );
}
