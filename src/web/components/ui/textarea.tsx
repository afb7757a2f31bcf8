import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "min-h-20 w-full rounded-lg border border-border bg-background px-3 py-2 text-sm placeholder:text-muted focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-danger",
        className,
      )}
      {...props}
    />
  );
}
