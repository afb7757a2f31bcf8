import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isBanned, readCookie, signedToken } from "./session-lookup.ts";

const SECRET = "unit-secret-unit-secret-unit-secret-0123";
const signed = (token: string, secret = SECRET) =>
  `${token}.${createHmac("sha256", secret).update(token).digest("base64")}`;

describe("readCookie", () => {
  it("finds the named cookie among others, trimmed", () => {
    expect(readCookie("a=1; better-auth.session_token=abc.def; b=2", "better-auth.session_token")).toBe(
      "abc.def",
    );
  });
  it("takes the first of two cookies with the same name, as Better Auth does", () => {
    expect(readCookie("n=first; n=second", "n")).toBe("first");
  });
  it("unquotes and URI-decodes the value", () => {
    expect(readCookie('n="a%2Bb%3D"', "n")).toBe("a+b=");
  });
  it("keeps a value that is not valid URI encoding as it is", () => {
    expect(readCookie("n=100%", "n")).toBe("100%");
  });
  it("answers null without the cookie or without a header", () => {
    expect(readCookie("other=1", "n")).toBeNull();
    expect(readCookie("nn=1", "n")).toBeNull();
    expect(readCookie(undefined, "n")).toBeNull();
  });
});

describe("signedToken", () => {
  it("returns the token of a cookie signed with the secret", () => {
    expect(signedToken(signed("tok123"), SECRET)).toBe("tok123");
  });
  it("refuses another secret's signature, a bare token and a malformed signature", () => {
    expect(signedToken(signed("tok123", `${SECRET}x`), SECRET)).toBeNull();
    expect(signedToken("tok123", SECRET)).toBeNull();
    expect(signedToken("tok123.short=", SECRET)).toBeNull();
    expect(signedToken(null, SECRET)).toBeNull();
  });
  it("refuses a signature that decodes to the same bytes but is not the text Better Auth wrote", () => {
    const good = signed("tok123");
    const sig = good.slice(good.lastIndexOf(".") + 1);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    // The 43rd character carries two unused bits: flipping one leaves the decoded bytes as they were.
    const twin = `${sig.slice(0, 42)}${alphabet[alphabet.indexOf(sig[42]!) ^ 1]}=`;
    expect(Buffer.from(twin, "base64")).toEqual(Buffer.from(sig, "base64"));
    expect(signedToken(`tok123.${twin}`, SECRET)).toBeNull();
  });
});

describe("isBanned", () => {
  const now = Date.parse("2026-05-10T12:00:00Z");
  it("is a ban without an end, or with an end still to come", () => {
    expect(isBanned({ banned: true, banExpires: null }, now)).toBe(true);
    expect(isBanned({ banned: true, banExpires: new Date(now + 1000) }, now)).toBe(true);
  });
  it("is no ban once it has ended, or when the flag is off or unset", () => {
    expect(isBanned({ banned: true, banExpires: new Date(now - 1000) }, now)).toBe(false);
    expect(isBanned({ banned: false, banExpires: null }, now)).toBe(false);
    expect(isBanned({ banned: null, banExpires: null }, now)).toBe(false);
  });
});
