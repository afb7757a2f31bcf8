import { describe, expect, it } from "vitest";
import {
  BACKUP_CODE_ALPHABET,
  BACKUP_CODE_COUNT,
  BACKUP_CODE_LENGTH,
  BACKUP_CODE_PATTERN,
  backupCodesFile,
  generateBackupCode,
  generateBackupCodes,
  normalizeBackupCode,
} from "./backup-codes.ts";

/** A random source that replays the given bytes, over and over. */
const replay = (bytes: number[]) => {
  let i = 0;
  return (out: Uint8Array) => {
    for (let j = 0; j < out.length; j++) out[j] = bytes[i++ % bytes.length]!;
    return out;
  };
};

describe("backup codes", () => {
  it("are 10 distinct codes of 8 characters (spec section 9)", () => {
    const codes = generateBackupCodes();
    expect(BACKUP_CODE_COUNT).toBe(10);
    expect(BACKUP_CODE_LENGTH).toBe(8);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toHaveLength(8);
      expect(code).toMatch(BACKUP_CODE_PATTERN);
    }
  });

  it("use an alphabet without look-alike characters", () => {
    expect(BACKUP_CODE_ALPHABET).toHaveLength(31);
    expect(new Set(BACKUP_CODE_ALPHABET).size).toBe(31);
    for (const ambiguous of ["0", "O", "1", "I", "L"]) expect(BACKUP_CODE_ALPHABET).not.toContain(ambiguous);
  });

  it("map each random byte below 248 to one symbol and throw the others away", () => {
    // 0 -> A, 30 -> 9, 31 -> A again; 248..255 are discarded (they would favour the first symbols).
    expect(generateBackupCode(replay([0, 30, 31, 248, 255, 61, 62, 247]))).toBe("A9A9A9A9");
  });

  it("draw from Web Crypto, so codes differ from set to set", () => {
    const a = generateBackupCodes();
    const b = generateBackupCodes();
    expect(a).not.toEqual(b);
  });

  it("spread evenly over the alphabet", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 400; i++) {
      for (const ch of generateBackupCode()) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    // 3200 symbols over 31: about 103 each; every symbol occurs, none dominates.
    expect(counts.size).toBe(31);
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(40);
      expect(n).toBeLessThan(200);
    }
  });

  it("never repeat a code within a set, even from a source that repeats itself", () => {
    // A short cycle of bytes gives the same code again and again; the set still ends up distinct.
    const cycle = Array.from({ length: 37 }, (_, i) => (i * 7) % 31);
    const codes = generateBackupCodes(replay(cycle));
    expect(new Set(codes).size).toBe(10);
    // A source that never changes cannot give ten codes: it fails instead of looping.
    expect(() => generateBackupCodes(replay([5]))).toThrow(/random source/);
  });

  it.each([
    ["abcd-efgh", "ABCDEFGH"],
    [" ABCD EFGH ", "ABCDEFGH"],
    ["ABCDEFGH", "ABCDEFGH"],
    ["abc", "ABC"],
  ])("normalizes %j to %j", (input, expected) => {
    expect(normalizeBackupCode(input)).toBe(expected);
  });

  it("writes a text file with every code on its own line", () => {
    const text = backupCodesFile(
      ["AAAAAAAA", "BBBBBBBB"],
      "sam@example.com",
      new Date("2026-11-22T10:00:00Z"),
    );
    expect(text.split("\n")).toContain("AAAAAAAA");
    expect(text.split("\n")).toContain("BBBBBBBB");
    expect(text).toContain("sam@example.com");
    expect(text).toContain("2026-11-22");
  });
});
