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
  const c = story.content;
  const node = c.nodes[play.chapter_index] ?? c.nodes[c.nodes.length - 1];
  // One read serves both the conversation (since the summary) and the chapter's inputs (since its start); rows
  // kept from earlier turns are not read again.
  const read = await rowsBetween(play.play_id, Math.min(play.summary_upto_seq, play.chapter_start_seq), uptoSeq);
  const stored = read.filter((d) => d.seq > play.summary_upto_seq);
  const inputs = inputsOf(read.filter((d) => d.seq > play.chapter_start_seq));
  const rows = [...stored, ...unstored];
  const chapterInputs = [...inputs, ...unstored.filter((d) => d.type === DialogueType.Input && d.status === DialogueStatus.Normal)].map((d) => d.content);
  return {
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
      index: play.chapter_index,
      count: c.nodes.length,
    },
    runningSummary: play.summary,
    history: rows.filter(isSpoken).map((d) => lineOf(d, story)),
    speaker: characterById(c, speakerId) ?? NARRATOR,
    turnsInChapter: play.turns_in_chapter,
    chapterInputs,
  };
}
