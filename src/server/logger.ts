import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.token"],
      remove: true,
    },
    ...(pretty ? { transport: { target: "pino-pretty", options: { singleLine: true } } } : {}),
  });
}
