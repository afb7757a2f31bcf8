// Kairo as a platform in the browser (issue 26): a team owner creates an API key in Settings →
// Developer and calls the API with it, registers an OAuth app (client secret shown once), then an
// outside client (oauth4webapi) sends them through /oauth/authorize to the consent page, which names
// the app, its owner and each scope in plain words; Approve returns a code the client exchanges for
// a token that reads the API; Connected apps lists the app with Revoke.
import * as oauth from "oauth4webapi";
import { expect, expectNoSeriousA11yViolations, signUpAndVerify, test } from "./fixtures.ts";

const REDIRECT = "https://client.example/callback";

test("create an API key, register an app, and approve it on the consent page", async ({
  page,
  request,
  consoleErrors,
}) => {
  // Sign-up, Settings, an app's registration and a full OAuth dance: longer than one screen's test.
  test.setTimeout(90_000);
  const owner = await signUpAndVerify(page, request, { name: "Olivia Owner" });
  const checkout = await page.request.post("/api/billing/checkout", {
    data: {
      plan: "team",
      quantity: 3,
      billing: "monthly",
      successUrl: "/dashboard?upgrade=success",
      cancelUrl: "/dashboard?upgrade=cancelled",
    },
  });
  expect(checkout.status()).toBe(201);
  const checkoutId = new URL((await checkout.json()).url).pathname.split("/").pop();
  expect((await page.request.post(`/api/billing/checkout-sessions/${checkoutId}/pay`)).ok()).toBeTruthy();

  // Settings → Developer: a personal API key, shown once, that reads the API.
  await page.goto("/settings");
  const developer = page.getByRole("region", { name: "Developer" });
  await developer.getByLabel("Key name").fill("My script");
  await developer.getByRole("button", { name: "Create key" }).click();
  const keySecret = (await developer.getByTestId("shown-once-secret").textContent())?.trim() ?? "";
  expect(keySecret).toMatch(/^kairo_pat_/);
  const withKey = await page.request.get("/api/v1/me", { headers: { authorization: `Bearer ${keySecret}` } });
  expect(await withKey.json()).toMatchObject({
    email: owner.email,
    credential: "api_key",
    scopes: ["tasks:read"],
  });
  await developer.getByRole("button", { name: "Done" }).click();
  await expect(developer.getByRole("list", { name: "Your API keys" })).toContainText("My script");

  // An OAuth app with an exact redirect URI.
  await developer.getByLabel("App name").fill("Acme Planner");
  await developer.getByLabel("Redirect URIs").fill(REDIRECT);
  await developer
    .getByRole("group", { name: "What the app may ask for" })
    .getByLabel(/Create, change and delete your tasks/)
    .check();
  await developer.getByRole("button", { name: "Register app" }).click();
  const clientSecret = (await developer.getByTestId("shown-once-secret").textContent())?.trim() ?? "";
  expect(clientSecret).toMatch(/^kairo_cs_/);
  const clientId =
    (
      await developer
        .getByText(/^kairo_app_/)
        .first()
        .textContent()
    )?.trim() ?? "";
  expect(clientId).toMatch(/^kairo_app_/);
  await expectNoSeriousA11yViolations(page);

  // The outside client starts an authorization with PKCE; the browser lands on the consent page.
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const baseURL = test.info().project.use.baseURL!;
  const authorize = new URL("/oauth/authorize", baseURL);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "tasks:read tasks:write",
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  let callback: URL | null = null;
  await page.route("https://client.example/**", async (route) => {
    callback = new URL(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<title>Acme</title><p>Back at Acme</p>",
    });
  });
  await page.goto(authorize.toString());
  await expect(page).toHaveURL(/\/oauth\/consent\/[0-9a-f-]{36}$/);
  const consent = page.getByRole("region", { name: /Acme Planner wants to use your Kairo account/ });
  await expect(consent.getByRole("heading", { level: 1 })).toHaveText(
    "Acme Planner wants to use your Kairo account",
  );
  await expect(consent).toContainText("is made by");
  const abilities = consent.getByRole("list", { name: "What the app will be able to do" });
  await expect(abilities.getByRole("listitem")).toHaveText([
    "See your tasks",
    "Create, change and delete your tasks",
  ]);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await consent.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Back at Acme")).toBeVisible();

  // The client takes the code to the token endpoint and reads the API as the person.
  const issuer = new URL(baseURL);
  const insecure = { [oauth.allowInsecureRequests]: true };
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { ...insecure, algorithm: "oauth2" }),
  );
  const client: oauth.Client = { client_id: clientId };
  const params = oauth.validateAuthResponse(as, client, callback!, state);
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(clientSecret),
      params,
      REDIRECT,
      verifier,
      insecure,
    ),
  );
  const me = await request.get("/api/v1/me", { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(await me.json()).toMatchObject({ email: owner.email, credential: "oauth" });

  // Connected apps names the app, what it may do and its recent action, with Revoke.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/settings");
  const connected = page.getByRole("region", { name: "Connected apps" });
  await expect(connected).toContainText("Acme Planner");
  await expect(connected).toContainText("Create, change and delete your tasks");
  await expect(connected).toContainText("GET /api/v1/me");
  await connected.getByRole("button", { name: "Revoke Acme Planner" }).click();
  await expect(connected.getByText("No connected apps")).toBeVisible();
  const after = await request.get("/api/v1/me", {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(after.status()).toBe(401);
  expect(consoleErrors).toEqual([]);
});
