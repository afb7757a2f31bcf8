// Opened at 127.0.0.1 while the server announces localhost (issue 10, point 7): with PUBLIC_URL unset
// (as in this e2e server), the address the browser used is the app's own origin, so sign-up and
// sign-in work there as they do at localhost.
import { expect, signUpAndVerify, test } from "./fixtures.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const AT_127 = `http://127.0.0.1:${PORT}`;

test("sign up and sign in at 127.0.0.1", async ({ page, request, consoleErrors }) => {
  // The sign-up form at 127.0.0.1; the mailed link (to the announced address) verifies the account.
  const { email, password } = await signUpAndVerify(page, request, {
    name: "Lou Loopback",
    at: AT_127,
    form: true,
  });

  await page.goto(`${AT_127}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${AT_127}/dashboard`);
  await expect(page.getByRole("button", { name: /^Account menu for Lou Loopback/ })).toBeVisible();
  void consoleErrors;
});
