import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Logo } from "../../../components/layout/logo.tsx";
import { LandingLogo } from "./landing-logo.tsx";

describe("LandingLogo", () => {
  it("draws exactly the app's logo", () => {
    expect(renderToStaticMarkup(<LandingLogo />)).toBe(renderToStaticMarkup(<Logo />));
  });
});
