// The public pages: the landing page's sections, pricing switch, calls to action, footer and script
// budget, and the legal pages with their tabs, Back button and the DPA download.
// Every test destructures `consoleErrors`: the fixture fails the test on an unexpected console error
// when it ends (fixtures.ts); on "/" that includes React's report of a page that hydrates differently
// from how it was pre-rendered.
import { readFile } from "node:fs/promises";
import { siteConfig } from "#shared/domain/site-config.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures.ts";

/** The landing page's budget: script bytes as served (compressed) before it is interactive. */
const SCRIPT_BUDGET_BYTES = 90 * 1024;
/** What the production build's landing script weighs with room to grow (2.0 KB in README's bench). */
const PRODUCTION_LANDING_SCRIPT_BYTES = 8 * 1024;

const LEGAL_DATE = "October 17, 2025";

const FEATURES = [
  "AI intelligence",
  "Smart calendar",
  "Team collaboration",
  "Workflow automation",
  "Goal tracking",
  "Advanced analytics",
];

test.describe("landing page", () => {
  test("shows every section", async ({ page, consoleErrors }) => {
    await page.goto("/");

    const hero = page.getByRole("region", { name: "Plan less. Finish what matters." });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plan less. Finish what matters.");
    await expect(hero.getByRole("link", { name: "Start Free Trial" })).toBeVisible();
    await expect(hero.getByRole("button", { name: "Watch Demo" })).toBeVisible();

    const highlights = page.getByRole("region", { name: "A calmer way to run your day" });
    await expect(highlights.getByRole("heading", { level: 3 })).toHaveCount(3);

    const features = page.getByRole("region", { name: "Everything your day needs, nothing it doesn't" });
    await expect(features.getByRole("heading", { level: 3 })).toHaveText(FEATURES);

    const pricing = page.getByRole("region", { name: "Simple pricing that grows with you" });
    await expect(pricing.getByRole("heading", { level: 3 })).toHaveText(["Free", "Pro", "Team", "Elite"]);
    await expect(
      pricing.getByRole("article", { name: "Free" }).getByText("$0", { exact: true }),
    ).toBeVisible();
    await expect(
      pricing.getByRole("article", { name: "Pro" }).getByText("$12", { exact: true }),
    ).toBeVisible();
    const team = pricing.getByRole("article", { name: "Team" });
    await expect(team.getByText("$10", { exact: true })).toBeVisible();
    await expect(team.getByText("per user/month").filter({ visible: true })).toBeVisible();
    const elite = pricing.getByRole("article", { name: "Elite" });
    await expect(elite.getByText("Coming Soon").first()).toBeVisible();
    await expect(elite.getByRole("button", { name: "Coming Soon" })).toBeDisabled();

    const testimonials = page.getByRole("region", { name: "How people use Kairo" });
    await expect(testimonials.getByRole("figure")).toHaveCount(3);
    await expect(testimonials.getByRole("blockquote")).toHaveCount(3);

    const cta = page.getByRole("region", { name: "Give your week a calmer shape" });
    await expect(cta.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/signup");
    await expect(cta.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(cta.getByText(/No credit card required/)).toBeVisible();
    await expect(cta.getByText(/Cancel anytime/)).toBeVisible();

    await expectNoSeriousA11yViolations(page);
    void consoleErrors;
  });

  test("the yearly switch changes the prices shown", async ({ page, consoleErrors }) => {
    await page.goto("/");
    const pricing = page.getByRole("region", { name: "Simple pricing that grows with you" });
    const pro = pricing.getByRole("article", { name: "Pro" });
    const team = pricing.getByRole("article", { name: "Team" });
    const yearly = pricing.getByRole("switch", { name: /Yearly billing/ });

    await expect(yearly).not.toBeChecked();
    await expect(pro.getByText("Billed monthly")).toBeVisible();

    await yearly.click();
    await expect(yearly).toBeChecked();
    // 20% off: $12 a month becomes $115.20 a year, $9.60 a month.
    await expect(pro.getByText("$9.60", { exact: true })).toBeVisible();
    await expect(pro.getByText("$115.20 billed yearly")).toBeVisible();
    await expect(team.getByText("$8", { exact: true })).toBeVisible();
    await expect(team.getByText("$96 per user billed yearly")).toBeVisible();
    await expect(
      pricing.getByRole("article", { name: "Free" }).getByText("$0", { exact: true }),
    ).toBeVisible();

    await yearly.click();
    await expect(yearly).not.toBeChecked();
    await expect(pro.getByText("$12", { exact: true })).toBeVisible();
    await expect(pro.getByText("$9.60", { exact: true })).toBeHidden();
    void consoleErrors;
  });

  test("Start Free Trial leads a signed-out visitor to sign-up", async ({ page, consoleErrors }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Plan less. Finish what matters." });
    await hero.getByRole("link", { name: "Start Free Trial" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    void consoleErrors;
  });

  test("Watch Demo scrolls down one screen", async ({ page, consoleErrors }) => {
    await page.goto("/");
    const screen = await page.evaluate(() => window.innerHeight);
    const scrollY = () => page.evaluate(() => window.scrollY);
    expect(await scrollY()).toBe(0);
    await page.getByRole("button", { name: "Watch Demo" }).click();
    // The scroll is smooth: wait until it arrives, then check it went no further than one screen.
    await expect.poll(scrollY).toBeGreaterThanOrEqual(screen - 2);
    expect(await scrollY()).toBeLessThanOrEqual(screen + 2);
    void consoleErrors;
  });

  test("the footer shows every link of the site config", async ({ page, consoleErrors }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const columns = [
      ["Product", siteConfig.footer.product],
      ["Company", siteConfig.footer.company],
      ["Legal", siteConfig.footer.legal],
    ] as const;
    for (const [title, links] of columns) {
      const column = footer.getByRole("navigation", { name: title });
      await expect(column.getByRole("listitem")).toHaveCount(links.length);
      for (const link of links) {
        if ("comingSoon" in link) {
          await expect(column.getByText(`${link.label} (coming soon)`)).toBeVisible();
        } else {
          const anchor = column.getByRole("link", { name: link.label, exact: true });
          await expect(anchor).toHaveAttribute("href", link.href);
          // A link to a section of this page finds its section.
          if (link.href.startsWith("/#")) await expect(page.locator(link.href.slice(1))).toHaveCount(1);
        }
      }
    }
    for (const profile of Object.values(siteConfig.social)) {
      await expect(
        footer.getByRole("link", { name: `${siteConfig.name} on ${profile.name} (opens in a new tab)` }),
      ).toHaveAttribute("href", profile.url);
    }
    await expect(footer.getByText(`© ${new Date().getFullYear()} ${siteConfig.name}.`)).toBeVisible();
    void consoleErrors;
  });

  test("arrives as finished HTML, before any script runs", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("Plan less. Finish what matters.");
    expect(html).toContain("Give your week a calmer shape");
    expect(html).toContain('href="/terms-of-service"');
  });

  test("loads at most 90 KB of script as served (compressed, until the network is idle), the production build's few KB whatever NODE_ENV built it, and none of the app's bundle", async ({
    page,
    request,
    consoleErrors,
  }) => {
    // Counted from the network as the browser received it: encoded body bytes of every script
    // response, until no request has been in flight for 500 ms.
    const scripts: Array<{ path: string; encoding: string | undefined; bytes: Promise<number> }> = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.push({
        path: new URL(response.url()).pathname,
        encoding: response.headers()["content-encoding"],
        bytes: response
          .request()
          .sizes()
          .then((sizes) => sizes.responseBodySize),
      });
    });
    await page.goto("/", { waitUntil: "networkidle" });
    expect(scripts.length).toBeGreaterThan(0);
    let served = 0;
    for (const script of scripts) served += await script.bytes;
    expect(served).toBeGreaterThan(0);
    expect(served).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES);
    // Served compressed wherever compressing pays (files under 1 KB are sent as they are).
    for (const script of scripts)
      if ((await script.bytes) >= 1024) expect(script.encoding, script.path).toBe("br");

    // The app's entry (what every other address loads) is not among them.
    const appHtml = await (await request.get("/login")).text();
    const appEntry = appHtml.match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
    expect(appEntry).toMatch(/^\/assets\/.+\.js$/);
    expect(scripts.map((s) => s.path)).not.toContain(appEntry);

    // The production build's few KB, though the build under test was made as
    // `NODE_ENV=development npm start` makes one (package.json's build:e2e, issue 22 point 7): a
    // development build loads React and a dev-only renderer here, 158 KB (decision 145).
    expect(served).toBeLessThanOrEqual(PRODUCTION_LANDING_SCRIPT_BYTES);
    void consoleErrors;
  });

  test("the theme switch works on the pre-rendered page and is remembered", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/");
    const html = page.locator("html");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    void consoleErrors;
  });

  test("on a phone the menu holds the section links and the calls to action", async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Sign In" })).toBeHidden();
    await header.getByRole("button", { name: "Open menu" }).click();
    const menu = header.getByRole("navigation", { name: "Menu" });
    await expect(menu.getByRole("link")).toHaveText(["Features", "Pricing", "Testimonials"]);
    await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/signup");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    void consoleErrors;
  });

  test("Sign In in the header opens the sign-in page", async ({ page, consoleErrors }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Email")).toBeVisible();
    void consoleErrors;
  });
});

test.describe("legal pages", () => {
  const pages = [
    { path: "/terms-of-service", title: "Terms of Service" },
    { path: "/privacy-policy", title: "Privacy Policy" },
    { path: "/cookie-policy", title: "Cookie Policy" },
    { path: "/dpa", title: "Data Processing Agreement" },
  ];

  for (const legal of pages) {
    test(`${legal.path} shows its title, date and a Back button`, async ({ page, consoleErrors }) => {
      await page.goto(legal.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(legal.title);
      await expect(page.getByText(`Last updated: ${LEGAL_DATE}`)).toBeVisible();
      await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // Opened directly, Back has no page of ours to return to and goes home.
      await page.getByRole("button", { name: "Back" }).click();
      await expect(page).toHaveURL(/\/$/);
      void consoleErrors;
    });
  }

  test("the terms state the refund, retention, breach and sub-processor commitments", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/terms-of-service");
    const terms = page.getByRole("main");
    await expect(terms.getByText(/full refund within 30 days of a payment/)).toBeVisible();
    await expect(terms.getByText(/including backups, within 90 days/)).toBeVisible();
    await expect(terms.getByText(/at the latest 72 hours after we become aware of it/)).toBeVisible();
    await expect(terms.getByText(/at least 30 days before we add or replace a sub-processor/)).toBeVisible();
    void consoleErrors;
  });

  test("the short addresses show the same pages", async ({ page, consoleErrors }) => {
    for (const [path, title] of [
      ["/terms", "Terms of Service"],
      ["/privacy", "Privacy Policy"],
      ["/cookies", "Cookie Policy"],
    ]) {
      await page.goto(path!);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
    }
    void consoleErrors;
  });

  test("Back returns to the page the visitor came from", async ({ page, consoleErrors }) => {
    await page.goto("/");
    await page
      .getByRole("contentinfo")
      .getByRole("navigation", { name: "Legal" })
      .getByRole("link", { name: "Cookie Policy" })
      .click();
    await expect(page).toHaveURL(/\/cookie-policy$/);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plan less. Finish what matters.");
    void consoleErrors;
  });

  test("privacy policy tabs switch the content", async ({ page, consoleErrors }) => {
    await page.goto("/privacy-policy");
    const tabs = page.getByRole("tablist", { name: "Privacy policy topics" });
    await expect(tabs.getByRole("tab")).toHaveText(["General", "GDPR", "CCPA", "AI & Data"]);
    await expect(tabs.getByRole("tab", { name: "General" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "How long we keep it" })).toBeVisible();

    const cases = [
      { tab: "GDPR", shows: "Controller and processor" },
      { tab: "CCPA", shows: "Your rights as a California resident" },
      { tab: "AI & Data", shows: "No training on your data" },
      { tab: "General", shows: "How long we keep it" },
    ];
    for (const c of cases) {
      await tabs.getByRole("tab", { name: c.tab }).click();
      await expect(tabs.getByRole("tab", { name: c.tab })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel").getByRole("heading", { name: c.shows })).toBeVisible();
      await expect(page.getByRole("tabpanel")).toHaveCount(1);
    }
    await expect(page.getByRole("heading", { name: "Controller and processor" })).toBeHidden();
    void consoleErrors;
  });

  test("the DPA download is a real PDF", async ({ page, consoleErrors }) => {
    await page.goto("/dpa");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download signed PDF" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(2048);
    await expect(page.getByText("PDF ready")).toBeVisible();
    void consoleErrors;
  });
});
