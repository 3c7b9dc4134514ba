import { z } from 'zod';

/** The envelope as a zod schema, for servers and tests that parse responses; browsers use `isEnvelope`. */
export function envelopeSchema<S extends z.ZodType>(dataSchema: S) {
  return z.object({
    status_code: z.number().int(),
    status_message: z.string(),
    data: dataSchema.optional(),
  });
}

/** Any envelope, data unchecked. */
export const anyEnvelopeSchema = envelopeSchema(z.unknown());
