import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";
import { choosePayments } from "./kairo.ts";
import type { Logger } from "./logger.ts";
import type { PaymentProvider } from "./providers/payments/payment-provider.ts";

function recordingLogger() {
  const warnings: string[] = [];
  const logger = { warn: (msg: string) => warnings.push(msg), info: () => {} } as unknown as Logger;
  return { logger, warnings };
}

const local = (): PaymentProvider => ({
  name: "local",
  createCheckout: async () => ({ url: "/billing/checkout/x" }),
  createPortal: async () => ({ url: "/billing/portal" }),
  cancelSubscription: async () => {},
});

describe("which payment provider a server uses without Stripe", () => {
  it("is the test checkout outside production, quietly", () => {
    const { logger, warnings } = recordingLogger();
    expect(choosePayments(parseEnv({ NODE_ENV: "development" }), logger, local).name).toBe("local");
    expect(warnings).toEqual([]);
  });

  it("is none in production, with a warning that billing is not configured", async () => {
    const { logger, warnings } = recordingLogger();
    const payments = choosePayments(parseEnv({ NODE_ENV: "production" }), logger, local);
    expect(payments.name).toBe("none");
    expect(warnings.join("\n")).toMatch(/billing is not configured/);
    await expect(payments.createCheckout({} as never)).rejects.toMatchObject({ status: 503 });
  });

  it("is the test checkout in production only with PAYMENTS=test, warning at every start", () => {
    const { logger, warnings } = recordingLogger();
    const env = parseEnv({ NODE_ENV: "production", PAYMENTS: "test" });
    expect(choosePayments(env, logger, local).name).toBe("local");
    expect(choosePayments(env, logger, local).name).toBe("local");
    expect(warnings.filter((w) => /PAYMENTS=test in production/.test(w))).toHaveLength(2);
  });

  it("can be turned off outside production with PAYMENTS=none", () => {
    const { logger } = recordingLogger();
    expect(choosePayments(parseEnv({ NODE_ENV: "development", PAYMENTS: "none" }), logger, local).name).toBe(
      "none",
    );
  });
});
