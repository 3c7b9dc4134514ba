import { DialogueStatus, DialogueType } from 'shared-kit';
import type { TurnLine, TurnMaterial } from '../../ai/chat';
import type { DialogueFields } from './dialogue.model';
import { inputsOf, rowsBetween } from './rowCache';
import type { PlayFields } from './play.model';
import type { PlayableStory } from './story.source';
import { NARRATOR, castOf, characterById, playerName, readable } from './story.view';

/** Dialogue types that are part of the conversation a model should see. */
const SPOKEN: ReadonlySet<string> = new Set([DialogueType.Input, DialogueType.NpcDialogue, DialogueType.Narration, DialogueType.OpeningRemark]);

/** Usable lines: finished and clean. Failed, flagged and unfinished replies are history for the player only. */
export function isSpoken(d: DialogueFields): boolean {
  return SPOKEN.has(d.type) && d.done && d.status === DialogueStatus.Normal && d.content.trim() !== '';
}

/**
 * Lines made from finished rows, per row object: the row cache hands out the same objects turn after turn, and a
 * play's prompt is made of the same lines every turn (the story of a row never changes: it is the play's story).
 */
const linesOfRows = new WeakMap<DialogueFields, TurnLine>();

export function lineOf(d: DialogueFields, story: PlayableStory): TurnLine {
  const known = d.done ? linesOfRows.get(d) : undefined;
  if (known) return known;
  let line: TurnLine;
  if (d.type === DialogueType.Input) line = { speaker: 'player', name: playerName(story.content), content: d.content };
  else {
    const who = characterById(story.content, d.character_id) ?? NARRATOR;
    line = { speaker: who === NARRATOR ? 'narrator' : 'npc', name: who.name, content: d.content };
  }
  if (d.done) linesOfRows.set(d, line);
  return line;
}

/** What a play's stored rows give a prompt: its conversation since the summary and its chapter's inputs. */
interface FromRows {
  /** The rows read, known by their first and last objects and their count (see `fromRows`). */
  first: DialogueFields | undefined;
  last: DialogueFields | undefined;
  count: number;
  summaryUpto: number;
  chapterStart: number;
  story: PlayableStory;
  history: TurnLine[];
  inputs: string[];
}

const MAX_FROM_ROWS = 500;
const fromRowsOfPlay = new Map<string, FromRows>();

/**
 * The conversation and the chapter's inputs from `read`, remade only when the rows are not those of last time. Rows
 * the row cache keeps are the same objects from one read to the next and never change (see rowCache), and rows are
 * read in sequence order: the same first and last objects and the same count are the same rows. Rows read afresh
 * are new objects, so they never pass for kept ones.
 */
function fromRows(play: PlayFields, story: PlayableStory, read: DialogueFields[]): FromRows {
  const known = fromRowsOfPlay.get(play.play_id);
  if (
    known &&
    known.count === read.length &&
    known.first === read[0] &&
    known.last === read[read.length - 1] &&
    known.summaryUpto === play.summary_upto_seq &&
    known.chapterStart === play.chapter_start_seq &&
    known.story === story
  ) {
    return known;
  }
  const made: FromRows = {
    first: read[0],
    last: read[read.length - 1],
    count: read.length,
    summaryUpto: play.summary_upto_seq,
    chapterStart: play.chapter_start_seq,
    story,
    history: read.filter((d) => d.seq > play.summary_upto_seq && isSpoken(d)).map((d) => lineOf(d, story)),
    inputs: inputsOf(read.filter((d) => d.seq > play.chapter_start_seq)).map((d) => d.content),
  };
  fromRowsOfPlay.delete(play.play_id);
  fromRowsOfPlay.set(play.play_id, made);
  if (fromRowsOfPlay.size > MAX_FROM_ROWS) fromRowsOfPlay.delete(fromRowsOfPlay.keys().next().value as string);
  return made;
}

type StoryPart = Pick<TurnMaterial, 'storyName' | 'introduction' | 'storySummary' | 'player' | 'characters' | 'chapter'>;
const storyParts = new WeakMap<PlayableStory, Map<number, StoryPart>>();

/** What the story and the chapter give a prompt; kept per story object and chapter (a story never changes). */
function storyPart(story: PlayableStory, chapterIndex: number): StoryPart {
  let byChapter = storyParts.get(story);
  if (!byChapter) storyParts.set(story, (byChapter = new Map()));
  let part = byChapter.get(chapterIndex);
  if (!part) {
    const c = story.content;
    const node = c.nodes[chapterIndex] ?? c.nodes[c.nodes.length - 1];
    part = {
      storyName: c.story_name,
      introduction: readable(c, c.introduction),
      storySummary: readable(c, c.summary),
      player: { name: playerName(c), settings: readable(c, c.player.settings) },
      characters: castOf(c),
      chapter: {
        node_id: node?.node_id ?? '',
        name: node?.name ?? '',
        content: node ? readable(c, node.content) : '',
        objective: node ? readable(c, node.ending_content) : '',
        index: chapterIndex,
        count: c.nodes.length,
      },
    };
    byChapter.set(chapterIndex, part);
  }
  return part;
}

/**
 * The material for answering as `speakerId`, from the story and the play up to `uptoSeq`, then `unstored`: rows of
 * the turn being sent that are not written yet (its Input), so the model request need not wait for them.
 */
export async function buildMaterial(
  play: PlayFields,
  story: PlayableStory,
  speakerId: string,
  uptoSeq: number,
  unstored: DialogueFields[] = [],
): Promise<TurnMaterial> {
  // One read serves both the conversation (since the summary) and the chapter's inputs (since its start); rows
  // kept from earlier turns are not read again.
  const read = await rowsBetween(play.play_id, Math.min(play.summary_upto_seq, play.chapter_start_seq), uptoSeq);
  const stored = fromRows(play, story, read);
  const newInputs = unstored.filter((d) => d.type === DialogueType.Input && d.status === DialogueStatus.Normal).map((d) => d.content);
  return {
    ...storyPart(story, play.chapter_index),
    runningSummary: play.summary,
    history: [...stored.history, ...unstored.filter(isSpoken).map((d) => lineOf(d, story))],
    speaker: characterById(story.content, speakerId) ?? NARRATOR,
    turnsInChapter: play.turns_in_chapter,
    chapterInputs: [...stored.inputs, ...newInputs],
  };
}
