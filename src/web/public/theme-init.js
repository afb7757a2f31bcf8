// Applies the remembered theme before first paint (kept as a file: the CSP forbids inline scripts).
try {
  if (localStorage.getItem("kairo-theme") === "dark") document.documentElement.classList.add("dark");
} catch {}
