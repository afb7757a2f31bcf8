// Build-time constants vite.config.ts defines (see config/demo-mode.ts).
interface ImportMetaEnv {
  readonly KAIRO_DEMO: boolean;
}
