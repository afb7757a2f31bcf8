import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { rememberComponentStack } from "./lib/component-stacks.ts";

createRoot(document.getElementById("root")!, { onCaughtError: rememberComponentStack }).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
