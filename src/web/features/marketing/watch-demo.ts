/** Scrolls down exactly one screen ("Watch Demo"), without animation for people who asked for less motion. */
export function watchDemo() {
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  window.scrollBy({ top: window.innerHeight, behavior: reduceMotion ? "auto" : "smooth" });
}
