import { createCipheriv, hkdfSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, SecretBoxError } from "./secret-box.ts";

const SECRET = "unit-test-server-secret-0123456789abcdef";
const box = createSecretBox(SECRET);

/** Flips one bit of one base64url part of a sealed value. */
function flip(sealed: string, part: 1 | 2 | 3): string {
  const parts = sealed.split(".");
  const bytes = Buffer.from(parts[part]!, "base64url");
  bytes[0] = bytes[0]! ^ 1;
  parts[part] = bytes.toString("base64url");
  return parts.join(".");
}

describe("secret box", () => {
  it.each([
    ["an OAuth access token", "ya29.a0AfH6SMBx-example-token_value"],
    ["the empty string", ""],
    ["text outside ASCII", "clé 🔑 秘密"],
    ["a long refresh token", "r".repeat(4096)],
  ])("round-trips %s", (_label, plain) => {
    const sealed = box.seal(plain);
    expect(box.open(sealed)).toBe(plain);
    expect(createSecretBox(SECRET).open(sealed)).toBe(plain); // same secret, a new instance
  });

  it("writes the versioned format and never the plaintext", () => {
    const sealed = box.seal("my-access-token");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(sealed).not.toContain("my-access-token");
    expect(Buffer.from(sealed.split(".")[2]!, "base64url").toString("utf8")).not.toContain("access");
  });

  it("gives a different value each time (random IV)", () => {
    expect(box.seal("same")).not.toBe(box.seal("same"));
  });

  it.each([
    ["the IV", 1],
    ["the ciphertext", 2],
    ["the tag", 3],
  ] as const)("refuses a value whose %s was changed", (_label, part) => {
    const sealed = box.seal("token-to-protect");
    expect(() => box.open(flip(sealed, part))).toThrow(SecretBoxError);
  });

  it("refuses a value sealed with another server secret", () => {
    const other = createSecretBox("another-server-secret-0123456789abcdef");
    expect(() => other.open(box.seal("token"))).toThrow(SecretBoxError);
    expect(() => other.open(box.seal("token"))).toThrow("The sealed secret could not be opened.");
  });

  it("binds the context: a value moved to another row does not open", () => {
    const sealed = box.seal("token", "calendar:google:conn-1");
    expect(box.open(sealed, "calendar:google:conn-1")).toBe("token");
    expect(() => box.open(sealed, "calendar:google:conn-2")).toThrow(SecretBoxError);
    expect(() => box.open(sealed)).toThrow(SecretBoxError);
  });

  it.each([
    ["plain text", "not sealed at all"],
    ["an unknown version", "v9.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA"],
    ["a short IV", "v1.AAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA"],
    ["too many parts", "v1.a.b.c.d"],
  ])("refuses %s", (_label, value) => {
    expect(() => box.open(value)).toThrow(SecretBoxError);
  });

  it("is plain AES-256-GCM under an HKDF-SHA256 key (decodable by an independent implementation)", () => {
    // Seal by hand with node:crypto directly and the documented parameters; the box must open it.
    const key = Buffer.from(hkdfSync("sha256", SECRET, "kairo/secret-box", "v1 aes-256-gcm", 32));
    const iv = Buffer.alloc(12, 7);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(Buffer.from("v1|ctx"));
    const ct = Buffer.concat([cipher.update("hand-made", "utf8"), cipher.final()]);
    const sealed = [
      "v1",
      iv.toString("base64url"),
      ct.toString("base64url"),
      cipher.getAuthTag().toString("base64url"),
    ].join(".");
    expect(box.open(sealed, "ctx")).toBe("hand-made");
  });

  it("refuses a server secret too short to derive a key from", () => {
    expect(() => createSecretBox("short")).toThrow(SecretBoxError);
  });
});
