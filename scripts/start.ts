// `npm start`: builds the web app when no build exists yet, then serves the whole product.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
if (!existsSync(`${root}/dist/web/index.html`)) {
  console.info("Building the web app (first start)...");
  const build = spawnSync(
    process.execPath,
    [`${root}/node_modules/vite/bin/vite.js`, "build", "--logLevel", "warn"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import("../src/server/main.ts");
