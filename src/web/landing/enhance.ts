// What makes the pre-rendered landing page interactive, without React (decision 031): the page is
// HTML made at build time from the same components the app's "/" route renders, and these few
// listeners do what React's handlers do there. Each finds its elements by a data attribute the
// components set: data-theme-toggle, data-menu-toggle / data-menu, data-billing-switch /
// data-billing, data-watch-demo, data-start-link / data-start-label / data-signed-out-only, data-year.
import { paths } from "#web/config/paths.ts";
import { watchDemo } from "#web/features/marketing/watch-demo.ts";
import { readTheme, setTheme } from "#web/lib/theme-choice.ts";

const all = <T extends Element = HTMLElement>(selector: string) =>
  [...document.querySelectorAll<T>(selector)] as T[];

function themeToggles() {
  const label = () => (readTheme() === "dark" ? "Switch to light theme" : "Switch to dark theme");
  for (const button of all("[data-theme-toggle]")) {
    button.setAttribute("aria-label", label());
    button.addEventListener("click", () => {
      setTheme(readTheme() === "dark" ? "light" : "dark");
      for (const b of all("[data-theme-toggle]")) b.setAttribute("aria-label", label());
    });
  }
}

function phoneMenu() {
  const toggle = document.querySelector<HTMLElement>("[data-menu-toggle]");
  const menu = document.querySelector<HTMLElement>("[data-menu]");
  if (!toggle || !menu) return;
  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", open ? "Close menu" : "Open menu");
  };
  toggle.addEventListener("click", () => setOpen(Boolean(menu.hidden)));
  for (const link of menu.querySelectorAll("a")) link.addEventListener("click", () => setOpen(false));
  window.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !menu.hidden) setOpen(false);
  });
  window.addEventListener("resize", () => {
    if (!menu.hidden && window.matchMedia("(min-width: 768px)").matches) setOpen(false);
  });
}

function billingSwitch() {
  const toggle = document.querySelector<HTMLElement>("[data-billing-switch]");
  if (!toggle) return;
  toggle.addEventListener("click", () => {
    const yearly = toggle.getAttribute("aria-checked") !== "true";
    toggle.setAttribute("aria-checked", String(yearly));
    for (const block of all("[data-billing]"))
      block.hidden = block.dataset.billing !== (yearly ? "yearly" : "monthly");
  });
}

const isPlainLeftClick = (e: MouseEvent) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * "Start Free Trial" leads to the dashboard for someone signed in, else to sign-up. The session is
 * asked once; a click made before the answer waits for it instead of guessing.
 */
function startLinks() {
  const session = fetch("/api/auth/get-session", {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  })
    .then(async (res) => (res.ok ? Boolean(((await res.json()) as { user?: unknown } | null)?.user) : false))
    .catch(() => false);
  let known: boolean | null = null;
  void session.then((signedIn) => {
    known = signedIn;
    if (!signedIn) return;
    for (const link of all<HTMLAnchorElement>("[data-start-link]")) link.href = paths.dashboard;
    for (const label of all("[data-start-label]")) label.textContent = "Open dashboard";
    for (const link of all("[data-signed-out-only]")) link.remove();
  });
  for (const link of all<HTMLAnchorElement>("[data-start-link]")) {
    link.addEventListener("click", (e) => {
      if (known !== null || e.defaultPrevented || !isPlainLeftClick(e)) return;
      e.preventDefault();
      void session.then((signedIn) => window.location.assign(signedIn ? paths.dashboard : paths.signup));
    });
  }
}

export function enhance() {
  themeToggles();
  phoneMenu();
  billingSwitch();
  startLinks();
  for (const button of all("[data-watch-demo]")) button.addEventListener("click", watchDemo);
  for (const year of all("[data-year]")) year.textContent = `${new Date().getFullYear()} `;
}
