import { z } from 'zod';

export const loginProvidersSchema = z.object({
  phone: z.boolean(),
  google: z.boolean(),
  apple: z.boolean(),
  short_video: z.boolean(),
});

export const commonConfigResponseSchema = z.object({
  limits: z.record(z.string(), z.number()),
  image_styles: z.array(
    z.object({ code: z.string(), name: z.string(), preview: z.string(), members_only: z.boolean() }),
  ),
  providers: loginProvidersSchema,
  ai: z.object({ mode: z.enum(['offline', 'model']) }),
});
export type CommonConfigResponse = z.infer<typeof commonConfigResponseSchema>;
