import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        "*.password",
        "*.token",
        // OAuth and API credentials (issue 26): none of these ever reaches a log line.
        "*.access_token",
        "*.refresh_token",
        "*.client_secret",
        "*.clientSecret",
        "*.code_verifier",
        "*.secret",
        "*.authorization",
      ],
      remove: true,
    },
    ...(pretty ? { transport: { target: "pino-pretty", options: { singleLine: true } } } : {}),
  });
}
