import { describe, expect, it } from "vitest";
import { buttonVariants } from "../../../components/ui/button.tsx";
import { landingButton } from "./button-styles.ts";

describe("landingButton", () => {
  const variants = ["primary", "outline", "ghost"] as const;
  const sizes = ["md", "lg", null] as const;

  it("looks exactly like the design system's button in every variant and size it offers", () => {
    for (const variant of variants) {
      for (const size of sizes) {
        expect(landingButton({ variant, size }), `${variant} ${size}`).toBe(
          buttonVariants({ variant, size }),
        );
      }
    }
  });

  it("defaults to the design system's default button", () => {
    expect(landingButton()).toBe(buttonVariants());
  });

  it("appends the caller's classes", () => {
    expect(landingButton({ size: null, className: "h-11 px-4" })).toMatch(/ h-11 px-4$/);
  });
});
