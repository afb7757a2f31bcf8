// The change-password strength meter (spec sections 4 and 5): one point for each rule a password
// meets, 0 to 5, and the label shown for that score.

export const PASSWORD_STRENGTH_RULES = [
  { id: "length8", description: "At least 8 characters", test: (p: string) => [...p].length >= 8 },
  { id: "length12", description: "At least 12 characters", test: (p: string) => [...p].length >= 12 },
  {
    id: "mixedCase",
    description: "Upper and lower case letters",
    test: (p: string) => /\p{Lu}/u.test(p) && /\p{Ll}/u.test(p),
  },
  { id: "digit", description: "A number", test: (p: string) => /\p{Nd}/u.test(p) },
  {
    id: "symbol",
    description: "A symbol or space",
    // Anything that is neither a letter nor a digit counts, so "é" is a letter and "€" a symbol.
    test: (p: string) => /[^\p{L}\p{Nd}]/u.test(p),
  },
] as const;

export type PasswordStrengthRuleId = (typeof PASSWORD_STRENGTH_RULES)[number]["id"];

export const PASSWORD_STRENGTH_MAX = PASSWORD_STRENGTH_RULES.length; // 5

export type PasswordStrengthLabel = "Weak" | "Fair" | "Good" | "Strong" | "Very Strong";

/**
 * The spec names five labels for six scores. Decided: 0 and 1 both read "Weak" (a password that
 * meets at most one rule is weak whichever rule it is); 2 Fair, 3 Good, 4 Strong, 5 Very Strong.
 */
export const PASSWORD_STRENGTH_LABELS: readonly PasswordStrengthLabel[] = [
  "Weak",
  "Weak",
  "Fair",
  "Good",
  "Strong",
  "Very Strong",
];

export type PasswordStrength = {
  score: number;
  label: PasswordStrengthLabel;
  met: Record<PasswordStrengthRuleId, boolean>;
};

export function passwordStrength(password: string): PasswordStrength {
  const met = Object.fromEntries(PASSWORD_STRENGTH_RULES.map((r) => [r.id, r.test(password)])) as Record<
    PasswordStrengthRuleId,
    boolean
  >;
  const score = Object.values(met).filter(Boolean).length;
  return { score, label: PASSWORD_STRENGTH_LABELS[score]!, met };
}
