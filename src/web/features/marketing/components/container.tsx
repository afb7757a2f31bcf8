import { clsx } from "clsx";
import type { ComponentProps } from "react";

/** The landing page's content column: capped width, comfortable gutters from 320 px up. */
export function Container({ className, ...props }: ComponentProps<"div">) {
  return <div className={clsx("mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8", className)} {...props} />;
}
