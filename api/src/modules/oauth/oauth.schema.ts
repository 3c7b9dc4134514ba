import { z } from 'zod';
import { isSafeNextPath } from './oauth.next';
import { PROVIDER_IDS } from './oauth.providers';

export const providerParamsSchema = z.object({
  provider: z.enum(PROVIDER_IDS, { error: `Unknown provider, expected one of ${PROVIDER_IDS.join(', ')}` }),
});

export const startQuerySchema = z.object({
  next: z
    .string()
    .default('/')
    .refine(isSafeNextPath, { message: 'must be a path on this site, such as /editor/works' }),
});

export const providersResponseSchema = z.object({
  providers: z.array(z.object({ id: z.enum(PROVIDER_IDS), name: z.string() })),
});
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;
