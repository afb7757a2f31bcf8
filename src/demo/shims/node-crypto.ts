// node:crypto in the demo build: randomUUID from Web Crypto (with a fallback for pages that are not
// a secure context), and the rest refusing, since the demo never reaches the code that needs them
// (session cookies, encrypted calendar tokens, calendar feed secrets).
const unavailable = (name: string) => () => {
  throw new Error(`node:crypto ${name} is not available in the demo`);
};

export function randomUUID(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const createHash = unavailable("createHash");
export const createHmac = unavailable("createHmac");
export const randomBytes = unavailable("randomBytes");
export const timingSafeEqual = unavailable("timingSafeEqual");
export const createCipheriv = unavailable("createCipheriv");
export const createDecipheriv = unavailable("createDecipheriv");
export const hkdfSync = unavailable("hkdfSync");

export default {
  randomUUID,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
  createCipheriv,
  createDecipheriv,
  hkdfSync,
};
