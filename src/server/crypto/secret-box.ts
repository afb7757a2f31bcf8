// Encrypts secrets we must keep but never show (OAuth access and refresh tokens of calendar
// connections, any other third-party token) before they are written to the database.
//
// AES-256-GCM with a key derived by HKDF-SHA256 from the server secret (BETTER_AUTH_SECRET or the
// generated one, src/server/secret.ts), so a copy of the database alone reveals nothing. A sealed
// value is text:
//
//   v1.<iv>.<ciphertext>.<tag>        (each part base64url; iv 12 bytes, tag 16 bytes)
//
// The leading version names the algorithm and key derivation, so a later format can be added while
// old values still open. An optional context (say "calendar:google:<connection id>") is bound in
// as additional authenticated data: a value copied onto another row does not open there.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = "kairo/secret-box";
const HKDF_INFO = "v1 aes-256-gcm";

export class SecretBoxError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SecretBoxError";
  }
}

export type SecretBox = {
  /** Encrypts `plaintext`; every call gives a different value (random IV). */
  seal(plaintext: string, context?: string): string;
  /** Decrypts a value from `seal`; throws SecretBoxError on a wrong key, context or any tampering. */
  open(sealed: string, context?: string): string;
};

export function createSecretBox(serverSecret: string): SecretBox {
  if (serverSecret.length < 16) throw new SecretBoxError("The server secret is too short to derive a key.");
  const key = Buffer.from(hkdfSync("sha256", serverSecret, HKDF_SALT, HKDF_INFO, 32));
  const aad = (context: string) => Buffer.from(`${VERSION}|${context}`, "utf8");

  return {
    seal(plaintext, context = "") {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, ciphertext, tag]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed, context = "") {
      const parts = sealed.split(".");
      if (parts.length !== 4) throw new SecretBoxError("Not a sealed secret.");
      const [version, ivText, ciphertextText, tagText] = parts as [string, string, string, string];
      if (version !== VERSION) throw new SecretBoxError(`Unknown sealed secret version "${version}".`);
      const iv = Buffer.from(ivText, "base64url");
      const tag = Buffer.from(tagText, "base64url");
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
        throw new SecretBoxError("Not a sealed secret.");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(context));
        decipher.setAuthTag(tag);
        const plain = Buffer.concat([
          decipher.update(Buffer.from(ciphertextText, "base64url")),
          decipher.final(),
        ]);
        return plain.toString("utf8");
      } catch (cause) {
        // One message for every failure: which check failed is of no use to anyone probing.
        throw new SecretBoxError("The sealed secret could not be opened.", { cause });
      }
    },
  };
}
