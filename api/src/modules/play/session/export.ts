import { Readable } from 'node:stream';
import mongoose from 'mongoose';
import { DialogueStatus, DialogueType, type StoryContent } from 'shared-kit';
import type { PlayExportFormat } from 'shared-kit/schemas';
import { Dialogue, type DialogueFields } from '../dialogue.model';
import { NARRATOR, characterById, playerName } from '../stories/story.view';
import { ownPlay, storyOfPlay } from './plays';

/** The lines a reader of the play sees, as the log shows them: the opening, the player's lines and the replies. */
const SPOKEN = [DialogueType.OpeningRemark, DialogueType.Input, DialogueType.NpcDialogue, DialogueType.Narration, DialogueType.IMDialogue];
/** Failed replies and lines moderation hid are not the play's text; a reply cut short keeps the words it has. */
const SHOWN = [DialogueStatus.Normal, DialogueStatus.PartialBroken];
/** Rows the cursor fetches per round trip, and the bytes gathered before a chunk is written. */
const BATCH = 500;
const CHUNK_BYTES = 64 * 1024;

export interface PlayExport {
  filename: string;
  mime: string;
  body: Readable;
}

type Row = Pick<DialogueFields, 'seq' | 'role' | 'character_id' | 'content' | 'created_at' | 'alternatives' | 'shown'>;

/**
 * `GET /api/tyler/play/export`: the caller's play (else 1050001) as a file, streamed. The finished, shown lines
 * are read in order through a cursor on the (play_id, seq) index and written as they come, so the play is never
 * held whole, however long. `jsonl` is SillyTavern's chat file: a header line, then one message a line.
 */
export async function exportPlay(uid: string, q: { play_id: string; format: PlayExportFormat }, now: Date): Promise<PlayExport> {
  const play = await ownPlay(q.play_id, uid);
  const story = await storyOfPlay(play);
  const c = story.content;
  const user = playerName(c);
  const title = c.story_name.trim() || 'Story';
  const nameOf = (d: Row): string => {
    if (d.role === 'player') return user;
    if (d.role === 'narrator' || !d.character_id) return NARRATOR.name;
    return characterById(c, d.character_id)?.name ?? NARRATOR.name;
  };
  const head = q.format === 'jsonl' ? `${JSON.stringify(stHeader(c, user, title, play.created_at ?? now))}\n` : `${title}\n\n`;
  const line = q.format === 'jsonl' ? (d: Row) => `${JSON.stringify(stMessage(d, nameOf(d), user, now))}\n` : (d: Row) => `${nameOf(d)}: ${d.content}\n\n`;
  const filter = {
    play_id: play.play_id,
    done: true,
    type: mongoose.trusted({ $in: SPOKEN }),
    status: mongoose.trusted({ $in: SHOWN }),
  };
  const rows = Dialogue.find(filter, { _id: 0, seq: 1, role: 1, character_id: 1, content: 1, created_at: 1, alternatives: 1, shown: 1 }).sort({ seq: 1 }).lean<Row[]>().cursor({ batchSize: BATCH });
  return {
    filename: `${safeName(title)}.${q.format}`,
    mime: q.format === 'jsonl' ? 'application/jsonl; charset=utf-8' : 'text/plain; charset=utf-8',
    body: Readable.from(chunks(head, rows, line), { objectMode: false }),
  };
}

/** The file's text in chunks of about CHUNK_BYTES: the head, then each row's line, in the order the cursor reads. */
async function* chunks(head: string, rows: AsyncIterable<Row> & { close(): Promise<void> }, line: (d: Row) => string): AsyncGenerator<Buffer> {
  let out = head;
  try {
    for await (const d of rows) {
      if (d.content.trim() === '') continue;
      out += line(d);
      if (out.length >= CHUNK_BYTES) {
        yield Buffer.from(out, 'utf8');
        out = '';
      }
    }
  } finally {
    await rows.close();
  }
  if (out !== '') yield Buffer.from(out, 'utf8');
}

/**
 * SillyTavern's chat header: it recognises a JSONL chat by `user_name` on the first line. `character_name` is the
 * story's main character (who speaks the opening, else the first character), else the story's title.
 */
function stHeader(c: StoryContent, user: string, title: string, created: Date) {
  const opener = characterById(c, c.prologue.character_id);
  const main = opener && opener !== NARRATOR ? opener.name : (c.characters[0]?.character_name ?? '');
  return { user_name: user, character_name: main.trim() || title, create_date: stDate(created), chat_metadata: {} };
}

/** One message as SillyTavern writes it; `swipes` holds the line's texts (a regenerated reply's alternatives), `swipe_id` the shown one. */
function stMessage(d: Row, name: string, user: string, now: Date) {
  const isUser = d.role === 'player';
  const swipes = d.alternatives && d.alternatives.length > 0 ? d.alternatives.map((a) => a.content) : [d.content];
  return {
    name: isUser ? user : name,
    is_user: isUser,
    is_system: false,
    send_date: stDate(d.created_at ?? now),
    mes: d.content,
    extra: {},
    swipes,
    swipe_id: swipes.length > 1 ? Math.min(d.shown ?? 0, swipes.length - 1) : 0,
  };
}

/** SillyTavern's "humanized" timestamp, which it reads back as UTC: `2026-11-28 @19h 05m 09s 042ms`. */
export function stDate(at: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${at.getUTCFullYear()}-${at.getUTCMonth() + 1}-${at.getUTCDate()} @${p(at.getUTCHours())}h ${p(at.getUTCMinutes())}m ${p(at.getUTCSeconds())}s ${p(at.getUTCMilliseconds(), 3)}ms`;
}

/** A file name from the story's title: characters no file system takes (and control characters) dropped. */
function safeName(name: string): string {
  const base = [...name]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && !'\\/:*?"<>|'.includes(ch))
    .join('')
    .trim()
    .slice(0, 80);
  return base || 'play';
}
