// The public pages: the landing page's sections, pricing switch and calls to action, and the legal
// pages with their tabs, Back button and the DPA download.
// Every test destructures `consoleErrors`: the fixture fails the test on an unexpected console error
// when it ends (fixtures.ts).
import { readFile } from "node:fs/promises";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures.ts";

const LEGAL_DATE = "October 17, 2025";

const FEATURES = [
  "AI intelligence",
  "Smart calendar",
  "Team collaboration",
  "Workflow automation",
  "Goal tracking",
  "Advanced analytics",
];

const LEGAL_LINKS = [
  { name: "Terms of Service", href: "/terms-of-service" },
  { name: "Privacy Policy", href: "/privacy-policy" },
  { name: "Cookie Policy", href: "/cookie-policy" },
  { name: "Data Processing Agreement", href: "/dpa" },
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
    await expect(team.getByText("per user/month")).toBeVisible();
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

    const legal = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" });
    for (const link of LEGAL_LINKS) {
      await expect(legal.getByRole("link", { name: link.name })).toHaveAttribute("href", link.href);
    }

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
    await expect(pro.getByText("$9.60", { exact: true })).toHaveCount(0);
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

  test("Watch Demo scrolls down", async ({ page, consoleErrors }) => {
    await page.goto("/");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole("button", { name: "Watch Demo" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
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
