import { z } from 'zod';
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

export function envelopeSchema<S extends z.ZodType>(dataSchema: S) {
  return z.object({
    status_code: z.number().int(),
    status_message: z.string(),
    data: dataSchema.optional(),
  });
}

/** Any envelope, data unchecked: to tell an envelope from another JSON body. */
export const anyEnvelopeSchema = envelopeSchema(z.unknown());

export function isEnvelope(body: unknown): body is Envelope {
  return anyEnvelopeSchema.safeParse(body).success;
}
