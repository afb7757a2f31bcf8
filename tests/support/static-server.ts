// A plain static file server, as any static host is: files from one folder, and index.html for any
// path that names no file (the single-page app's fallback). No API behind it. Used by the browser
// test of the static demo build (tests/e2e/demo-build.spec.ts) and to try the build by hand:
//   node tests/support/static-server.ts dist/demo 4173
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
};

export type StaticServer = { url: string; requests: string[]; close(): Promise<void> };

export async function startStaticServer(dir: string, port = 0): Promise<StaticServer> {
  const root = resolve(dir);
  const requests: string[] = [];
  const fileFor = async (pathname: string): Promise<string> => {
    const candidate = normalize(join(root, decodeURIComponent(pathname)));
    if (candidate.startsWith(root)) {
      const info = await stat(candidate).catch(() => null);
      if (info?.isFile()) return candidate;
    }
    return join(root, "index.html");
  };
  const server: Server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://localhost");
    requests.push(`${req.method} ${pathname}`);
    const file = await fileFor(pathname);
    const info = await stat(file);
    res.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "content-length": info.size,
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

if (import.meta.main) {
  const [dir = "dist/demo", port = "4173"] = process.argv.slice(2);
  const server = await startStaticServer(dir, Number(port));
  console.info(`serving ${dir} at ${server.url}`);
}
