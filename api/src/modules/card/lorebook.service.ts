import type { Lorebook } from 'shared-kit';
import { CARD_LIMITS, CardError, mbText } from './card.errors';
import { lorebookFileOf, parseJsonText } from './card.format';
import { lorebookFile, lorebookFromCard } from './card.lorebook';
import { exportableContent, safeFileName, type ExportedFile } from './card.service';

/** A standalone V3 lorebook file (`{spec: "lorebook_v3", data}`) as ours, saving nothing. */
export function importLorebook(file: Buffer): { lorebook: Lorebook; notes: string[] } {
  if (file.length > CARD_LIMITS.cardJsonBytes) throw new CardError('size', `The largest lorebook file accepted is ${mbText(CARD_LIMITS.cardJsonBytes)}`);
  const head = file.subarray(0, 16).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (!head.startsWith('{')) throw new CardError('format', 'This is not a lorebook: send the JSON file of a lorebook_v3');
  const { lorebook, warnings } = lorebookFromCard(lorebookFileOf(parseJsonText(file.toString('utf8'), 'The lorebook JSON')));
  return { lorebook, notes: warnings };
}

/** The story's or bot's lorebook as a V3 lorebook file (an empty one when it has none). */
export async function exportLorebook(uid: string | null, storyId: string): Promise<ExportedFile> {
  const content = await exportableContent(uid, storyId);
  const book: Lorebook = content.lorebook ?? {
    name: content.story_name,
    description: '',
    scan_depth: 4,
    token_budget: 512,
    recursive_scanning: false,
    entries: [],
  };
  const name = safeFileName(book.name || content.story_name, 'lorebook');
  return { filename: `${name}.lorebook.json`, mime: 'application/json', data: Buffer.from(JSON.stringify(lorebookFile(book), null, 2)) };
}
