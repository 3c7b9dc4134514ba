import { unwrap, type CardExportQuery, type Envelope, type Lorebook, type StoryContent, type StoryIssue } from 'shared-kit';
import { apiClient } from '../api/client';

/**
 * What `POST /api/editor/card/import` answers: the card mapped to a bot, or (`kind: 'story'`) a whole story exported
 * as CHARX mapped to a story's content with all its characters, for review; nothing is saved.
 */
export interface ImportedCard {
  format: 'png' | 'json' | 'charx';
  spec: string;
  kind: 'character' | 'story';
  bot: StoryContent;
  errors: StoryIssue[];
  notes: string[];
  picture: { url: string; width: number; height: number } | null;
}

export type CardFormat = CardExportQuery['format'];
export const CARD_FORMATS: readonly CardFormat[] = ['png', 'json', 'charx'];

/** Sends a card file (PNG, JSON or CHARX); silent: the import panel shows why a file was refused. */
export function importCard(file: File): Promise<ImportedCard> {
  const form = new FormData();
  form.append('file', file);
  return unwrap(apiClient.post<Envelope<ImportedCard>>('/editor/card/import', form, { silent: true }));
}

/** The download address of a bot's or character's card (the api answers the file as an attachment). */
export function cardExportUrl(storyId: string, format: CardFormat, characterId?: string): string {
  const q = new URLSearchParams({ story_id: storyId, format });
  if (characterId) q.set('character_id', characterId);
  return `/api/editor/card/export?${q.toString()}`;
}

/** Reads a standalone V3 lorebook file (`lorebook_v3`); nothing is saved. Silent: the section shows the problem. */
export function importLorebookFile(file: File): Promise<{ lorebook: Lorebook; notes: string[] }> {
  const form = new FormData();
  form.append('file', file);
  return unwrap(apiClient.post<Envelope<{ lorebook: Lorebook; notes: string[] }>>('/editor/lorebook/import', form, { silent: true }));
}

/** The download address of a saved story's or bot's lorebook as a V3 lorebook file. */
export function lorebookExportUrl(storyId: string): string {
  return `/api/editor/lorebook/export?${new URLSearchParams({ story_id: storyId }).toString()}`;
}
