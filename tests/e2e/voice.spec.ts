// Voice commands in the browser (Pro). The browser's speech recognition is replaced by a scripted
// stand-in installed in the page before the app loads (window.SpeechRecognition and
// webkitSpeechRecognition), so the app's own code runs unchanged: it hears what the test queues.
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signUpAndVerify, test } from "./fixtures.ts";

type SpeechScript = { queue: string[]; deny: boolean; started: number };

async function installSpeechStandIn(page: Page) {
  await page.addInitScript(() => {
    const script: SpeechScript = { queue: [], deny: false, started: 0 };
    (window as unknown as { __speech: SpeechScript }).__speech = script;
    class ScriptedRecognition {
      lang = "";
      interimResults = false;
      maxAlternatives = 1;
      continuous = false;
      onresult: ((e: unknown) => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        script.started++;
        setTimeout(() => {
          const said = script.queue.shift();
          if (script.deny) this.onerror?.({ error: "not-allowed" });
          else if (said === undefined) this.onerror?.({ error: "no-speech" });
          else this.onresult?.({ results: [[{ transcript: said, confidence: 0.92 }]] });
          this.onend?.();
        }, 30);
      }
      abort() {}
      stop() {}
    }
    Object.assign(window, {
      SpeechRecognition: ScriptedRecognition,
      webkitSpeechRecognition: ScriptedRecognition,
    });
  });
}

const say = (page: Page, phrase: string) =>
  page.evaluate((p) => (window as unknown as { __speech: SpeechScript }).__speech.queue.push(p), phrase);

test("a spoken command is shown, confirmed and done: add a task, start its timer, go somewhere", async ({
  page,
  request,
  consoleErrors,
}) => {
  await installSpeechStandIn(page);
  await signUpAndVerify(page, request); // a new account is on the 7-day trial, which counts as Pro
  const dialog = page.getByRole("dialog", { name: "Voice command" });

  await say(page, "Add task review the budget tomorrow at 3 p.m. for 45 minutes high priority");
  await page.getByRole("button", { name: "Voice command", exact: true }).click();
  await expect(dialog.locator("p", { hasText: "Heard:" })).toContainText(
    "“Add task review the budget tomorrow at 3 p.m. for 45 minutes high priority”",
  );
  await expect(dialog).toContainText("Kairo understood: Add the task “review the budget”");
  await expect(dialog).toContainText("45 min, High priority, General");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Add task" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Task added")).toBeVisible();
  const recent = page.getByRole("region", { name: "Recent Tasks" });
  await expect(recent.getByText("review the budget")).toBeVisible();

  // From quick capture's microphone this time.
  await say(page, "start timer on review the budget");
  await page.keyboard.press("Control+k");
  await page
    .getByRole("dialog", { name: "Quick capture" })
    .getByRole("button", { name: "Voice command" })
    .click();
  await expect(dialog).toContainText(
    "Kairo understood: Start the timer on your open task “review the budget”.",
  );
  await dialog.getByRole("button", { name: "Start timer" }).click();
  await expect(page.getByText("Timer started")).toBeVisible();
  await expect(recent.getByRole("button", { name: /Stop timer/ })).toBeVisible();

  // Not understood: nothing can be confirmed; corrected by typing, it goes.
  await say(page, "sing me a song");
  await page.getByRole("button", { name: "Voice command", exact: true }).click();
  await expect(dialog).toContainText("Kairo did not understand “sing me a song”");
  await expect(dialog.getByRole("button", { name: "Confirm" })).toBeDisabled();
  await dialog.getByLabel("Command").fill("open analytics");
  await dialog.getByRole("button", { name: "Go to Analytics" }).click();
  await expect(page).toHaveURL(/section=analytics/);
  // One listening per opening of the dialog; typing a correction does not listen again.
  const started = await page.evaluate(
    () => (window as unknown as { __speech: SpeechScript }).__speech.started,
  );
  expect(started).toBe(3);
  void consoleErrors;
});

test("a refused microphone and a browser without speech recognition say so; a free person sees the lock", async ({
  page,
  request,
  consoleErrors,
}) => {
  await installSpeechStandIn(page);
  await signUpAndVerify(page, request);
  const dialog = page.getByRole("dialog", { name: "Voice command" });

  await page.evaluate(() => {
    (window as unknown as { __speech: SpeechScript }).__speech.deny = true;
  });
  await page.getByRole("button", { name: "Voice command", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/Kairo may not use the microphone/);
  // Typing still works.
  await dialog.getByLabel("Command").fill("go to settings");
  await expect(dialog.getByRole("button", { name: "Go to Settings" })).toBeEnabled();
  await page.keyboard.press("Escape");

  await page.evaluate(() => {
    Object.assign(window, { SpeechRecognition: undefined, webkitSpeechRecognition: undefined });
  });
  await page.getByRole("button", { name: "Voice command", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/This browser has no speech recognition/);
  await expect(dialog.getByRole("button", { name: "Listen again" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // Eight days on, the trial is over: the microphone is locked and offers Pro.
  await page.setExtraHTTPHeaders({ "x-kairo-test-clock-offset": String(8 * 86_400_000) });
  await page.reload();
  const locked = page.getByRole("button", { name: "Voice commands (Upgrade to Pro to unlock)" });
  await locked.click();
  await expect(page.getByRole("dialog", { name: "Upgrade your plan" })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  void consoleErrors;
});
