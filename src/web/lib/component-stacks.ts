// React tells the root, not the error boundary, which components an error passed through. The root
// keeps it here, keyed by the error, for the error screen's log entry and bug report.
const stacks = new WeakMap<object, string>();

/** For createRoot's onCaughtError: remembers the component stack of an error a boundary caught. */
export function rememberComponentStack(error: unknown, info: { componentStack?: string }) {
  if (typeof error === "object" && error !== null && info.componentStack)
    stacks.set(error, info.componentStack);
}

export function componentStackOf(error: unknown): string | undefined {
  return typeof error === "object" && error !== null ? stacks.get(error) : undefined;
}
