import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PASSWORD_STRENGTH_LABELS, PASSWORD_STRENGTH_MAX, passwordStrength } from "./password-strength.ts";

describe("passwordStrength", () => {
  // [password, score, label, rules met]
  it.each<[string, number, string, string[]]>([
    ["", 0, "Weak", []],
    ["abc", 0, "Weak", []],
    ["abcdefgh", 1, "Weak", ["length8"]],
    ["1", 1, "Weak", ["digit"]],
    ["!", 1, "Weak", ["symbol"]],
    ["aB", 1, "Weak", ["mixedCase"]],
    ["abcdefg", 0, "Weak", []],
    ["abcdefgh1", 2, "Fair", ["length8", "digit"]],
    ["abcdefghijkl", 2, "Fair", ["length8", "length12"]],
    ["Abcdefgh1", 3, "Good", ["length8", "mixedCase", "digit"]],
    ["Abcdefgh1!", 4, "Strong", ["length8", "mixedCase", "digit", "symbol"]],
    ["abcdefghijk1!", 4, "Strong", ["length8", "length12", "digit", "symbol"]],
    ["Abcdefghijk1!", 5, "Very Strong", ["length8", "length12", "mixedCase", "digit", "symbol"]],
    ["correct horse 42", 4, "Strong", ["length8", "length12", "digit", "symbol"]],
    ["ALLUPPERCASE", 2, "Fair", ["length8", "length12"]],
    ["Ünïcödé-Wörd", 4, "Strong", ["length8", "length12", "mixedCase", "symbol"]],
    ["pässwörd€", 2, "Fair", ["length8", "symbol"]],
  ])("%j scores %i (%s)", (password, score, label, met) => {
    const result = passwordStrength(password);
    expect(result.score).toBe(score);
    expect(result.label).toBe(label);
    expect(
      Object.entries(result.met)
        .filter(([, v]) => v)
        .map(([k]) => k)
        .sort(),
    ).toEqual([...met].sort());
  });

  it("counts characters, not UTF-16 units, for the length rules", () => {
    // Seven emoji are fourteen UTF-16 units but seven characters.
    expect(passwordStrength("😀😀😀😀😀😀😀").met.length8).toBe(false);
    expect(passwordStrength("😀😀😀😀😀😀😀😀").met.length8).toBe(true);
  });

  it("labels every score 0 to 5 with the spec's words, 0 and 1 both Weak", () => {
    expect(PASSWORD_STRENGTH_MAX).toBe(5);
    expect(PASSWORD_STRENGTH_LABELS).toEqual(["Weak", "Weak", "Fair", "Good", "Strong", "Very Strong"]);
  });

  it("always scores between 0 and 5, one point per rule met, and never less for a longer password", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 10 }), (p, extra) => {
        const a = passwordStrength(p);
        expect(a.score).toBeGreaterThanOrEqual(0);
        expect(a.score).toBeLessThanOrEqual(5);
        expect(a.score).toBe(Object.values(a.met).filter(Boolean).length);
        expect(a.label).toBe(PASSWORD_STRENGTH_LABELS[a.score]);
        expect(passwordStrength(p + extra).score).toBeGreaterThanOrEqual(a.score);
      }),
    );
  });
});
