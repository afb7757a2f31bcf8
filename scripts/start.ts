// `npm start`: builds the web app when there is no build or it is older than its sources, then
// serves the whole product.
import { fileURLToPath } from "node:url";
import { ensureWebBuild } from "./web-build.ts";

ensureWebBuild(fileURLToPath(new URL("..", import.meta.url)));
await import("../src/server/main.ts");
