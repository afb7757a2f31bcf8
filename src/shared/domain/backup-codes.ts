// Two-factor backup codes (spec section 9: 10 codes of 8 characters, generated locally). Our own
// generator, handed to Better Auth's twoFactor plugin as `customBackupCodesGenerate`: codes come
// from the Web Crypto generator with no modulo bias, in an alphabet without look-alikes.

export const BACKUP_CODE_COUNT = 10;
export const BACKUP_CODE_LENGTH = 8;

/** Upper-case letters and digits without 0/O, 1/I/L (31 symbols, about 39.6 bits per code). */
export const BACKUP_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export const BACKUP_CODE_PATTERN = new RegExp(`^[${BACKUP_CODE_ALPHABET}]{${BACKUP_CODE_LENGTH}}$`);

type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;
const webCrypto: RandomFill = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** One code. `fill` is the random source (Web Crypto unless a test passes another). */
export function generateBackupCode(fill: RandomFill = webCrypto): string {
  const n = BACKUP_CODE_ALPHABET.length;
  // Bytes at or above the largest multiple of n are thrown away, so every symbol is equally likely.
  const limit = 256 - (256 % n);
  let code = "";
  while (code.length < BACKUP_CODE_LENGTH) {
    for (const byte of fill(new Uint8Array(BACKUP_CODE_LENGTH * 2))) {
      if (byte < limit) code += BACKUP_CODE_ALPHABET[byte % n];
      if (code.length === BACKUP_CODE_LENGTH) break;
    }
  }
  return code;
}

/** A fresh set of distinct codes. */
export function generateBackupCodes(fill: RandomFill = webCrypto): string[] {
  const codes = new Set<string>();
  // A duplicate is a one in 10^11 event with Web Crypto; a source that keeps repeating is broken.
  for (let tries = 0; codes.size < BACKUP_CODE_COUNT; tries++) {
    if (tries > 100) throw new Error("The random source keeps repeating itself");
    codes.add(generateBackupCode(fill));
  }
  return [...codes];
}

/**
 * What a person types, as stored: case, spaces and dashes do not matter ("abcd-efgh" is
 * "ABCDEFGH"). Look-alikes are not guessed: a code with 0 or 1 in it is simply not valid.
 */
export function normalizeBackupCode(input: string): string {
  return input.replace(/[\s-]/g, "").toUpperCase();
}

/** The downloadable text file of the codes. */
export function backupCodesFile(codes: readonly string[], account: string, createdAt: Date): string {
  return [
    "Kairo two-factor backup codes",
    `Account: ${account}`,
    `Created: ${createdAt.toISOString().slice(0, 10)}`,
    "",
    "Each code signs you in once when you cannot use your authenticator app.",
    "Keep them somewhere safe and private.",
    "",
    ...codes,
    "",
  ].join("\n");
}
