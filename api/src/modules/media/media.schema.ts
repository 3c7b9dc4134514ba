import { z } from 'zod';
import { MEDIA_USES } from './media.rules';

/** The text fields sent beside the file. */
export const uploadFieldsSchema = z.object({
  use: z.enum(MEDIA_USES, { message: `Expected one of ${MEDIA_USES.join(', ')}` }),
});
export type UploadFields = z.output<typeof uploadFieldsSchema>;

export const mediaParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/i, 'Expected a media id of 24 hex characters'),
});

/** What a successful upload returns. */
export interface UploadResult {
  id: string;
  url: string;
  width: number;
  height: number;
  mime: string;
}
