import { DialogueStatus, DialogueType } from 'shared-kit';
import type { JudgeMaterial, TurnLine, TurnMaterial } from '../../../ai/chat';
import type { DialogueFields } from '../dialogue.model';
import { inputsOf, rowsBetween, type PromptRow } from './rows';
import type { PlayFields } from '../play.model';
import type { PlayableStory } from '../stories/story.source';
import { NARRATOR, castOf, characterById, playerName, readable } from '../stories/story.view';
import { selectWorldInfo } from '../../lorebook';
import { pinText, pinsInPrompt } from '../memory/budget';

/**
 * The lorebook entries the recent lines call up (the lorebook module decides which and how many). The play's active
 * greeting is the one it opened with (0, the opening line, unless the player chose another); a story with no opening
 * line has none.
 */
function worldInfoOf(play: PlayFields, story: PlayableStory, history: readonly TurnLine[]): { before: string; after: string } {
  const c = story.content;
  const greeting = c.prologue.content.trim() === '' ? undefined : (play.greeting ?? 0);
  return selectWorldInfo(c.lorebook, history.map((l) => l.content), (s) => readable(c, s), { greeting });
}

/** Dialogue types that are part of the conversation a model should see. */
const SPOKEN: ReadonlySet<string> = new Set([DialogueType.Input, DialogueType.NpcDialogue, DialogueType.Narration, DialogueType.OpeningRemark]);

/** Usable lines: finished and clean. Failed, flagged and unfinished replies are history for the player only. */
export function isSpoken(d: PromptRow): boolean {
  return SPOKEN.has(d.type) && d.done && d.status === DialogueStatus.Normal && d.content.trim() !== '';
}

export function lineOf(d: PromptRow, story: PlayableStory): TurnLine {
  if (d.type === DialogueType.Input) return { speaker: 'player', name: playerName(story.content), content: d.content };
  const who = characterById(story.content, d.character_id) ?? NARRATOR;
  return { speaker: who === NARRATOR ? 'narrator' : 'npc', name: who.name, content: d.content };
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
 * The material for answering as `speakerId`, from the story and the play's rows up to `uptoSeq` read from MongoDB
 * (the conversation since the running summary, which folding keeps short), then `unstored`: rows of the turn being
 * sent that are not written yet. A send takes its rows from `TurnRows` (rowCache.ts) and calls `materialOf`.
 */
export async function buildMaterial(
  play: PlayFields,
  story: PlayableStory,
  speakerId: string,
  uptoSeq: number,
  unstored: DialogueFields[] = [],
): Promise<TurnMaterial> {
  const read = await rowsBetween(play.play_id, play.summary_upto_seq, uptoSeq);
  return materialOf(play, story, speakerId, [...read, ...unstored]);
}

/**
 * The director's material after the reply at `uptoSeq`: the reply's material and the chapter's messages. One read
 * serves both the conversation (since the summary) and the chapter's inputs (since its start, however long); none
 * when the turn holds every row since both (`known`, see TurnRows.since).
 */
export async function buildJudgeMaterial(
  play: PlayFields,
  story: PlayableStory,
  speakerId: string,
  uptoSeq: number,
  known: readonly PromptRow[] | null = null,
): Promise<JudgeMaterial> {
  const read = known ? known.filter((d) => d.seq <= uptoSeq) : await rowsBetween(play.play_id, Math.min(play.summary_upto_seq, play.chapter_start_seq), uptoSeq);
  return {
    ...materialOf(play, story, speakerId, read.filter((d) => d.seq > play.summary_upto_seq)),
    chapterInputs: inputsOf(read.filter((d) => d.seq > play.chapter_start_seq)).map((d) => d.content),
  };
}

/** A reply's material from the play's rows since its running summary, oldest first. */
export function materialOf(play: PlayFields, story: PlayableStory, speakerId: string, rows: readonly PromptRow[]): TurnMaterial {
  const history = rows.filter(isSpoken).map((d) => lineOf(d, story));
  return {
    ...storyPart(story, play.chapter_index),
    runningSummary: play.summary,
    pins: pinsInPrompt(play.pins).kept.map(pinText),
    history,
    worldInfo: worldInfoOf(play, story, history),
    speaker: characterById(story.content, speakerId) ?? NARRATOR,
    turnsInChapter: play.turns_in_chapter,
  };
}
