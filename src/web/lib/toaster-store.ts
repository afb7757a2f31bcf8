// Whether the Toaster is needed yet (lib/notify.ts asks for it with the first toast) and whether it
// listens yet. Apart from notify.ts so the root layout reads it without loading what notify needs.
let wanted = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const isReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

export const toasterStore = {
  wanted: () => wanted,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** Asks the root layout to mount the Toaster (once). */
  want() {
    if (wanted) return;
    wanted = true;
    for (const l of listeners) l();
  },
  /** Called by the Toaster once it listens for toasts. */
  ready: () => markReady(),
  /** Settles when the Toaster listens. */
  isReady,
};
