// Mounts Better Auth under /api/auth after validating the bodies of the calls our screens make with
// the shared schemas, so bad input gets our 400 shape and never reaches the auth tables.
import { Hono } from "hono";
import type { z } from "zod";
import {
  requestPasswordResetBody,
  resetPasswordBody,
  sendVerificationEmailBody,
  signInBody,
  signUpBody,
} from "#shared/contracts/auth.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppBindings } from "../http/types.ts";
import { parseWith } from "../http/validate.ts";
import type { Auth } from "./auth.ts";

const VALIDATED: Record<string, z.ZodType> = {
  "/sign-up/email": signUpBody,
  "/sign-in/email": signInBody,
  "/request-password-reset": requestPasswordResetBody,
  "/reset-password": resetPasswordBody,
  "/send-verification-email": sendVerificationEmailBody,
};

export function authRoutes(auth: Auth) {
  const app = new Hono<AppBindings>();
  app.on(["GET", "POST"], "/*", async (c) => {
    const sub = c.req.path.replace(/^\/api\/auth/, "");
    const schema = c.req.method === "POST" ? VALIDATED[sub] : undefined;
    if (schema) {
      const text = await c.req.raw.clone().text();
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        throw new AppError("BAD_JSON", "The request body is not valid JSON.");
      }
      parseWith(schema, raw);
    }
    return auth.handler(c.req.raw);
  });
  return app;
}
