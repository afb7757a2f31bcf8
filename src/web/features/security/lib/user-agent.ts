// A plain reading of a session's User-Agent for the Active sessions list: which browser, on which
// system, on what kind of device. Only the common cases are named; anything else reads "Unknown".

export type DeviceKind = "Desktop" | "Phone" | "Tablet" | "Unknown device";

export type UserAgentSummary = { browser: string; os: string; device: DeviceKind };

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [name: string, pattern: RegExp][] = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\b(?:OPR|Opera)\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)(?:\.\d+)*.*\bSafari\//],
];

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ["iPadOS", /\biPad\b/],
  ["iOS", /\b(?:iPhone|iPod)\b/],
  ["Android", /\bAndroid\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["Windows", /\bWindows\b/],
  ["macOS", /\bMac OS X\b|\bMacintosh\b/],
  ["Linux", /\bLinux\b/],
];

export function describeUserAgent(ua: string | null | undefined): UserAgentSummary {
  const text = ua ?? "";
  let browser = "Unknown browser";
  for (const [name, pattern] of BROWSERS) {
    const match = text.match(pattern);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([, pattern]) => pattern.test(text))?.[0] ?? "Unknown system";
  let device: DeviceKind = "Unknown device";
  if (/\biPad\b|\bTablet\b/.test(text) || (os === "Android" && !/\bMobile\b/.test(text))) device = "Tablet";
  else if (/\bMobi|\biPhone\b|\biPod\b/.test(text)) device = "Phone";
  else if (os !== "Unknown system") device = "Desktop";
  return { browser, os, device };
}
