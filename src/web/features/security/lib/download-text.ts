import { saveBlob } from "#web/lib/download-file.ts";

/** Saves `text` as a file through a temporary object URL (no server round trip). */
export function downloadText(fileName: string, text: string) {
  saveBlob(new Blob([text], { type: "text/plain;charset=utf-8" }), fileName);
}
