// Entry of the static demo build (index.html loads this instead of src/web/main.tsx): starts the
// server's routes and use cases in this page over PGlite in IndexedDB, sends every API call there
// instead of the network, then starts the app. Browser storage that cannot be read (corrupted,
// blocked, or from an incompatible version) gets a screen that offers to reset it, never a blank page.
import "../web/styles.css";
import { DemoModeBar } from "../web/features/demo/components/demo-mode-bar.tsx";
import { setApiTransport } from "../web/lib/api-client.ts";
import { setDemoModeBar } from "../web/lib/demo-slot.tsx";

// The server's code schedules with setImmediate (Node); a page has setTimeout.
if (!("setImmediate" in globalThis)) {
  Object.assign(globalThis, { setImmediate: (fn: () => void) => setTimeout(fn, 0) });
}

const root = document.getElementById("root")!;
root.innerHTML = '<p role="status" class="p-8 text-center text-muted">Loading the demo...</p>';

async function boot() {
  const { startDemoServer } = await import("./server.ts");
  const { app } = await startDemoServer();
  setApiTransport(async (path, init) => app.fetch(new Request(new URL(path, location.origin), init)));
  setDemoModeBar(DemoModeBar);
}

try {
  await boot();
  await import("../web/main.tsx");
} catch (err) {
  console.error("[kairo demo] the demo data could not be opened", err);
  const { showStorageProblem } = await import("./storage-problem.ts");
  showStorageProblem(root, err);
}
