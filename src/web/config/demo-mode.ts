// Whether this is the static demo build (`npm run build:demo`, spec section 1: no backend
// configured). vite.config.ts defines `import.meta.env.KAIRO_DEMO` as a literal true or false, which
// the bundler inlines where it is used, so in the configured build every demo-only branch (and the
// chunks only they import) is dropped. Outside a Vite build (unit tests) it is undefined: false.
export const DEMO_MODE: boolean = import.meta.env.KAIRO_DEMO;
