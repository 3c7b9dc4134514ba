import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

/**
 * Keys that may carry credentials or personal data. Wildcards cover one level of nesting, which is where
 * request headers, bodies and config objects land in our log lines.
 */
export const REDACT_PATHS = [
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["set-cookie"]',
  'cookie',
  'authorization',
  '*.cookie',
  '*.authorization',
  'phone',
  '*.phone',
  'code',
  'body.code',
  'query.code',
  '*.body.code',
  'api_key',
  'apiKey',
  '*.api_key',
  '*.apiKey',
  '*.*.apiKey',
  'sessionSecret',
  '*.sessionSecret',
  'password',
  '*.password',
  'secretKey',
  'webhookSecret',
  'sandboxSecret',
  '*.secretKey',
  '*.webhookSecret',
  '*.sandboxSecret',
  '*.*.secretKey',
  '*.*.webhookSecret',
  '*.*.sandboxSecret',
  'token',
  '*.token',
  'body.token',
];

export interface LoggerOptions {
  level: string;
  /** Where lines go; tests pass a stream to read them back. Defaults to stdout. */
  destination?: DestinationStream;
}

export function createLogger({ level, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service: 'api' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // Error-level lines carry the stack; it stays in the log and never reaches a client.
      serializers: { err: pino.stdSerializers.err },
    },
    destination,
  );
}
