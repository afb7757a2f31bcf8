// Build step (vite.config.ts): writes a brotli (.br) and a gzip (.gz) file beside every text asset of
// the built web app, at the strongest levels since this runs once per build. The server's
// serveStatic (precompressed: true) answers with one of them as the browser accepts.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Text files worth compressing; images, fonts (woff2 is already compressed) and archives are not. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

export function precompressDir(dir: string): { files: number } {
  let files = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      files += precompressDir(path).files;
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    files++;
  }
  return { files };
}
