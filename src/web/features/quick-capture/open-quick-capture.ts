// Opening quick capture from anywhere (a toolbar button, the Help menu) without importing the palette
// itself, which is loaded lazily: a window event, remembered if it fires before the palette mounts.
const OPEN_EVENT = "kairo:open-quick-capture";
let pending = false;
let mounted = 0;

export function openQuickCapture() {
  if (mounted === 0) pending = true;
  window.dispatchEvent(new Event(OPEN_EVENT));
}

/** For the palette: calls `open` on every request, and once at once if one came before it mounted. */
export function onQuickCaptureRequest(open: () => void): () => void {
  mounted++;
  window.addEventListener(OPEN_EVENT, open);
  if (pending) {
    pending = false;
    open();
  }
  return () => {
    mounted--;
    window.removeEventListener(OPEN_EVENT, open);
  };
}
