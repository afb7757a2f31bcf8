// Set-up of the unit project. The component tests (`*.test.tsx` marked `@vitest-environment happy-dom`)
// render into a DOM: what one test rendered is unmounted before the next. The other unit tests run in
// Node, where there is no DOM and nothing to do.
import { afterEach, vi } from "vitest";

if (typeof document !== "undefined") {
  const { cleanup } = await import("@testing-library/react");
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
