import sharp from 'sharp';
import {
  StoryGenType,
  ValidationErrorType,
  storyMentionNames,
  validateStory,
  storyReach,
  type StoryContent,
  type StoryIssue,
} from 'shared-kit';
import { storyContentSchema } from 'shared-kit/schemas';
import { AppError, paramError } from '../../lib/errors';
import { contentOf } from '../editor';
import { storyById, versionById } from '../stories';
import { noStory, notOwner, storyDeleted } from '../stories';
import { offlineImages } from '../../ai/images.offline';
import { offlinePortraitSvg } from '../../ai/portrait.offline';
import { uploadImage } from '../media';
import { findMedia, openMedia } from '../media';
import { characterToCard, cardToBot, type CardExport } from './card.map';
import { lorebookToCard, OUR_EXTENSION } from './card.lorebook';
import { mentionsToMacros } from './card.macros';
import { withTextChunks } from './card.png';
import { readCardFile, type CardFile, type CardFileFormat } from './card.read';
import { characterSource, storyExtension, storyFromCards } from './card.story';
import { writeZip } from './card.zip';
import type { CardSpec } from './card.format';

export interface CardImportResult {
  format: CardFileFormat;
  spec: CardSpec;
  /** `story`: a whole story this product exported as CHARX (every character, the lorebook, the story's texts). */
  kind: 'character' | 'story';
  /**
   * The card as a bot (SingleBot content), or for a whole story the story's content (its characters with their
   * pictures, texts and lorebook; no chapters); the editor shows it for review and saves it as usual.
   */
  bot: StoryContent;
  /** Fields over the product's limits and a picture the media checks refused, as the editor's inline errors. */
  errors: StoryIssue[];
  /** What the card has that the product does not use. */
  notes: string[];
  /** The character's picture; for a whole story, the story's cover. */
  picture: { url: string; width: number; height: number } | null;
}

type Picture = NonNullable<CardImportResult['picture']>;

/** A picture through the media checks; a refusal is an inline error at `path`, anything else is thrown. */
async function checkedPicture(data: Buffer, use: 'character' | 'cover', uid: string, path: string, errors: StoryIssue[]): Promise<Picture | null> {
  try {
    const up = await uploadImage(data, use, uid);
    return { url: up.url, width: up.width, height: up.height };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    errors.push({ path, type: ValidationErrorType.CheckFailed, message: e.message });
    return null;
  }
}

/** A whole story's CHARX: every character with its picture, the cover, the lorebook and the story's texts. */
async function importStory(read: CardFile & { story: NonNullable<CardFile['story']> }, uid: string): Promise<CardImportResult> {
  const { content, notes } = storyFromCards(read.card, read.story.characters.map((c) => c.card));
  const errors = [...shapeIssues(content), ...validateStory(content, { mode: 'draft' }).filter((i) => !i.path.startsWith('nodes'))];
  for (const [i, c] of read.story.characters.entries()) {
    if (!c.picture) continue;
    const up = await checkedPicture(c.picture, 'character', uid, `characters.${i}.character_url`, errors);
    if (up) content.characters[i]!.character_url = up.url;
  }
  const cover = read.picture ? await checkedPicture(read.picture, 'cover', uid, 'logo', errors) : null;
  if (cover) content.logo = cover.url;
  return { format: read.format, spec: read.card.spec, kind: 'story', bot: content, errors, notes, picture: cover };
}

function shapeIssues(bot: StoryContent): StoryIssue[] {
  const parsed = storyContentSchema.safeParse(bot);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({
    path: i.path.map(String).join('.'),
    type: i.code === 'too_big' ? ValidationErrorType.Limit : ValidationErrorType.CheckFailed,
    message: i.message,
  }));
}

/**
 * Reads a card file and maps it to a bot, saving nothing but its picture, which goes through the media checks as
 * any uploaded character picture does (a refused picture is an inline error on the picture, the rest still maps).
 * A file that cannot be read at all is refused whole (CardError) before anything is stored.
 */
export async function importCard(file: Buffer, uid: string): Promise<CardImportResult> {
  const read = readCardFile(file);
  if (read.story) return importStory({ ...read, story: read.story }, uid);
  const { bot, notes } = cardToBot(read.card);
  const errors = [...shapeIssues(bot), ...validateStory(bot, { mode: 'draft' })];
  const picture = read.picture ? await checkedPicture(read.picture, 'character', uid, 'characters.0.character_url', errors) : null;
  if (picture) {
    bot.characters[0]!.character_url = picture.url;
    bot.logo = picture.url;
  }
  return { format: read.format, spec: read.card.spec, kind: 'character', bot, errors, notes, picture };
}

export type ExportFormat = 'png' | 'json' | 'charx';

export interface ExportedFile {
  filename: string;
  mime: string;
  data: Buffer;
}

/**
 * The content one may export: the owner's working copy, or for anyone else (signed out too) the live version of a
 * story whose creator allows others to use its characters and that operators leave open to others (taken down: 2001).
 */
export async function exportableContent(uid: string | null, storyId: string): Promise<StoryContent> {
  const story = await storyById(storyId);
  if (!story) throw noStory();
  if (story.deleted_at) throw storyDeleted();
  if (uid !== null && story.uid === uid) return contentOf(story);
  const reach = storyReach(story.op_status, story.visibility);
  if (reach.removed) throw storyDeleted();
  if (!story.live_version_id || !reach.open || !story.permission.character_use) throw notOwner();
  const version = await versionById(story.live_version_id);
  if (!version) throw notOwner();
  return contentOf(version.content);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(parts);
}

const MEDIA_URL = /^\/api\/media\/([0-9a-fA-F]{24})$/;
const ART_URL = /^\/api\/editor\/art\/([a-z0-9_]{1,64})\.png$/;

/**
 * The character's picture as PNG bytes: our stored upload or built-in artwork. Pictures elsewhere on the web are
 * not fetched (the server would become a fetcher of any address): the card then carries a drawn portrait.
 */
async function picturePng(url: string): Promise<Buffer | null> {
  const media = MEDIA_URL.exec(url);
  if (media) {
    const id = media[1]!.toLowerCase();
    if (!(await findMedia(id))) return null;
    return sharp(await readAll(openMedia(id))).png().toBuffer();
  }
  const art = ART_URL.exec(url);
  if (art) return (await offlineImages().generate({ prompt: art[1]!.replace(/_/g, ' '), width: 512, height: 512 })).data;
  return null;
}

/** A drawn portrait of the character (the offline artwork, a face the picture check finds) when it has no picture. */
async function placeholderPng(name: string): Promise<Buffer> {
  return sharp(Buffer.from(offlinePortraitSvg({ prompt: name || 'character', width: 400, height: 600 }, 220))).png().toBuffer();
}

const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v), 'utf8').toString('base64');
const json = (v: unknown): Buffer => Buffer.from(JSON.stringify(v, null, 2), 'utf8');

/** A file name from a display name: characters no file system takes (and control characters) dropped. */
export function safeFileName(name: string, fallback: string): string {
  const base = [...name]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && !'\\/:*?"<>|'.includes(ch))
    .join('')
    .trim()
    .slice(0, 60);
  return base || fallback;
}

function fileName(name: string, ext: string): string {
  return `${safeFileName(name, 'character')}.${ext}`;
}

async function characterFile(content: StoryContent, characterId: string, format: ExportFormat, now: Date): Promise<ExportedFile> {
  const c = content.characters.find((x) => x.character_id === characterId)!;
  const picture = c.character_url ? await picturePng(c.character_url) : null;
  if (format === 'json') {
    const card = characterToCard(content, characterId, null, now).v3;
    return { filename: fileName(c.character_name, 'json'), mime: 'application/json', data: json(card) };
  }
  if (format === 'png') {
    const card: CardExport = characterToCard(content, characterId, 'ccdefault:', now);
    const png = withTextChunks(picture ?? (await placeholderPng(c.character_name)), [
      ['chara', b64(card.v2)],
      ['ccv3', b64(card.v3)],
    ]);
    return { filename: fileName(c.character_name, 'png'), mime: 'image/png', data: png };
  }
  const iconPath = 'assets/icon/images/main.png';
  const card = characterToCard(content, characterId, picture ? `embeded://${iconPath}` : null, now).v3;
  const files: Record<string, Uint8Array> = { 'card.json': json(card) };
  if (picture) files[iconPath] = picture;
  return { filename: fileName(c.character_name, 'charx'), mime: 'application/zip', data: writeZip(files) };
}

/**
 * A whole story as CHARX: card.json describes the story (name, introduction as description, summary as scenario,
 * the prologue as first message, the lorebook as character book) and each character is a card of its own under
 * `characters/`, with its picture under `assets/`.
 */
async function storyCharx(content: StoryContent, now: Date): Promise<ExportedFile> {
  const names = storyMentionNames(content);
  const map = (s: string): string => mentionsToMacros(s, content.prologue.character_id, names);
  const files: Record<string, Uint8Array> = {};
  const assets: Array<{ type: string; uri: string; name: string; ext: string }> = [];
  for (const c of content.characters) {
    const picture = c.character_url ? await picturePng(c.character_url) : null;
    const path = `assets/x_character/images/${c.character_id}.png`;
    if (picture) {
      files[path] = picture;
      assets.push({ type: 'x_character', uri: `embeded://${path}`, name: c.character_id, ext: 'png' });
    }
    const card = characterToCard(content, c.character_id, picture ? `embeded://${path}` : null, now).v3;
    const ext = card.data.extensions as Record<string, Record<string, unknown>>;
    ext[OUR_EXTENSION] = { ...ext[OUR_EXTENSION], source: characterSource(c) };
    files[`characters/${c.character_id}.json`] = json(card);
  }
  const logo = content.logo ? await picturePng(content.logo) : null;
  if (logo) {
    files['assets/icon/images/main.png'] = logo;
    assets.unshift({ type: 'icon', uri: 'embeded://assets/icon/images/main.png', name: 'main', ext: 'png' });
  }
  const card = {
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: {
      name: content.story_name,
      description: map(content.introduction),
      personality: '',
      scenario: map(content.summary),
      first_mes: map(content.prologue.content),
      mes_example: '',
      creator_notes: '',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: [],
      ...(content.lorebook ? { character_book: lorebookToCard(content.lorebook, map) } : {}),
      tags: [],
      creator: '',
      character_version: '',
      extensions: { [OUR_EXTENSION]: storyExtension(content) },
      assets,
      group_only_greetings: [],
      creation_date: 0,
      modification_date: Math.floor(now.getTime() / 1000),
    },
  };
  files['card.json'] = json(card);
  return { filename: fileName(content.story_name || 'story', 'charx'), mime: 'application/zip', data: writeZip(files) };
}

export interface ExportRequest {
  story_id: string;
  character_id?: string;
  format: ExportFormat;
}

export async function exportCard(uid: string | null, q: ExportRequest, now: Date): Promise<ExportedFile> {
  const content = await exportableContent(uid, q.story_id);
  let characterId = q.character_id;
  if (characterId === undefined && content.story_gen_type === StoryGenType.SingleBot) characterId = content.characters[0]?.character_id;
  if (characterId === undefined) {
    if (q.format !== 'charx') {
      throw paramError([{ path: 'character_id', message: 'Name a character to export one as PNG or JSON; a whole story exports as CHARX' }]);
    }
    return storyCharx(content, now);
  }
  if (!content.characters.some((c) => c.character_id === characterId)) {
    throw paramError([{ path: 'character_id', message: 'This story has no such character' }]);
  }
  return characterFile(content, characterId, q.format, now);
}
