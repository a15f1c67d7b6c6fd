// Structured logs: one JSON object per line on stdout, with the request id where there is one.
const LEVELS = { debug: 0, info: 1, warn: 2, error: 3 } as const;
export type LogLevel = keyof typeof LEVELS;

export interface Logger {
  debug(event: string, data?: Record<string, unknown>): void;
  info(event: string, data?: Record<string, unknown>): void;
  warn(event: string, data?: Record<string, unknown>): void;
  error(event: string, data?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): Logger;
}

export function createLogger(level: LogLevel, bindings: Record<string, unknown> = {}, write: (line: string) => void = (line) => void process.stdout.write(`${line}\n`)): Logger {
  const threshold = LEVELS[level];
  const log = (lvl: LogLevel) => (event: string, data: Record<string, unknown> = {}) => {
    if (LEVELS[lvl] < threshold) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, event, ...bindings, ...data }));
  };
  return {
    debug: log("debug"),
    info: log("info"),
    warn: log("warn"),
    error: log("error"),
    child: (more) => createLogger(level, { ...bindings, ...more }, write),
  };
}
