import type { MediaUse } from './media.rules';

/** The uses a picture is generated for (the editor's drawing, a brainstorm plan's art). */
export type GenerateUse = Extract<MediaUse, 'character' | 'cover' | 'background'>;

/** What each use is drawn at: inside the media rules of that use (character portrait, cover portrait, wide scene). */
export const GENERATE_SIZES: Record<GenerateUse, { width: number; height: number }> = {
  character: { width: 768, height: 1024 },
  cover: { width: 768, height: 1024 },
  background: { width: 1024, height: 576 },
};
