// The test-side TOTP generator against the published vectors: RFC 6238 appendix B (SHA-1 rows)
// and RFC 4226 appendix D, plus base32 against RFC 4648 section 10.
import { describe, expect, it } from "vitest";
import { base32Decode, hotp, parseOtpauthUri, timeStep, totp } from "./totp.ts";

const RFC_SECRET = Buffer.from("12345678901234567890", "ascii");

describe("RFC 6238 TOTP, SHA-1 test vectors", () => {
  it.each([
    [59, "0000000000000001", "94287082"],
    [1111111109, "00000000023523EC", "07081804"],
    [1111111111, "00000000023523ED", "14050471"],
    [1234567890, "000000000273EF07", "89005924"],
    [2000000000, "0000000003F940AA", "69279037"],
    [20000000000, "0000000027BC86AA", "65353130"],
  ])("at T=%i (step %s) the 8-digit code is %s", (seconds, stepHex, code) => {
    expect(timeStep(seconds).toString(16).toUpperCase().padStart(16, "0")).toBe(stepHex);
    expect(totp(RFC_SECRET, { unixSeconds: seconds, digits: 8 })).toBe(code);
  });

  it("gives the 6-digit code as the last six digits of the truncated value", () => {
    expect(totp(RFC_SECRET, { unixSeconds: 59 })).toBe("287082");
    expect(totp(RFC_SECRET, { unixSeconds: 1111111109 })).toBe("081804");
  });

  it("steps back and forth by whole periods", () => {
    expect(totp(RFC_SECRET, { unixSeconds: 1111111109 + 30, digits: 8, stepOffset: -1 })).toBe("07081804");
    expect(totp(RFC_SECRET, { unixSeconds: 1111111109 - 30, digits: 8, stepOffset: 1 })).toBe("07081804");
  });
});

describe("RFC 4226 HOTP test vectors", () => {
  const expected = [
    "755224",
    "287082",
    "359152",
    "969429",
    "338314",
    "254676",
    "287922",
    "162583",
    "399871",
    "520489",
  ];
  it.each(expected.map((code, counter) => [counter, code]))("counter %i gives %s", (counter, code) => {
    expect(hotp(RFC_SECRET, counter as number)).toBe(code);
  });
});

describe("base32 and otpauth URIs", () => {
  it.each([
    ["", ""],
    ["MY======", "f"],
    ["MZXQ====", "fo"],
    ["MZXW6===", "foo"],
    ["MZXW6YQ=", "foob"],
    ["MZXW6YTB", "fooba"],
    ["MZXW6YTBOI======", "foobar"],
    ["mzxw6ytboi", "foobar"],
  ])("decodes %j to %j (RFC 4648)", (encoded, decoded) => {
    expect(base32Decode(encoded).toString("utf8")).toBe(decoded);
  });

  it("refuses characters outside the alphabet", () => {
    expect(() => base32Decode("MZ1W")).toThrow(/base32/);
  });

  it("reads the secret, issuer and account of an otpauth URI", () => {
    const uri =
      "otpauth://totp/Kairo:sam%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Kairo&digits=6&period=30";
    const parsed = parseOtpauthUri(uri);
    expect(parsed.secret.toString("ascii")).toBe("12345678901234567890");
    expect(parsed.issuer).toBe("Kairo");
    expect(parsed.account).toBe("sam@example.com");
    expect(parsed.digits).toBe(6);
    expect(parsed.period).toBe(30);
  });
});
