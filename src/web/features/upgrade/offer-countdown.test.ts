import { describe, expect, it } from "vitest";
import {
  formatCountdown,
  OFFER_DEADLINE_KEY,
  readOrStartDeadline,
  secondsLeft,
  spokenCountdown,
} from "./offer-countdown.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

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
});

describe("readOrStartDeadline", () => {
  it("starts a 600-second window and remembers it for the session", () => {
    const storage = memoryStorage();
    expect(readOrStartDeadline(storage, NOW)).toBe(NOW + 600_000);
    expect(storage.data.get(OFFER_DEADLINE_KEY)).toBe(String(NOW + 600_000));
    // Reopened 2 minutes later: the same deadline, not a new window.
    expect(readOrStartDeadline(storage, NOW + 120_000)).toBe(NOW + 600_000);
  });

  it("keeps a window that has already closed", () => {
    const storage = memoryStorage({ [OFFER_DEADLINE_KEY]: String(NOW - 1000) });
    expect(readOrStartDeadline(storage, NOW)).toBe(NOW - 1000);
  });

  it("starts again when the stored value is unusable", () => {
    for (const bad of ["", "soon", "-1", String(NOW + 3_600_000)]) {
      const storage = memoryStorage({ [OFFER_DEADLINE_KEY]: bad });
      expect(readOrStartDeadline(storage, NOW)).toBe(NOW + 600_000);
    }
  });

  it("works without storage, or with storage that throws", () => {
    expect(readOrStartDeadline(null, NOW)).toBe(NOW + 600_000);
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(readOrStartDeadline(throwing, NOW)).toBe(NOW + 600_000);
  });
});
