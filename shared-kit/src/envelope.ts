import { ErrorCode, errorMessage } from './errors';

/** Every API response body: HTTP 200 for handled outcomes, status_code 0 for success. */
export interface Envelope<T = unknown> {
  status_code: number;
  status_message: string;
  data?: T;
}

export function ok<T>(data?: T): Envelope<T> {
  const env: Envelope<T> = { status_code: ErrorCode.Success, status_message: 'success' };
  if (data !== undefined) env.data = data;
  return env;
}

/** A failure envelope; the message defaults to the catalogue's user message for the code. */
export function fail<T = unknown>(code: number, message?: string, data?: T): Envelope<T> {
  const env: Envelope<T> = { status_code: code, status_message: message ?? errorMessage(code) };
  if (data !== undefined) env.data = data;
  return env;
}

/**
 * Tells an envelope from any other JSON body. Hand-written rather than a zod schema so that the API client, which
 * every page loads first, does not pull zod into the first paint (the schema lives in `shared-kit/schemas`).
 */
export function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { status_code: code, status_message: message } = body as Record<string, unknown>;
  return typeof code === 'number' && Number.isInteger(code) && typeof message === 'string';
}
