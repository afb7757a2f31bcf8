// Phase-end alerts with fake browser APIs: a Notification class that records what it was asked to
// show, and an AudioContext that records the tones it was asked to play. The module keeps its audio
// context between calls, so each test loads a fresh copy.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Permission = "granted" | "denied" | "default";

/** What the fakes saw: notifications shown, tones started, and how the audio context was used. */
type Seen = {
  notifications: Array<{ title: string; body?: string; tag?: string }>;
  tones: number[];
  audioContexts: number;
  resumed: number;
  permissionRequests: number;
};

let seen: Seen;

function installFakes(opts: {
  permission?: Permission;
  answer?: Permission;
  notification?: "ok" | "throws" | "missing";
  audio?: "running" | "suspended" | "missing";
}) {
  seen = { notifications: [], tones: [], audioContexts: 0, resumed: 0, permissionRequests: 0 };
  const store = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });

  class FakeAudioContext {
    state = opts.audio === "suspended" ? "suspended" : "running";
    currentTime = 0;
    destination = {};
    constructor() {
      seen.audioContexts += 1;
    }
    resume() {
      seen.resumed += 1;
      this.state = "running";
      return Promise.resolve();
    }
    createGain() {
      return {
        gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
        connect: (to: unknown) => to,
      };
    }
    createOscillator() {
      const osc = {
        type: "",
        frequency: { value: 0 },
        connect: (to: unknown) => to,
        start: () => void seen.tones.push(osc.frequency.value),
        stop: () => {},
      };
      return osc;
    }
  }
  vi.stubGlobal("window", {
    AudioContext: opts.audio === "missing" ? undefined : FakeAudioContext,
    addEventListener: () => {},
    removeEventListener: () => {},
  });

  class FakeNotification {
    static permission: Permission = opts.permission ?? "granted";
    static async requestPermission(): Promise<Permission> {
      seen.permissionRequests += 1;
      FakeNotification.permission = opts.answer ?? "granted";
      return FakeNotification.permission;
    }
    constructor(title: string, options?: { body?: string; tag?: string }) {
      if (opts.notification === "throws") throw new TypeError("Illegal constructor");
      seen.notifications.push({ title, ...options });
    }
  }
  vi.stubGlobal("Notification", opts.notification === "missing" ? undefined : FakeNotification);
}

async function loadAlerts() {
  vi.resetModules();
  return import("./phase-alerts.ts");
}

const FOCUS = ["Pomodoro Complete! Time for a break!", "Your 5-minute break has started."] as const;
const BREAK = [
  "Break Complete! Ready for another pomodoro?",
  "Start the next focus when you are ready.",
] as const;
const ALLOW_ALL = { desktop: true, focusReminders: true };

beforeEach(() => installFakes({}));
afterEach(() => vi.unstubAllGlobals());

describe("when the person turned alerts on and allows them", () => {
  it("the end of a focus shows a desktop notification and plays a rising chime", async () => {
    const alerts = await loadAlerts();
    expect(await alerts.setAlertsEnabled(true)).toBe("granted");
    alerts.alertPhaseEnd("focus", ...FOCUS, ALLOW_ALL);
    expect(seen.notifications).toEqual([
      {
        title: "Pomodoro Complete! Time for a break!",
        body: "Your 5-minute break has started.",
        tag: "kairo-pomodoro",
      },
    ]);
    expect(seen.tones).toEqual([660, 880]);
  });

  it("the end of a break does the same with a falling chime", async () => {
    const alerts = await loadAlerts();
    await alerts.setAlertsEnabled(true);
    alerts.alertPhaseEnd("break", ...BREAK, ALLOW_ALL);
    expect(seen.notifications.map((n) => n.title)).toEqual(["Break Complete! Ready for another pomodoro?"]);
    expect(seen.tones).toEqual([880, 660]);
  });

  it("every phase end alerts again, one notification and one chime each", async () => {
    const alerts = await loadAlerts();
    await alerts.setAlertsEnabled(true);
    alerts.alertPhaseEnd("focus", ...FOCUS, ALLOW_ALL);
    alerts.alertPhaseEnd("break", ...BREAK, ALLOW_ALL);
    expect(seen.notifications).toHaveLength(2);
    expect(seen.tones).toEqual([660, 880, 880, 660]);
    // One audio context for the page, not one per chime.
    expect(seen.audioContexts).toBe(1);
  });

  it("the default settings allow both", async () => {
    const alerts = await loadAlerts();
    await alerts.setAlertsEnabled(true);
    alerts.alertPhaseEnd("focus", ...FOCUS);
    expect(seen.notifications).toHaveLength(1);
    expect(seen.tones).toHaveLength(2);
  });
});

describe("turning alerts on", () => {
  it("asks for notification permission only when the browser has not been asked yet", async () => {
    installFakes({ permission: "default", answer: "granted" });
    const alerts = await loadAlerts();
    expect(alerts.notificationPermission()).toBe("default");
    expect(await alerts.setAlertsEnabled(true)).toBe("granted");
    expect(seen.permissionRequests).toBe(1);

    installFakes({ permission: "denied" });
    const again = await loadAlerts();
    expect(await again.setAlertsEnabled(true)).toBe("denied");
    expect(seen.permissionRequests).toBe(0);
  });

  it("unlocks a suspended audio context from the click, so a later chime can play", async () => {
    installFakes({ audio: "suspended" });
    const alerts = await loadAlerts();
    await alerts.setAlertsEnabled(true);
    expect(seen.resumed).toBe(1);
  });

  it("is remembered in this browser", async () => {
    const alerts = await loadAlerts();
    await alerts.setAlertsEnabled(true);
    expect(localStorage.getItem("kairo-pomodoro-alerts")).toBe("on");
    await alerts.setAlertsEnabled(false);
    expect(localStorage.getItem("kairo-pomodoro-alerts")).toBe("off");
  });
});

describe("nothing is shown or played", () => {
  it("when the person never turned alerts on", async () => {
    const alerts = await loadAlerts();
    alerts.alertPhaseEnd("focus", ...FOCUS, ALLOW_ALL);
    alerts.alertPhaseEnd("break", ...BREAK, ALLOW_ALL);
    expect(seen.notifications).toEqual([]);
    expect(seen.tones).toEqual([]);
    expect(seen.audioContexts).toBe(0);
  });

  it("when they turned alerts off again", async () => {
    const alerts = await loadAlerts();
    await alerts.setAlertsEnabled(true);
    await alerts.setAlertsEnabled(false);
    alerts.alertPhaseEnd("focus", ...FOCUS, ALLOW_ALL);
    expect(seen.notifications).toEqual([]);
    expect(seen.tones).toEqual([]);
  });

  it("when focus reminders are off in Settings, even with alerts on and permission granted", async () => {
    const alerts = await loadAlerts();
    await alerts.setAlertsEnabled(true);
    alerts.alertPhaseEnd("focus", ...FOCUS, { desktop: true, focusReminders: false });
    alerts.alertPhaseEnd("break", ...BREAK, { desktop: false, focusReminders: false });
    expect(seen.notifications).toEqual([]);
    expect(seen.tones).toEqual([]);
  });
});

describe("only the sound", () => {
  it("when desktop notifications are off in Settings", async () => {
    const alerts = await loadAlerts();
    await alerts.setAlertsEnabled(true);
    alerts.alertPhaseEnd("focus", ...FOCUS, { desktop: false, focusReminders: true });
    expect(seen.notifications).toEqual([]);
    expect(seen.tones).toEqual([660, 880]);
  });

  it("when the browser refused notification permission", async () => {
    installFakes({ permission: "default", answer: "denied" });
    const alerts = await loadAlerts();
    expect(await alerts.setAlertsEnabled(true)).toBe("denied");
    alerts.alertPhaseEnd("focus", ...FOCUS, ALLOW_ALL);
    expect(seen.notifications).toEqual([]);
    expect(seen.tones).toEqual([660, 880]);
  });

  it("when the browser has no Notification at all, or its constructor throws", async () => {
    installFakes({ notification: "missing" });
    const missing = await loadAlerts();
    expect(await missing.setAlertsEnabled(true)).toBe("unsupported");
    expect(() => missing.alertPhaseEnd("focus", ...FOCUS, ALLOW_ALL)).not.toThrow();
    expect(seen.tones).toEqual([660, 880]);

    installFakes({ notification: "throws" });
    const throwing = await loadAlerts();
    await throwing.setAlertsEnabled(true);
    expect(() => throwing.alertPhaseEnd("focus", ...FOCUS, ALLOW_ALL)).not.toThrow();
    expect(seen.notifications).toEqual([]);
    expect(seen.tones).toEqual([660, 880]);
  });
});

it("with no audio API, the notification still shows and nothing throws", async () => {
  installFakes({ audio: "missing" });
  const alerts = await loadAlerts();
  await alerts.setAlertsEnabled(true);
  expect(() => alerts.alertPhaseEnd("focus", ...FOCUS, ALLOW_ALL)).not.toThrow();
  expect(seen.notifications).toHaveLength(1);
  expect(seen.tones).toEqual([]);
});
