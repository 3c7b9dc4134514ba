import { z } from 'zod';
import { itemId, storyIdString } from 'shared-kit/schemas';

/** `GET /api/editor/card/export`. */
export const cardExportQuerySchema = z.object({
  story_id: storyIdString,
  character_id: itemId.optional(),
  format: z.enum(['png', 'json', 'charx'], { message: 'Expected one of png, json, charx' }),
});

/** `GET /api/editor/lorebook/export`. */
export const lorebookExportQuerySchema = z.object({ story_id: storyIdString });
