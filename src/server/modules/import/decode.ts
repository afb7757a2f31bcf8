// The uploaded file's bytes as text (decision 275): UTF-8 only, checked strictly, so a file saved in
// another encoding is refused by name instead of being imported with garbled words.

import { IMPORT_MAX_BYTES } from "#shared/contracts/import.ts";
import { AppError } from "#shared/errors/app-error.ts";

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function fileBytes(data: string): Uint8Array {
  const clean = data.replace(/\s+/g, "");
  if (clean.length % 4 !== 0 || !BASE64.test(clean))
    throw new AppError("VALIDATION", "The file could not be read: data must be the file as base64.", {
      fields: { data: "data must be the file as base64." },
    });
  // atob, not Buffer: the same code runs in the browser's demo (decision 082).
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  if (bytes.length === 0)
    throw new AppError("VALIDATION", "The file is empty.", { fields: { data: "The file is empty." } });
  if (bytes.length > IMPORT_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", "The file is larger than 5 MB. Split it and import each part.", {
      fields: { data: "The file is larger than 5 MB." },
    });
  return bytes;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** The file as text; a UTF-8 byte order mark is dropped. */
export function fileText(bytes: Uint8Array): string {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) throw notUtf8("it is UTF-16 text");
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw notUtf8("it has bytes that are not UTF-8 (perhaps Windows-1252 or Latin-1)");
  }
  if (text.includes("\u0000")) throw notUtf8("it holds NUL characters (a binary file, or UTF-16 text)");
  return text;
}

function notUtf8(why: string) {
  const message = `The file is not UTF-8 text: ${why}. Save it as "CSV UTF-8" and import it again.`;
  return new AppError("VALIDATION", message, { fields: { data: message } });
}

/** The file's SHA-256 as hex (Web Crypto, in Node and in the browser's demo alike). */
export async function fileHash(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
