// Shown instead of the app when the demo's browser database cannot be opened: what happened, and a
// button that deletes the demo data and starts afresh with the sample data. Plain DOM: the app
// itself may be what failed.
import { deleteDemoData } from "./server.ts";

export function showStorageProblem(root: HTMLElement, err: unknown) {
  const detail = err instanceof Error ? err.message : String(err);
  root.innerHTML = "";
  const main = document.createElement("main");
  main.className = "mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6";
  main.setAttribute("aria-labelledby", "storage-problem-title");
  const title = document.createElement("h1");
  title.id = "storage-problem-title";
  title.className = "text-2xl font-semibold";
  title.textContent = "The demo data in this browser could not be read";
  const text = document.createElement("p");
  text.className = "text-muted";
  text.textContent =
    "It may be damaged or left by another version of Kairo. Reset the demo data to start again with the sample data; anything you added in the demo is lost.";
  const code = document.createElement("p");
  code.className = "text-sm text-muted break-words";
  code.textContent = `Details: ${detail}`;
  const button = document.createElement("button");
  button.type = "button";
  button.className =
    "inline-flex h-10 items-center justify-center rounded-md bg-accent px-4 text-sm font-medium text-accent-foreground";
  button.textContent = "Reset demo data";
  button.addEventListener("click", async () => {
    button.disabled = true;
    button.textContent = "Resetting...";
    await deleteDemoData().catch(() => {});
    location.reload();
  });
  main.append(title, text, code, button);
  root.append(main);
  button.focus();
}
