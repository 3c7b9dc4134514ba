export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Warnings and errors to stderr; info is quiet unless asked for, since tests and the api embed the server. */
export function consoleLogger(verbose = false): Logger {
  return {
    info: (m) => {
      if (verbose) console.log(`[embedded-mongo] ${m}`);
    },
    warn: (m) => console.warn(`[embedded-mongo] warning: ${m}`),
    error: (m) => console.error(`[embedded-mongo] error: ${m}`),
  };
}
