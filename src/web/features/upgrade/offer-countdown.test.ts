import { describe, expect, it } from "vitest";
import { formatCountdown, offerDeadline, secondsLeft, spokenCountdown } from "./offer-countdown.ts";

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

describe("formatCountdown", () => {
  it.each([
    [600, "10:00"],
    [599, "09:59"],
    [61, "01:01"],
    [59, "00:59"],
    [0, "00:00"],
    [-5, "00:00"],
  ])("%i seconds reads %s", (s, text) => {
    expect(formatCountdown(s)).toBe(text);
  });

  it("speaks minutes and seconds in words", () => {
    expect(spokenCountdown(545)).toBe("9 minutes 5 seconds");
    expect(spokenCountdown(60)).toBe("1 minute");
    expect(spokenCountdown(1)).toBe("1 second");
    expect(spokenCountdown(0)).toBe("0 seconds");
  });
});

describe("secondsLeft", () => {
  it("counts from timestamps, rounding a started second up", () => {
    const deadline = NOW + 600_000;
    expect(secondsLeft(deadline, NOW)).toBe(600);
    expect(secondsLeft(deadline, NOW + 1)).toBe(600);
    expect(secondsLeft(deadline, NOW + 1000)).toBe(599);
    expect(secondsLeft(deadline, NOW + 600_000)).toBe(0);
    expect(secondsLeft(deadline, NOW + 900_000)).toBe(0);
  });

  it("never shows more than the 600-second window", () => {
    expect(secondsLeft(NOW + 600_000, NOW - 300)).toBe(600);
  });
});

describe("offerDeadline", () => {
  it("counts the time the server reports from the browser's own clock", () => {
    expect(offerDeadline(600_000, NOW)).toBe(NOW + 600_000);
    // Reloaded 2 minutes into the window: the server says 480 s are left, not a fresh 600.
    expect(offerDeadline(480_000, NOW)).toBe(NOW + 480_000);
  });

  it("a closed window is a deadline now; a nonsense answer never stretches the window", () => {
    expect(offerDeadline(0, NOW)).toBe(NOW);
    expect(offerDeadline(-5, NOW)).toBe(NOW);
    expect(offerDeadline(Number.NaN, NOW)).toBe(NOW);
    expect(offerDeadline(3_600_000, NOW)).toBe(NOW + 600_000);
  });
});
