// The browser's standard speech recognition (SpeechRecognition, or webkitSpeechRecognition in Chrome
// and Safari), wrapped as "listen once". Nothing is sent to Kairo's server from here: the browser
// hears, and what it heard is shown to the person before anything changes.

type RecognitionResultEvent = { results: ArrayLike<ArrayLike<{ transcript: string }>> };
type RecognitionErrorEvent = { error: string };
type Recognition = {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  onresult: ((e: RecognitionResultEvent) => void) | null;
  onerror: ((e: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  abort(): void;
};
type RecognitionConstructor = new () => Recognition;

export type ListenFailure = "unsupported" | "denied" | "no-speech" | "no-microphone" | "network" | "failed";

export class ListenError extends Error {
  readonly reason: ListenFailure;
  constructor(reason: ListenFailure) {
    super(reason);
    this.reason = reason;
  }
}

function recognitionConstructor(): RecognitionConstructor | null {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export const speechSupported = () => recognitionConstructor() !== null;

const FAILURES: Readonly<Record<string, ListenFailure>> = {
  "not-allowed": "denied",
  "service-not-allowed": "denied",
  "no-speech": "no-speech",
  "audio-capture": "no-microphone",
  network: "network",
};

/** Listens for one phrase; resolves with what was heard, or rejects with a ListenError. */
export function listenOnce(signal?: AbortSignal): Promise<string> {
  const Ctor = recognitionConstructor();
  if (!Ctor) return Promise.reject(new ListenError("unsupported"));
  return new Promise((resolve, reject) => {
    const recognition = new Ctor();
    recognition.lang = navigator.language || "en-US";
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.continuous = false;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    recognition.onresult = (e) => {
      const transcript = e.results[0]?.[0]?.transcript?.trim() ?? "";
      settle(() => (transcript ? resolve(transcript) : reject(new ListenError("no-speech"))));
    };
    recognition.onerror = (e) => settle(() => reject(new ListenError(FAILURES[e.error] ?? "failed")));
    recognition.onend = () => settle(() => reject(new ListenError("no-speech")));
    signal?.addEventListener("abort", () => {
      settled = true;
      recognition.abort();
    });
    try {
      recognition.start();
    } catch {
      settle(() => reject(new ListenError("failed")));
    }
  });
}

/** What the person reads when listening did not work, and what to do about it. */
export const LISTEN_MESSAGES: Readonly<Record<ListenFailure, string>> = {
  unsupported:
    "This browser has no speech recognition. Voice commands work in Chrome, Edge and Safari; you can type the command below instead.",
  denied:
    "Kairo may not use the microphone. Allow microphone access for this site in your browser's settings, then try again, or type the command below.",
  "no-speech": "Kairo heard nothing. Try again and speak after the tone, or type the command below.",
  "no-microphone": "No microphone was found. Connect one and try again, or type the command below.",
  network:
    "Speech recognition needs a connection. Check your internet and try again, or type the command below.",
  failed: "Listening stopped unexpectedly. Try again, or type the command below.",
};
