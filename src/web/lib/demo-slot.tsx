// Where the static demo build adds its own bar (the Demo badge and "Reset demo data") to the
// dashboard. Its entry (src/demo/main.tsx) registers the component before the app starts; the
// configured build never registers one, so it carries none of that code.
import type { ComponentType } from "react";

let DemoBar: ComponentType | null = null;

export function setDemoModeBar(component: ComponentType) {
  DemoBar = component;
}

export function DemoModeSlot() {
  return DemoBar ? <DemoBar /> : null;
}
