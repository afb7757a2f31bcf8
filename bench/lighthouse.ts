// Lighthouse scores of a page with Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium), on
// Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown) or its desktop preset.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

export type LighthouseResult = {
  scores: Record<"performance" | "accessibility" | "best-practices" | "seo", number>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; mainThreadMs: number };
  /** Audits that cost points, for reading a score short of 100. */
  failing: string[];
};

export async function lighthouseScores(
  url: string,
  formFactor: "mobile" | "desktop",
): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      },
      formFactor === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error("Lighthouse returned no result");
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      scores: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
      },
      metrics: {
        fcpMs: value("first-contentful-paint"),
        lcpMs: value("largest-contentful-paint"),
        tbtMs: value("total-blocking-time"),
        cls: value("cumulative-layout-shift"),
        mainThreadMs: value("mainthread-work-breakdown"),
      },
      failing: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
        .map((a) => `${a.id}: ${a.displayValue ?? a.score}`),
    };
  } finally {
    chrome.kill();
  }
}
