// Asking a lazily loaded part of the app to act (open quick capture, start the tour, start a focus
// session) without importing it: a window event, remembered if it fires before any listener mounts,
// so a request made while the part is still downloading is not lost.
export function requestChannel(eventName: string) {
  let pending = false;
  let mounted = 0;
  return {
    request() {
      if (mounted === 0) pending = true;
      window.dispatchEvent(new Event(eventName));
    },
    /** For the part that acts: `act` on every request, and at once if one came before it mounted. */
    listen(act: () => void): () => void {
      mounted++;
      window.addEventListener(eventName, act);
      if (pending) {
        pending = false;
        act();
      }
      return () => {
        mounted--;
        window.removeEventListener(eventName, act);
      };
    },
  };
}
